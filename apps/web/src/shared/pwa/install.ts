import { create } from 'zustand';

/** Chrome's install prompt event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The captured prompt, until used. */
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

export const useInstall = create<InstallState>()(() => ({ prompt: null, installed: false }));

/** Already running as an installed app (home-screen icon)? */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone, iPad (also iPadOS that says "Macintosh" but has touch), iPod. */
export function isIos(
  userAgent: string = navigator.userAgent,
  touchPoints = navigator.maxTouchPoints,
): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && touchPoints > 1);
}

/**
 * Keeps Chrome's `beforeinstallprompt` (it fires once, early, maybe before the Add To Desktop page
 * opens) so that page can offer an Install button.
 */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstall.setState({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstall.setState({ prompt: null, installed: true }));
}

/** Production builds only: the service worker that caches the app shell (public/sw.js). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
