import type { Theme } from '@dramastar/contract';

const THEME_COLOR: Record<Theme, string> = { dark: '#000000', light: '#ffffff' };

/**
 * Puts the theme on <html>: `data-theme` drives our CSS variables, `data-prefers-color-scheme`
 * switches antd-mobile's own dark mode, and the browser chrome follows via `theme-color`.
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.setAttribute('data-prefers-color-scheme', theme);
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}
