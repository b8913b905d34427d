import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Holds a part whose script failed to load (offline, before the page fetched it ahead: see
 * shared/parts-ahead.ts): the part draws nothing and the page stays as it is, instead of the
 * failure reaching the page's boundary, which reloads the page. `onFailed` lets the part try again.
 */
class PartBoundary extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailed();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A part a page shows only on demand (a popup, a sheet, a locked episode's prompt) whose script
 * (antd-mobile and its animation library, ~45 KB compressed) the page does not load before its
 * first frame: nothing is drawn, and nothing loaded, until `isOpen(props)` is true once; from then
 * on the part stays mounted (its closing animation runs). Its first opening waits for the script
 * (on a phone's 4G about a tenth of a second; offline it is in the cache: shared/parts-ahead.ts);
 * a page that can tell an opening is near asks it ahead with `prefetch`. Should the script fail
 * all the same, the part draws nothing and asks again when the browser is back online.
 */
export function lazyUntilOpen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  isOpen: (props: P) => boolean = () => true,
): ComponentType<P> & { prefetch: () => void } {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => {
    // antd-mobile's texts in the session's language come with it, as with a page (lazy-page.tsx).
    loading ??= Promise.all([load(), import('./antd-locale')]).then(
      ([part]) => part,
      (error: unknown) => {
        loading = undefined; // a failed fetch is asked again next time
        throw error;
      },
    );
    return loading;
  };
  // React.lazy keeps a failure: after one, the part is asked again through a new one.
  // (Its props type, refs included, does not narrow back to a generic P.)
  const newPart = () => lazy(once) as unknown as ComponentType<P>;
  let shared = newPart();
  function LazyPart(props: P) {
    const [opened, setOpened] = useState(() => isOpen(props));
    // Null after its script failed: nothing is drawn until the browser is back online.
    const [Part, setPart] = useState<ComponentType<P> | null>(() => shared);
    if (!opened && isOpen(props)) setOpened(true);
    const failed = Part === null;
    useEffect(() => {
      if (!failed) return;
      const retry = () => {
        shared = newPart();
        setPart(() => shared);
      };
      window.addEventListener('online', retry);
      return () => window.removeEventListener('online', retry);
    }, [failed]);
    if (!opened || failed) return null;
    return (
      <PartBoundary onFailed={() => setPart(null)}>
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </PartBoundary>
    );
  }
  return Object.assign(LazyPart, { prefetch: () => void once().catch(() => undefined) });
}
