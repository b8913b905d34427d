import { useT } from '../../../shared/i18n';

export interface QuickAmount {
  /** The value put into the field (or 'all'). */
  value: string;
  label: string;
  disabled?: boolean;
}

/** A grid of amount buttons under an amount field; the one equal to the field is marked. */
export function QuickAmounts({
  amounts,
  current,
  onPick,
}: {
  amounts: readonly QuickAmount[];
  current: string | null;
  onPick: (value: string) => void;
}) {
  const t = useT();
  if (amounts.length === 0) return null;
  return (
    <div className="ds-quick-amounts" role="group" aria-label={t('wallet.quickAmounts')}>
      {amounts.map((amount) => (
        <button
          key={amount.value}
          type="button"
          className={
            current === amount.value
              ? 'ds-quick-amounts__item ds-quick-amounts__item--active'
              : 'ds-quick-amounts__item'
          }
          aria-pressed={current === amount.value}
          disabled={amount.disabled}
          data-testid={`quick-${amount.value}`}
          onClick={() => onPick(amount.value)}
        >
          {amount.label}
        </button>
      ))}
    </div>
  );
}
