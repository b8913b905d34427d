import { changePasswordForm, LIMITS } from '@dramastar/contract';
import { NewPasswordFields } from '../../../shared/forms/account-fields';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { LockIcon, PageContainer, PasswordField, showToast } from '../../../shared/ui';
import { changePassword } from '../api/account-calls';

function ChangePasswordForm() {
  const t = useT();
  const navigate = useNavigate();
  const form = useZodForm(changePasswordForm, { oldPassword: '', password: '', repPassword: '' });
  const { loading, submit } = useSubmitOnce(async () => {
    if (!form.validate()) return;
    try {
      const { access_token } = await changePassword({ ...form.values });
      // Every session ended with the change; this device continues with the new one.
      useSession.getState().setToken(access_token);
      showToast(t('password.changed'));
      void navigate(ROUTES.settings, { replace: true });
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });
  return (
    <form className="ds-form-page" data-testid="change-password" onSubmit={(e) => void submit(e)} noValidate>
      <p className="ds-form-page__intro">{t('password.intro')}</p>
      <PasswordField
        label={t('password.current')}
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        prefix={<LockIcon />}
        maxLength={LIMITS.passwordMax}
        testId="old-password-input"
        error={form.error('oldPassword')}
        {...form.field('oldPassword')}
      />
      <NewPasswordFields
        password={{ field: form.field('password'), error: form.error('password') }}
        repeat={{ field: form.field('repPassword'), error: form.error('repPassword') }}
        label={t('password.new')}
      />
      <Button block color="primary" size="large" type="submit" loading={loading} data-testid="submit">
        {t('password.submit')}
      </Button>
    </form>
  );
}

/** /pages/profile/setting/changePassword */
export default function ChangePasswordPage() {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  return (
    <PageContainer title={t('password.title')}>
      {hasLogin ? <ChangePasswordForm /> : <LoginRequired />}
    </PageContainer>
  );
}
