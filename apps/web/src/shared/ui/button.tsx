import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  color?: 'default' | 'primary';
  size?: 'mini' | 'small' | 'middle';
  loading?: boolean;
  children: ReactNode;
}

/**
 * A plain button for what the app draws before any page has loaded (start-up, a page that failed
 * to load, a newer version): it looks like the pages' antd-mobile buttons without loading that
 * library on the first screen (global.css, `.ds-button`).
 */
export function Button({
  color = 'default',
  size = 'middle',
  loading = false,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      className={`ds-button ds-button--${color} ds-button--${size}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner size={14} />}
      {children}
    </button>
  );
}
