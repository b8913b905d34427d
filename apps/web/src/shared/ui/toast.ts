import { LIMITS } from '@dramastar/contract';
import { Toast } from 'antd-mobile';

export type ToastType = 'default' | 'loading';

export interface ToastOptions {
  type?: ToastType;
  /** Milliseconds; 0 keeps it until `hideToast()`. Default 2000 (spec section 9). */
  duration?: number;
}

/** A short message over the page: text only by default, with a spinner for `loading`. */
export function showToast(content: string, { type = 'default', duration }: ToastOptions = {}): void {
  Toast.show({
    content,
    icon: type === 'loading' ? 'loading' : undefined,
    duration: duration ?? LIMITS.toastDurationMs,
    maskClickable: type !== 'loading',
  });
}

/**
 * A notification the user should read, not just glimpse: a server's refusal or a lost connection.
 * It stays 3,000 ms (the spec's notify duration) where a confirmation toast stays 2,000 ms.
 */
export function showNotify(content: string): void {
  showToast(content, { duration: LIMITS.notifyDurationMs });
}

export function hideToast(): void {
  Toast.clear();
}
