import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../i18n';
import { EyeIcon, EyeOffIcon } from './icons';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  /** Shown under the input in the error colour. */
  error?: string;
  /** Inside the field before the input (e.g. an icon or a phone prefix). */
  prefix?: ReactNode;
  /** Inside the field after the input (e.g. a send-code button). */
  suffix?: ReactNode;
  /** A note under the field when there is no error. */
  hint?: ReactNode;
  testId?: string;
  /** Visually hides the label (it still names the input). */
  hideLabel?: boolean;
  /**
   * Digits only (phone and card numbers): anything else is refused as it is typed or pasted, and
   * phones open their number keypad.
   */
  digitsOnly?: boolean;
}

/** What a digits-only field keeps of what was typed or pasted. */
export function onlyDigits(text: string): string {
  return text.replace(/\D+/g, '');
}

/** A labelled input with its error message, in the form style of the app. */
export function TextField({
  label,
  error,
  prefix,
  suffix,
  hint,
  testId,
  hideLabel = false,
  digitsOnly = false,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const { onChange } = input;
  const digits: InputHTMLAttributes<HTMLInputElement> = digitsOnly
    ? {
        inputMode: 'numeric',
        pattern: '[0-9]*',
        onChange: (event) => {
          const kept = onlyDigits(event.target.value);
          if (kept !== event.target.value) event.target.value = kept;
          onChange?.(event);
        },
      }
    : {};
  const errorId = `${id}-error`;
  return (
    <div className={className ? `ds-field ${className}` : 'ds-field'}>
      <label htmlFor={id} className={hideLabel ? 'ds-visually-hidden' : 'ds-field__label'}>
        {label}
      </label>
      <div className={error ? 'ds-field__box ds-field__box--error' : 'ds-field__box'}>
        {prefix !== undefined && <span className="ds-field__prefix">{prefix}</span>}
        <input
          id={id}
          className="ds-field__input"
          data-testid={testId}
          aria-describedby={error ? errorId : undefined}
          {...input}
          {...digits}
        />
        {suffix !== undefined && <span className="ds-field__suffix">{suffix}</span>}
      </div>
      {error ? (
        <p
          id={errorId}
          className="ds-field__error"
          role="alert"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : (
        hint !== undefined && <p className="ds-field__hint">{hint}</p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      suffix={
        <button
          type="button"
          className="ds-field__toggle"
          aria-label={t(shown ? 'form.hidePassword' : 'form.showPassword')}
          aria-pressed={shown}
          data-testid={props.testId ? `${props.testId}-toggle` : undefined}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
