import { onlineManager } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (it may still be flaky when it says yes). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** The browser's online state, re-rendering when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Tells react-query the truth at start: its online manager assumes "online" until an event says
 * otherwise, so an app opened offline would send its queries (each failing) instead of pausing
 * them until the network returns, when they run by themselves.
 */
export function syncOnlineManager(): void {
  onlineManager.setOnline(isOnline());
}

/** Calls `run` when the browser is back online (a page or a part that failed offline tries again). */
export function useOnReconnect(run: () => void, enabled = true): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [enabled]);
}
