import { LIMITS } from '@dramastar/contract';
import { useT } from '../i18n';
import { LockIcon, MailIcon, PasswordField, SendCodeButton, TextField, UserIcon } from '../ui';
import type { FieldProps } from './use-zod-form';

/** A bound form field: its input props and its translated error. */
export interface BoundField {
  field: FieldProps;
  error: string | undefined;
}

/** The user name input of every account form (login, registration, binding). */
export function UserNameField({ field, error }: BoundField) {
  const t = useT();
  return (
    <TextField
      label={t('auth.username')}
      autoComplete="username"
      autoCapitalize="off"
      placeholder={t('auth.usernamePlaceholder')}
      prefix={<UserIcon />}
      maxLength={LIMITS.userNameMax}
      testId="username-input"
      error={error}
      {...field}
    />
  );
}

/** A new password and its repetition (registration, binding, password change). */
export function NewPasswordFields({
  password,
  repeat,
  label,
}: {
  password: BoundField;
  repeat: BoundField;
  /** The first field's label; "Password" by default. */
  label?: string;
}) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={label ?? t('auth.password')}
        autoComplete="new-password"
        placeholder={t('auth.newPasswordPlaceholder')}
        prefix={<LockIcon />}
        maxLength={LIMITS.passwordMax}
        testId="password-input"
        error={password.error}
        {...password.field}
      />
      <PasswordField
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        placeholder={t('auth.repeatPasswordPlaceholder')}
        prefix={<LockIcon />}
        maxLength={LIMITS.passwordMax}
        testId="rep-password-input"
        error={repeat.error}
        {...repeat.field}
      />
    </>
  );
}

/** The e-mail input of every account form (login, registration, binding). */
export function EmailField({ field, error }: BoundField) {
  const t = useT();
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder={t('auth.emailPlaceholder')}
      prefix={<MailIcon />}
      maxLength={254}
      testId="email-input"
      error={error}
      {...field}
    />
  );
}

/**
 * The 6-digit e-mail code with its send button (countdown: 60 s by default, 120 s in the login
 * panel, spec section 4).
 */
export function EmailCodeField({
  field,
  error,
  onSend,
  seconds,
}: BoundField & { onSend: () => Promise<boolean>; seconds?: number }) {
  const t = useT();
  return (
    <TextField
      label={t('auth.emailCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder={t('auth.codePlaceholder')}
      prefix={<LockIcon />}
      maxLength={LIMITS.codeLength}
      testId="code-input"
      error={error}
      suffix={<SendCodeButton onSend={onSend} {...(seconds === undefined ? {} : { seconds })} />}
      {...field}
    />
  );
}
