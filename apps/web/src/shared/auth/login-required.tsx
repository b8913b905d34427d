import { Button } from 'antd-mobile';
import { useT } from '../i18n';
import { EmptyState, UserIcon } from '../ui';
import { openLoginPanel } from './login-panel-store';

/** What an account page shows to a guest: the reason and a way to log in. */
export function LoginRequired() {
  const t = useT();
  return (
    <EmptyState
      testId="login-required"
      icon={<UserIcon />}
      title={t.message('PleaseLogInFirst')}
      description={t('auth.loginRequiredDescription')}
      action={
        <Button color="primary" data-testid="login-required-login" onClick={() => openLoginPanel()}>
          {t('auth.login')}
        </Button>
      }
    />
  );
}
