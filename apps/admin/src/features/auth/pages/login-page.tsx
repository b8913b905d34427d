import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n';
import { LanguagePicker } from '../../../shared/ui/language-picker';
import { useLogin } from '../api/auth';

interface LoginForm {
  username: string;
  password: string;
}

/**
 * Sign-in with user name and password, then - for operators with two-factor sign-in - the
 * authenticator's 6-digit code. Wrong credentials, wrong codes and a lock-out are shown above the form.
 */
export function LoginPage() {
  const t = useT();
  const login = useLogin();
  /** The user name and password waiting for their code (second step), else null. */
  const [pending, setPending] = useState<LoginForm | null>(null);
  const [code, setCode] = useState('');
  /** Signing in with a recovery code (a lost phone) instead of the authenticator's code. */
  const [recovery, setRecovery] = useState(false);

  const submit = (values: LoginForm, totpCode?: string) =>
    login.mutate(
      {
        ...values,
        ...(totpCode ? (recovery ? { recoveryCode: totpCode } : { totpCode }) : {}),
      },
      {
        onError: (error) => {
          if (isApiError(error) && error.errorKey === 'TotpRequired') {
            login.reset();
            setPending(values);
          }
          if (totpCode) setCode('');
        },
      },
    );

  const back = () => {
    setPending(null);
    setCode('');
    setRecovery(false);
    login.reset();
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode('');
    login.reset();
  };
  const codeReady = recovery ? code.replace(/[\s-]/g, '').length === 10 : code.length === 6;

  return (
    <div className="ds-gate">
      <Card className="ds-w-380" data-testid="login-page">
        <div className="ds-end">
          <LanguagePicker />
        </div>
        <Typography.Title level={3}>{t('login.title')}</Typography.Title>
        {login.error ? (
          <Alert
            data-testid="login-error"
            type="error"
            showIcon
            className="ds-mb-16"
            title={errorText(login.error)}
          />
        ) : null}
        {pending ? (
          <Form
            layout="vertical"
            requiredMark={false}
            data-testid="login-totp-step"
            onFinish={() => submit(pending, code.trim())}
          >
            {recovery ? (
              <Typography.Paragraph>
                {t('login.recoveryIntro')} <strong>{pending.username}</strong>. {t('login.recoveryOnce')}
              </Typography.Paragraph>
            ) : (
              <Typography.Paragraph>
                {t('login.totpIntro')} <strong>{pending.username}</strong>: {t('login.totpEnter')}
              </Typography.Paragraph>
            )}
            <Form.Item label={t(recovery ? 'login.recoveryCode' : 'login.totpCode')}>
              {recovery ? (
                <Input
                  data-testid="login-recovery"
                  value={code}
                  onChange={(e) => setCode(e.target.value.slice(0, 16))}
                  autoComplete="off"
                  placeholder="abcde-fghij"
                  autoFocus
                  className="ds-code-input ds-recovery-input"
                />
              ) : (
                <Input
                  data-testid="login-totp"
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  autoFocus
                  className="ds-code-input ds-totp-input"
                />
              )}
            </Form.Item>
            <Button
              data-testid="login-totp-submit"
              type="primary"
              htmlType="submit"
              block
              disabled={!codeReady}
              loading={login.isPending}
            >
              {t('login.verify')}
            </Button>
            <Button
              type="link"
              block
              data-testid="login-recovery-switch"
              onClick={switchMode}
              className="ds-mt-8"
            >
              {t(recovery ? 'login.useTotp' : 'login.useRecovery')}
            </Button>
            <Button type="link" block onClick={back}>
              {t('login.back')}
            </Button>
          </Form>
        ) : (
          <Form<LoginForm>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => submit({ username: values.username.trim(), password: values.password })}
          >
            <Form.Item
              label={t('login.username')}
              name="username"
              rules={[{ required: true, message: t('login.usernameRequired') }]}
            >
              <Input data-testid="login-username" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              label={t('login.password')}
              name="password"
              rules={[{ required: true, message: t('login.passwordRequired') }]}
            >
              <Input.Password data-testid="login-password" autoComplete="current-password" />
            </Form.Item>
            <Button
              data-testid="login-submit"
              type="primary"
              htmlType="submit"
              block
              loading={login.isPending}
            >
              {t('login.submit')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
