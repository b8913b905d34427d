import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/** How long after a page shows a lazily loaded part is fetched anyway, once the browser is idle. */
const PREFETCH_AFTER_MS = 3_000;

export type LazyPart<P> = ComponentType<P> & {
  /** Fetches the part's script now (once), so that it shows without waiting when it opens. */
  prefetch: () => void;
};

/**
 * A part a page shows only on demand (a popup, a sheet, a locked episode's prompt) whose script
 * (antd-mobile and its animation library, ~45 KB compressed) the page does not load before its
 * first screen: nothing is drawn until `isOpen(props)` is true once; from then on the part stays
 * mounted (its closing animation runs). Mounted closed, it fetches its script a few seconds later
 * when the browser is idle ({@link usePrefetchWhenIdle}), so that a tap seldom waits for it.
 */
export function lazyUntilOpen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  isOpen: (props: P) => boolean = () => true,
): LazyPart<P> {
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
  const prefetch = () => void once().catch(() => undefined);
  function LazyPart(props: P) {
    const [opened, setOpened] = useState(() => isOpen(props));
    if (!opened && isOpen(props)) setOpened(true);
    usePrefetchWhenIdle(opened ? null : prefetch);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPart, { prefetch });
}

/** Runs `prefetch` a few seconds after the component shows, when the browser is idle. */
export function usePrefetchWhenIdle(prefetch: (() => void) | null): void {
  useEffect(() => {
    if (!prefetch) return;
    let idle: number | undefined;
    const timer = setTimeout(() => {
      // Safari has no requestIdleCallback: there the timer alone decides.
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(prefetch);
      else prefetch();
    }, PREFETCH_AFTER_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [prefetch]);
}
