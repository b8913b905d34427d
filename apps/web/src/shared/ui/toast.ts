import { LIMITS } from '@dramastar/contract';
import type Toast from 'antd-mobile/es/components/toast';

export type ToastType = 'default' | 'loading';

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds; 0 keeps it until `hideToast()`. Default 2000 (spec section 9). */
  duration?: number;
}

/**
 * antd-mobile's Toast, loaded on first use (the first screen does not load antd-mobile). Calls
 * run in order: a hide right after a show hides it.
 */
let queue: Promise<unknown> = Promise.resolve();
function withToast(use: (toast: typeof Toast) => void): void {
  queue = queue
    // The component alone: the whole library's namespace would put all of it in one chunk.
    .then(() => import('antd-mobile/es/components/toast'))
    .then((module) => use(module.default))
    .catch(() => undefined);
}

/** A short message over the page: text only by default, with a spinner for `loading`. */
export function showToast(content: string, { type = 'default', duration }: ToastOptions = {}): void {
  withToast((Toast) =>
    Toast.show({
      content,
      icon: type === 'loading' ? 'loading' : undefined,
      duration: duration ?? LIMITS.toastDurationMs,
      maskClickable: type !== 'loading',
    }),
  );
}

/**
 * A notification the user should read, not just glimpse: a server's refusal or a lost connection.
 * It stays 3,000 ms (the spec's notify duration) where a confirmation toast stays 2,000 ms.
 */
export function showNotify(content: string): void {
  showToast(content, { duration: LIMITS.notifyDurationMs });
}

export function hideToast(): void {
  withToast((Toast) => Toast.clear());
}
