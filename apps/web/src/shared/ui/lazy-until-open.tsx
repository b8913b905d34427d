import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A part a page shows only on demand (a popup, a sheet, a locked episode's prompt) whose script
 * (antd-mobile and its animation library, ~45 KB compressed) the page does not load before its
 * first frame: nothing is drawn, and nothing loaded, until `isOpen(props)` is true once; from then
 * on the part stays mounted (its closing animation runs). Its first opening waits for the script
 * (on a phone's 4G about a tenth of a second); a page that can tell an opening is near asks it
 * ahead with `prefetch`.
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
  // React.lazy's props type (refs included) does not narrow back to a generic P.
  const Part = lazy(once) as unknown as ComponentType<P>;
  function LazyPart(props: P) {
    const [opened, setOpened] = useState(() => isOpen(props));
    if (!opened && isOpen(props)) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPart, { prefetch: () => void once().catch(() => undefined) });
}
