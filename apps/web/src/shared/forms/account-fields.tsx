import { LIMITS } from '@dramastar/contract';
import { useT } from '../i18n';
import { LockIcon, PasswordField, TextField, UserIcon } from '../ui';
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
