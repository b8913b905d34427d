import { LIMITS, setPayPasswordForm } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import { useUserInfo } from '../../../shared/api/user-info';
import { EmailCodeField } from '../../../shared/forms/account-fields';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { DevMailboxHint, LockIcon, PasswordField, showToast, useGoBack } from '../../../shared/ui';
import { usePayPasswordStatus } from '../api/exits-pay-pass';
import { sendPayPasswordCode } from '../api/send-sms-code';
import { useSetPayPassword } from '../api/set-pay-password';
import { Loading, WalletPage } from '../components/shell';
import { useDeadline } from '../lib/deadline';
import { dateTimeFormat } from '../lib/labels';

/** "v•••r@example.com": enough to recognise one's own address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const name = email.slice(0, at);
  const hidden =
    name.length <= 2 ? `${name[0] ?? ''}•••` : `${name[0] ?? ''}•••${name[name.length - 1] ?? ''}`;
  return `${hidden}${email.slice(at)}`;
}

function PayPasswordForm({ email }: { email: string }) {
  const t = useT();
  const goBack = useGoBack();
  const config = useTenantConfig();
  const status = usePayPasswordStatus();
  const lock = useDeadline(status.data?.lockedUntil ?? null);
  const save = useSetPayPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(setPayPasswordForm, { password: '', repPassword: '', verifyCode: '' });

  const send = async () => {
    try {
      const sent = await sendPayPasswordCode();
      setSentTo(sent.email);
      showToast(t('auth.codeSent'));
      return true;
    } catch (error) {
      toastIfNoAnswer(error);
      return false;
    }
  };

  const { loading, submit } = useSubmitOnce(async () => {
    if (!form.validate()) return;
    try {
      await save.mutateAsync({
        password: form.values.password,
        repPassword: form.values.repPassword,
        verifyCode: form.values.verifyCode.trim(),
      });
      showToast(t('payPassword.saved'));
      goBack({ fallbackUrl: ROUTES.wallet });
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });

  if (status.isPending) return <Loading />;
  const exists = status.data?.exists ?? false;
  const lockedUntil = status.data?.lockedUntil ?? null;
  const locked = lockedUntil !== null && !lock.passed;
  const digits = (name: 'password' | 'repPassword', label: string, placeholder: string) => (
    <PasswordField
      label={label}
      inputMode="numeric"
      autoComplete="new-password"
      placeholder={placeholder}
      prefix={<LockIcon />}
      maxLength={6}
      testId={`paypass-${name}`}
      error={form.error(name)}
      {...form.field(name)}
    />
  );

  return (
    <form
      className="ds-form-page"
      data-testid="pay-password-form"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <p className="ds-notice" data-testid="pay-password-status">
        {exists ? t('payPassword.isSet') : t('payPassword.notSet')}
      </p>
      {locked && (
        <p className="ds-notice ds-notice--error" data-testid="pay-password-locked">
          {t('payPassword.lockedUntil', { time: dateTimeFormat(t.language).format(new Date(lockedUntil)) })}
        </p>
      )}
      <p className="ds-form-page__intro" data-testid="pay-password-email">
        {sentTo
          ? t('payPassword.codeSentTo', { email: sentTo })
          : t('payPassword.codeGoesTo', { email: maskEmail(email) })}
      </p>
      {digits(
        'password',
        t(exists ? 'payPassword.newLabel' : 'payPassword.label'),
        t('payPassword.placeholder'),
      )}
      {digits('repPassword', t('payPassword.repeatLabel'), t('payPassword.repeatPlaceholder'))}
      <EmailCodeField
        field={form.field('verifyCode')}
        error={form.error('verifyCode')}
        onSend={send}
        seconds={LIMITS.codeCountdownDefaultSeconds}
      />
      {sentTo && <DevMailboxHint mailbox={config.data?.devMailbox} />}
      <Button block color="primary" size="large" type="submit" loading={loading} data-testid="submit">
        {t(exists ? 'payPassword.reset' : 'payPassword.set')}
      </Button>
    </form>
  );
}

/** /pages/profile/wallet/walletPay: set or reset the 6-digit payment password with an e-mailed code. */
export default function WalletPayPage() {
  const t = useT();
  const user = useUserInfo();
  return (
    <WalletPage title={t('payPassword.title')}>
      {user && !user.email ? (
        <p className="ds-notice" data-testid="pay-password-no-email">
          {t.message('EmailRequired')}{' '}
          <Link className="ds-link" to={ROUTES.bindMethods}>
            {t('bind.title')}
          </Link>
        </p>
      ) : (
        <PayPasswordForm email={user?.email ?? ''} />
      )}
    </WalletPage>
  );
}
