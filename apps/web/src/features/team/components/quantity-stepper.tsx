import { useState } from 'react';
import { useT } from '../../../shared/i18n';
import { clampQuantity } from '../lib/buy';

/** − [n] +, held within 1 … max; typing is allowed and settles on blur. */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [typing, setTyping] = useState<string | null>(null);
  const settle = (text: string) => {
    setTyping(null);
    onChange(clampQuantity(Number.parseInt(text, 10), max));
  };
  return (
    <div className="ds-stepper" role="group" aria-label={t('copyright.quantity')}>
      <button
        type="button"
        className="ds-stepper__button"
        aria-label={t('copyright.decrease')}
        disabled={disabled || value <= 1}
        data-testid="buy-decrease"
        onClick={() => onChange(clampQuantity(value - 1, max))}
      >
        −
      </button>
      <input
        className="ds-stepper__input"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={t('copyright.quantity')}
        value={typing ?? String(value)}
        disabled={disabled}
        data-testid="buy-quantity"
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
          setTyping(digits);
          // The totals follow what is typed; the field itself settles on blur.
          if (digits !== '') onChange(clampQuantity(Number.parseInt(digits, 10), max));
        }}
        onBlur={(event) => settle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            settle(event.currentTarget.value);
          }
        }}
      />
      <button
        type="button"
        className="ds-stepper__button"
        aria-label={t('copyright.increase')}
        disabled={disabled || value >= max}
        data-testid="buy-increase"
        onClick={() => onChange(clampQuantity(value + 1, max))}
      >
        +
      </button>
    </div>
  );
}
