declare global {
  interface Window {
    /** The build's lists of files (route-preload.ts): each page's, and `parts`, see below. */
    __dsChunks?: Record<string, { js: string[]; css: string[] } | undefined>;
  }
}

/** How long after the page's load event the parts' files are asked (see below). */
const SETTLE_MS = 2000;

/**
 * The files of the parts a page loads only when one opens (popups, sheets, the unlock prompt,
 * toasts, antd-mobile's texts: `parts` in the build's lists) are fetched, not run, once the page
 * has loaded, settled and is idle. They land in the browser's cache (and the service
 * worker's), so a popup still opens after the connection drops: a module script that failed to
 * load stays failed until the page reloads. Nothing runs before the part opens; on a page that
 * already loaded them the requests are answered from the cache.
 */
export function fetchPartsAhead(win: Window = window): void {
  const files = win.__dsChunks?.parts;
  if (!files) return;
  const fetchAll = () => {
    for (const href of [...files.js, ...files.css]) {
      const link = win.document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // The mode a module script is fetched in, so the cached answer is the one it will use.
      if (href.endsWith('.js')) link.crossOrigin = 'anonymous';
      win.document.head.appendChild(link);
    }
  };
  // Two seconds after the page has loaded, when the main thread is idle: a page that opens on a
  // video asks its first segments before (alternated cold episode opens, 40 each: asked at load,
  // they took 20-50 ms from the median first frame).
  const whenIdle = () =>
    setTimeout(() => {
      // Safari before 18 has no requestIdleCallback.
      if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(fetchAll, { timeout: 5000 });
      else fetchAll();
    }, SETTLE_MS);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
