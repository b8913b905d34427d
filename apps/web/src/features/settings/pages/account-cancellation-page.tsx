import { EmailCodeField } from '../../../shared/forms/account-fields';
import { LIMITS, passwordSchema, verifyCodeSchema, type UserInfo } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { sendEmailCode } from '../../../shared/api/send-email-code';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import { useUserInfo } from '../../../shared/api/user-info';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import {
  AlertIcon,
  ConfirmPopup,
  DevMailboxHint,
  LockIcon,
  PageContainer,
  PasswordField,
  showToast,
} from '../../../shared/ui';
import { cancelAccount } from '../api/account-calls';

const passwordProof = z.object({ password: passwordSchema });
const codeProof = z.object({ verifyCode: verifyCodeSchema });

function CancellationForm({ user }: { user: UserInfo }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useTenantConfig();
  const byPassword = user.hasPassword;
  const form = useZodForm(byPassword ? passwordProof : codeProof, { password: '', verifyCode: '' });
  const [sent, setSent] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);

  const send = async () => {
    if (!user.email) return false;
    const ok = await sendEmailCode(user.email, 'cancel');
    if (ok) {
      setSent(true);
      showToast(t('auth.codeSent'));
    }
    return ok;
  };

  const cancel = async () => {
    if (working) return;
    setWorking(true);
    try {
      await cancelAccount(
        byPassword ? { password: form.values.password } : { verifyCode: form.values.verifyCode.trim() },
      );
      useSession.getState().logout();
      queryClient.clear();
      showToast(t('cancellation.done'));
      void navigate(ROUTES.home, { replace: true });
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
      setConfirming(false);
    } finally {
      setWorking(false);
    }
  };

  return (
    <form
      className="ds-form-page"
      data-testid="cancellation-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.validate()) setConfirming(true);
      }}
    >
      {byPassword ? (
        <PasswordField
          label={t('cancellation.passwordLabel')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          prefix={<LockIcon />}
          maxLength={LIMITS.passwordMax}
          testId="password-input"
          error={form.error('password')}
          {...form.field('password')}
        />
      ) : (
        <>
          <p className="ds-form-page__intro">{t('cancellation.codeIntro', { email: user.email ?? '' })}</p>
          <EmailCodeField field={form.field('verifyCode')} error={form.error('verifyCode')} onSend={send} />
          {sent && <DevMailboxHint mailbox={config.data?.devMailbox} />}
        </>
      )}
      <Button block color="danger" size="large" type="submit" data-testid="submit">
        {t('cancellation.submit')}
      </Button>
      <ConfirmPopup
        visible={confirming}
        title={t('cancellation.confirmTitle')}
        content={t('cancellation.confirmText')}
        confirmText={t('cancellation.confirm')}
        confirmLoading={working}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}

/** /pages/profile/accountCancellation/index: what is lost, proof of ownership, confirmation. */
export default function AccountCancellationPage() {
  const t = useT();
  const user = useUserInfo();
  return (
    <PageContainer title={t('cancellation.title')}>
      {user ? (
        <div data-testid="cancellation">
          <section className="ds-prose ds-cancellation">
            <p className="ds-cancellation__warning">
              <AlertIcon /> <strong>{t('cancellation.warning')}</strong>
            </p>
            <p>{t('cancellation.lostIntro')}</p>
            <ul>
              <li>{t('cancellation.lostAccount')}</li>
              <li>{t('cancellation.lostMemberships')}</li>
              <li>{t('cancellation.lostTeam')}</li>
              <li>{t('cancellation.lostHistory')}</li>
            </ul>
            <p>{t('cancellation.withdrawFirst')}</p>
          </section>
          {user.hasPassword || user.email ? (
            <CancellationForm user={user} />
          ) : (
            <p className="ds-notice" data-testid="cancellation-no-proof">
              {t('cancellation.noProof')}{' '}
              <Link className="ds-link" to={ROUTES.bindMethods}>
                {t('bind.title')}
              </Link>
            </p>
          )}
        </div>
      ) : (
        <LoginRequired />
      )}
    </PageContainer>
  );
}
