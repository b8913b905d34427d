import { LIMITS } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTenantConfig } from '../api/tenant-config';
import { useT } from '../i18n';
import {
  DevMailboxHint,
  LockIcon,
  MailIcon,
  PasswordField,
  SendCodeButton,
  TextField,
  UserIcon,
} from '../ui';
import type { FieldProps, ZodForm } from './use-zod-form';

/** A bound form field: its input props and its translated error. */
export interface BoundField {
  field: FieldProps;
  error: string | undefined;
}

/** A form's field as the inputs below take it: `<EmailField {...bound(form, 'email')} />`. */
export function bound<K extends string>(form: ZodForm<K>, name: K): BoundField {
  return { field: form.field(name), error: form.error(name) };
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

/**
 * The e-mail, its code with the send button and, once a code went out, where a developer reads it
 * (login, registration, binding).
 */
export function EmailWithCodeFields({
  form,
  code,
  seconds,
}: {
  form: ZodForm<'email' | 'verifyCode'>;
  code: { sent: boolean; send: () => Promise<boolean> };
  seconds?: number;
}) {
  const config = useTenantConfig();
  return (
    <>
      <EmailField {...bound(form, 'email')} />
      <EmailCodeField {...bound(form, 'verifyCode')} onSend={code.send} seconds={seconds} />
      {code.sent && <DevMailboxHint mailbox={config.data?.devMailbox} />}
    </>
  );
}

/** The primary submit button of a form (`data-testid="submit"`). */
export function SubmitButton({
  loading,
  size,
  className,
  children,
}: {
  loading: boolean;
  size?: 'large';
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      block
      color="primary"
      size={size}
      type="submit"
      loading={loading}
      data-testid="submit"
      className={className}
    >
      {children}
    </Button>
  );
}
