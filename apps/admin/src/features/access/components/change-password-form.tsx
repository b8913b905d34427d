import { OPERATOR_PASSWORD_MIN } from '@dramastar/contract';
import { Alert, Button, Form, Input } from 'antd';
import { errorText } from '../../../shared/api/api-error';
import { useChangePassword } from '../api/access';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

/** Current password, the new one twice; the server also refuses the user name and the same password. */
export function ChangePasswordForm({
  currentLabel = 'Current password',
  submitLabel = 'Change password',
  onDone,
}: {
  currentLabel?: string;
  submitLabel?: string;
  onDone?: () => void;
}) {
  const [form] = Form.useForm<PasswordForm>();
  const change = useChangePassword();
  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 380 }}
      data-testid="change-password-form"
      onFinish={({ currentPassword, newPassword }) =>
        change.mutate(
          { currentPassword, newPassword },
          {
            onSuccess: () => {
              form.resetFields();
              onDone?.();
            },
          },
        )
      }
    >
      {change.error ? (
        <Alert
          data-testid="password-error"
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={errorText(change.error)}
        />
      ) : null}
      {change.isSuccess && !onDone ? (
        <Alert
          data-testid="password-changed"
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title="Password changed. Your other sessions were signed out."
        />
      ) : null}
      <Form.Item
        label={currentLabel}
        name="currentPassword"
        rules={[{ required: true, message: 'Enter your current password' }]}
      >
        <Input.Password data-testid="password-current" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="New password"
        name="newPassword"
        extra={`At least ${OPERATOR_PASSWORD_MIN} characters, not your user name.`}
        rules={[
          { required: true, message: 'Enter a new password' },
          { min: OPERATOR_PASSWORD_MIN, message: `At least ${OPERATOR_PASSWORD_MIN} characters` },
        ]}
      >
        <Input.Password data-testid="password-new" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Repeat the new password"
        name="repeat"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: 'Repeat the new password' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('The passwords differ')),
          }),
        ]}
      >
        <Input.Password data-testid="password-repeat" autoComplete="new-password" />
      </Form.Item>
      <Button data-testid="password-submit" type="primary" htmlType="submit" loading={change.isPending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
