import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { errorText } from '../../../shared/api/api-error';
import { useLogin } from '../api/auth';

interface LoginForm {
  username: string;
  password: string;
}

/** Sign-in with user name and password; wrong credentials and a lock-out are shown above the form. */
export function LoginPage() {
  const login = useLogin();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
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
        <Form<LoginForm>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => login.mutate({ username: values.username.trim(), password: values.password })}
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
          <Button data-testid="login-submit" type="primary" htmlType="submit" block loading={login.isPending}>
            Sign in
          </Button>
        </Form>
      </Card>
    </div>
  );
}
