declare global {
  interface Window {
    /** The build's lists of files (route-preload.ts): each page's, and `parts`, see below. */
    __dsChunks?: Record<string, { js: string[]; css: string[] } | undefined>;
  }
}

/**
 * The files of the parts a page loads only when one opens (popups, sheets, the unlock prompt,
 * toasts, antd-mobile's texts: `parts` in the build's lists) are fetched, not run, once the page
 * has loaded and the main thread is idle. They land in the browser's cache (and the service
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
  const whenIdle = () => {
    // Safari before 18 has no requestIdleCallback.
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(fetchAll, { timeout: 5000 });
    else setTimeout(fetchAll, 1000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
