import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { useLogin } from '../api/auth';
import { palette } from '../../../shared/ui/palette';

interface LoginForm {
  username: string;
  password: string;
}

/**
 * Sign-in with user name and password, then - for operators with two-factor sign-in - the
 * authenticator's 6-digit code. Wrong credentials, wrong codes and a lock-out are shown above the form.
 */
export function LoginPage() {
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
    <div
      style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: palette.colorBgLayout }}
    >
      <Card style={{ width: 380 }} data-testid="login-page">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          DramaStar operator console
        </Typography.Title>
        {login.error ? (
          <Alert
            data-testid="login-error"
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
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
                Lost your phone? Enter one of the recovery codes you saved when you set up two-factor sign-in
                for <strong>{pending.username}</strong>. Each code works once.
              </Typography.Paragraph>
            ) : (
              <Typography.Paragraph>
                Two-factor sign-in for <strong>{pending.username}</strong>: enter the 6-digit code your
                authenticator app shows.
              </Typography.Paragraph>
            )}
            <Form.Item label={recovery ? 'Recovery code' : 'Authenticator code'}>
              {recovery ? (
                <Input
                  data-testid="login-recovery"
                  value={code}
                  onChange={(e) => setCode(e.target.value.slice(0, 16))}
                  autoComplete="off"
                  placeholder="abcde-fghij"
                  autoFocus
                  style={{ letterSpacing: 2, fontSize: 18, textAlign: 'center', fontFamily: 'monospace' }}
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
                  style={{ letterSpacing: 6, fontSize: 20, textAlign: 'center' }}
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
              Verify and sign in
            </Button>
            <Button
              type="link"
              block
              data-testid="login-recovery-switch"
              onClick={switchMode}
              style={{ marginTop: 8 }}
            >
              {recovery ? 'Use the authenticator app instead' : 'Lost your phone? Use a recovery code'}
            </Button>
            <Button type="link" block onClick={back}>
              Back
            </Button>
          </Form>
        ) : (
          <Form<LoginForm>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => submit({ username: values.username.trim(), password: values.password })}
          >
            <Form.Item
              label="User name"
              name="username"
              rules={[{ required: true, message: 'Enter your user name' }]}
            >
              <Input data-testid="login-username" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              label="Password"
              name="password"
              rules={[{ required: true, message: 'Enter your password' }]}
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
              Sign in
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
