import { useT } from '../../../shared/i18n';
import { copyText, CopyIcon, showToast } from '../../../shared/ui';

/** A value to copy into a banking or wallet app: label, the value, and a copy button. */
export function CopyRow({
  label,
  value,
  display,
  highlight = false,
  testId,
}: {
  label: string;
  value: string;
  /** Shown instead of the raw value (e.g. a formatted amount); the raw value is copied. */
  display?: string;
  highlight?: boolean;
  testId?: string;
}) {
  const t = useT();
  const copy = async () => {
    showToast(t((await copyText(value)) ? 'wallet.copied' : 'profile.copyFailed'));
  };
  return (
    <div className={highlight ? 'ds-copy-row ds-copy-row--highlight' : 'ds-copy-row'}>
      <div className="ds-row-main">
        <span className="ds-copy-row__label">{label}</span>
        <span className="ds-copy-row__value" data-testid={testId}>
          {display ?? value}
        </span>
      </div>
      <button
        type="button"
        className="ds-copy-row__button"
        aria-label={t('wallet.copyLabel', { label })}
        data-testid={testId ? `${testId}-copy` : undefined}
        onClick={() => void copy()}
      >
        <CopyIcon />
        <span>{t('wallet.copy')}</span>
      </button>
    </div>
  );
}
