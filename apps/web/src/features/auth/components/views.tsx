import { emailLoginForm, LIMITS, nameLoginForm } from '@dramastar/contract';
import { useState, type ReactNode } from 'react';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import type { LoginView } from '../../../shared/auth/login-panel-store';
import {
  bound,
  EmailWithCodeFields,
  SubmitButton,
  UserNameField,
} from '../../../shared/forms/account-fields';
import { useFormSubmit } from '../../../shared/forms/use-form-submit';
import { useSendCode } from '../../../shared/forms/use-send-code';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import {
  copyText,
  ExternalBrowserPopup,
  GoogleIcon,
  LockIcon,
  MailIcon,
  PasswordField,
  UserIcon,
} from '../../../shared/ui';
import { loginByEmail, loginByName } from '../api/auth-calls';
import { startGoogleLogin } from '../lib/use-login-flow';
import { CountryButton } from './country-picker';

export interface ViewProps {
  go: (view: LoginView) => void;
  finish: (token: string) => Promise<void>;
  openCountries: () => void;
}

/** Runs a submit once at a time: a second tap while the first is under way does nothing. */
export const useSubmit = useSubmitOnce;

/** The login panel's large submit button. */
export function LoginSubmit({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <SubmitButton loading={loading} size="large" className="ds-login-submit">
      {children}
    </SubmitButton>
  );
}

/** The line under a login view that offers the other way in ("No account? Register"). */
export function SwitchLine({
  text,
  action,
  testId,
  onClick,
}: {
  text: string;
  action: string;
  testId: string;
  onClick: () => void;
}) {
  return (
    <div className="ds-login-view__switch">
      <span>{text}</span>
      <button type="button" className="ds-link" data-testid={testId} onClick={onClick}>
        {action}
      </button>
    </div>
  );
}

/**
 * Google sign-in. Inside an in-app browser Google refuses it, so the page's link is copied and the
 * user is asked to open it in their browser instead.
 */
export function GoogleButton({ testId, label }: { testId: string; label: string }) {
  const config = useTenantConfig();
  const isWebview = useSession((s) => s.isWebview);
  const [external, setExternal] = useState<string | null>(null);
  if (!config.data?.googleLogin) return null;
  const start = () => {
    if (!isWebview) return startGoogleLogin();
    const link = window.location.href;
    void copyText(link).finally(() => setExternal(link));
  };
  return (
    <>
      <button type="button" className="ds-login-option" data-testid={testId} onClick={start}>
        <GoogleIcon className="ds-login-option__icon" />
        <span>{label}</span>
      </button>
      <ExternalBrowserPopup
        visible={external !== null}
        link={external ?? undefined}
        onClose={() => setExternal(null)}
      />
    </>
  );
}

export function ChooserView({ go }: Pick<ViewProps, 'go'>) {
  const t = useT();
  return (
    <div className="ds-login-view" data-testid="view-chooser">
      <h2 className="ds-login-view__title">{t('auth.welcome')}</h2>
      <p className="ds-login-view__subtitle">{t('auth.welcomeSubtitle')}</p>
      <div className="ds-login-options">
        <button
          type="button"
          className="ds-login-option"
          data-testid="chooser-email"
          onClick={() => go('email')}
        >
          <MailIcon className="ds-login-option__icon" />
          <span>{t('auth.continueEmail')}</span>
        </button>
        <button
          type="button"
          className="ds-login-option"
          data-testid="chooser-username"
          onClick={() => go('username')}
        >
          <UserIcon className="ds-login-option__icon" />
          <span>{t('auth.continueUsername')}</span>
        </button>
        <GoogleButton testId="chooser-google" label={t('auth.continueGoogle')} />
      </div>
      <SwitchLine
        text={t('auth.noAccount')}
        action={t('auth.register')}
        testId="chooser-register"
        onClick={() => go('register')}
      />
    </div>
  );
}

export function EmailLoginView({ go, finish, openCountries, only = false }: ViewProps & { only?: boolean }) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const form = useZodForm(emailLoginForm, { email: '', verifyCode: '' }, { tenantId });
  const code = useSendCode(form.values.email, 'login');
  // A failed e-mail login only re-enables the button (spec section 4); the refusal was toasted.
  const { loading, submit } = useFormSubmit(form, async () => {
    const { access_token } = await loginByEmail({
      email: form.values.email.trim(),
      verifyCode: form.values.verifyCode.trim(),
      tenantId,
    });
    await finish(access_token);
  });

  return (
    <form className="ds-login-view" data-testid="view-email" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="ds-login-view__title">{t('auth.emailLoginTitle')}</h2>
      <CountryButton label={t('auth.country')} onOpen={openCountries} />
      <EmailWithCodeFields form={form} code={code} seconds={LIMITS.codeCountdownLoginSeconds} />
      <LoginSubmit loading={loading}>{t('auth.login')}</LoginSubmit>
      {!only && (
        <SwitchLine
          text={t('auth.noAccount')}
          action={t('auth.register')}
          testId="email-register-hint"
          onClick={() => go('register')}
        />
      )}
    </form>
  );
}

export function UsernameLoginView({ go, finish }: ViewProps) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const form = useZodForm(nameLoginForm, { userName: '', password: '' }, { tenantId });
  const { loading, submit } = useFormSubmit(form, async () => {
    const { access_token } = await loginByName({
      userName: form.values.userName.trim(),
      password: form.values.password,
      tenantId,
    });
    await finish(access_token);
  });

  return (
    <form className="ds-login-view" data-testid="view-username" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="ds-login-view__title">{t('auth.usernameLoginTitle')}</h2>
      <UserNameField {...bound(form, 'userName')} />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        prefix={<LockIcon />}
        maxLength={LIMITS.passwordMax}
        testId="password-input"
        error={form.error('password')}
        {...form.field('password')}
      />
      <LoginSubmit loading={loading}>{t('auth.login')}</LoginSubmit>
      <SwitchLine
        text={t('auth.noAccount')}
        action={t('auth.register')}
        testId="username-register-hint"
        onClick={() => go('register')}
      />
    </form>
  );
}
