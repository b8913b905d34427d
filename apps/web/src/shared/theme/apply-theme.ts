import type { Theme } from '@dramastar/contract';
import { cssColour } from './css-colour';

/**
 * Puts the theme on <html>: `data-theme` drives our CSS variables, `data-prefers-color-scheme`
 * switches antd-mobile's own dark mode, and the browser chrome follows via `theme-color`.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.setAttribute('data-prefers-color-scheme', theme);
  root.style.colorScheme = theme;
  // The page's own background in this theme (index.html's meta says the dark one until now).
  const background = cssColour('--ds-bg', root);
  if (background) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', background);
}
