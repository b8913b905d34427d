import { NumberKeyboard, PasscodeInput, Popup, type PasscodeInputRef } from 'antd-mobile';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import { ROUTES } from '../routes';
import { CloseIcon } from './icons';
import { Spinner } from './spinner';
import './pay-password-sheet.css';

/** Refusals that concern the password itself: the sheet stays open for another try. */
export const PASSWORD_REFUSALS: readonly (string | null | undefined)[] = [
  'WrongPaymentPassword',
  'PayPasswordLocked',
  'PayPasswordSixDigits',
];

export interface PayPasswordSheetProps {
  visible: boolean;
  /** What is being paid, e.g. the amount with its fee. */
  summary: ReactNode;
  /** Called with the 6 digits once all are entered; the sheet clears them after a refusal. */
  onSubmit: (password: string) => void;
  onClose: () => void;
  busy: boolean;
  /** A refusal to show in the sheet (wrong password, locked, no answer). */
  error: string | null;
  /** Counts the tries: each new one clears the cells. */
  attempt: number;
}

/** The cells and the keyboard of one try; a new try mounts afresh (empty cells, focus back). */
function PasscodeTry({
  busy,
  error,
  onSubmit,
  onKeyboard,
}: {
  busy: boolean;
  error: boolean;
  onSubmit: (password: string) => void;
  /** The number keyboard opened or closed (the sheet makes room for it). */
  onKeyboard: (open: boolean) => void;
}) {
  const [value, setValue] = useState('');
  const input = useRef<PasscodeInputRef>(null);
  const submitted = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), 120);
    return () => {
      clearTimeout(timer);
      onKeyboard(false);
    };
  }, [onKeyboard]);

  const change = (next: string) => {
    if (busy) return;
    const digits = next.replace(/\D/g, '').slice(0, 6);
    setValue(digits);
    if (digits.length === 6 && !submitted.current) {
      submitted.current = true;
      onSubmit(digits);
    } else if (digits.length < 6) submitted.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      change(value + event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      change(value.slice(0, -1));
    }
  };

  return (
    // Key presses bubble here from the focused cells.
    <div className="ds-paypass__input" onKeyDown={onKeyDown} data-testid="pay-password">
      <PasscodeInput
        ref={input}
        length={6}
        seperated
        value={value}
        onChange={change}
        error={error}
        onFocus={() => onKeyboard(true)}
        onBlur={() => onKeyboard(false)}
        keyboard={<NumberKeyboard />}
      />
    </div>
  );
}

/**
 * The 6-digit payment password, asked in a bottom sheet with the number keyboard (spec section 6).
 * A physical keyboard works too: digits and Backspace go to the cells.
 */
export function PayPasswordSheet({
  visible,
  summary,
  onSubmit,
  onClose,
  busy,
  error,
  attempt,
}: PayPasswordSheetProps) {
  const t = useT();
  const [keyboard, setKeyboard] = useState(false);
  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : onClose}
      position="bottom"
      bodyClassName={keyboard ? 'ds-paypass ds-paypass--keyboard' : 'ds-paypass'}
      destroyOnClose
    >
      <div className="ds-paypass__head">
        <h2>{t('payPassword.enterTitle')}</h2>
        <button
          type="button"
          className="ds-icon-button"
          aria-label={t('common.close')}
          disabled={busy}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="ds-paypass__summary">{summary}</div>
      <PasscodeTry
        key={attempt}
        busy={busy}
        error={error !== null}
        onSubmit={onSubmit}
        onKeyboard={setKeyboard}
      />
      <div className="ds-paypass__status" aria-live="polite">
        {busy ? (
          <Spinner size={22} />
        ) : (
          error && (
            <p className="ds-field__error" role="alert" data-testid="pay-password-error">
              {error}
            </p>
          )
        )}
      </div>
      <Link className="ds-link ds-paypass__forgot" to={ROUTES.walletPay}>
        {t('payPassword.forgot')}
      </Link>
    </Popup>
  );
}
