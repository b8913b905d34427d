import { useT } from '../i18n';
import { Spinner } from './spinner';

export interface LoadingMaskProps {
  visible?: boolean;
  /** Shown under the spinner; defaults to "Loading…". */
  text?: string;
  /** Covers the whole screen and blocks taps (default); otherwise fills its parent. */
  fullscreen?: boolean;
}

export function LoadingMask({ visible = true, text, fullscreen = true }: LoadingMaskProps) {
  const t = useT();
  if (!visible) return null;
  return (
    <div
      className={fullscreen ? 'ds-loading-mask ds-loading-mask--fullscreen' : 'ds-loading-mask'}
      role="status"
      aria-live="polite"
      data-testid="loading-mask"
    >
      <Spinner size={36} />
      <span className="ds-loading-mask__text">{text ?? t('common.loading')}</span>
    </div>
  );
}
