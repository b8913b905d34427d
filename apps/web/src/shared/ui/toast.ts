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

export function hideToast(): void {
  Toast.clear();
}
