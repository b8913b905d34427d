import { emailLoginForm, emailSchema, LIMITS, nameLoginForm } from '@dramastar/contract';
import { EmailCodeField, EmailField, UserNameField } from '../../../shared/forms/account-fields';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { sendEmailCode } from '../../../shared/api/send-email-code';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import type { LoginView } from '../../../shared/auth/login-panel-store';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import {
  copyText,
  DevMailboxHint,
  ExternalBrowserPopup,
  GoogleIcon,
  LockIcon,
  MailIcon,
  PasswordField,
  showToast,
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

/** Sends an e-mail code after checking the address (spec section 5: a toast when it is not valid). */
export function useSendCode(email: string, purpose: 'login' | 'register') {
  const t = useT();
  const [sent, setSent] = useState(false);
  const send = async () => {
    const check = emailSchema.safeParse(email);
    if (!check.success) {
      showToast(
        t.message(
          check.error.issues[0]?.message === 'PleaseEnterEmail' ? 'PleaseEnterEmail' : 'InvalidEmailAddress',
        ),
      );
      return false;
    }
    const ok = await sendEmailCode(email, purpose);
    if (ok) {
      setSent(true);
      showToast(t('auth.codeSent'));
    }
    return ok;
  };
  return { sent, send };
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
      <div className="ds-login-view__switch">
        <span>{t('auth.noAccount')}</span>
        <button
          type="button"
          className="ds-link"
          data-testid="chooser-register"
          onClick={() => go('register')}
        >
          {t('auth.register')}
        </button>
      </div>
    </div>
  );
}

export function EmailLoginView({ go, finish, openCountries, only = false }: ViewProps & { only?: boolean }) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const config = useTenantConfig();
  const form = useZodForm(emailLoginForm, { email: '', verifyCode: '' }, { tenantId });
  const code = useSendCode(form.values.email, 'login');
  const { loading, submit } = useSubmit(async () => {
    if (!form.validate()) return;
    try {
      const { access_token } = await loginByEmail({
        email: form.values.email.trim(),
        verifyCode: form.values.verifyCode.trim(),
        tenantId,
      });
      await finish(access_token);
    } catch (error) {
      // A failed e-mail login only re-enables the button (spec section 4); the refusal was toasted.
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });

  return (
    <form className="ds-login-view" data-testid="view-email" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="ds-login-view__title">{t('auth.emailLoginTitle')}</h2>
      <CountryButton label={t('auth.country')} onOpen={openCountries} />
      <EmailField field={form.field('email')} error={form.error('email')} />
      <EmailCodeField
        field={form.field('verifyCode')}
        error={form.error('verifyCode')}
        onSend={code.send}
        seconds={LIMITS.codeCountdownLoginSeconds}
      />
      {code.sent && <DevMailboxHint mailbox={config.data?.devMailbox} />}
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={loading}
        data-testid="submit"
        className="ds-login-submit"
      >
        {t('auth.login')}
      </Button>
      {!only && (
        <div className="ds-login-view__switch">
          <span>{t('auth.noAccount')}</span>
          <button
            type="button"
            className="ds-link"
            data-testid="email-register-hint"
            onClick={() => go('register')}
          >
            {t('auth.register')}
          </button>
        </div>
      )}
    </form>
  );
}

export function UsernameLoginView({ go, finish }: ViewProps) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const form = useZodForm(nameLoginForm, { userName: '', password: '' }, { tenantId });
  const { loading, submit } = useSubmit(async () => {
    if (!form.validate()) return;
    try {
      const { access_token } = await loginByName({
        userName: form.values.userName.trim(),
        password: form.values.password,
        tenantId,
      });
      await finish(access_token);
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });

  return (
    <form className="ds-login-view" data-testid="view-username" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="ds-login-view__title">{t('auth.usernameLoginTitle')}</h2>
      <UserNameField field={form.field('userName')} error={form.error('userName')} />
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
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={loading}
        data-testid="submit"
        className="ds-login-submit"
      >
        {t('auth.login')}
      </Button>
      <div className="ds-login-view__switch">
        <span>{t('auth.noAccount')}</span>
        <button
          type="button"
          className="ds-link"
          data-testid="username-register-hint"
          onClick={() => go('register')}
        >
          {t('auth.register')}
        </button>
      </div>
    </form>
  );
}
