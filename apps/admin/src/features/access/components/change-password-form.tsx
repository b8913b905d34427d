import { OPERATOR_PASSWORD_MIN } from '@dramastar/contract';
import { Alert, Button, Form, Input } from 'antd';
import { errorText } from '../../../shared/api/api-error';
import { type TranslationKey, useT } from '../../../shared/i18n';
import { useChangePassword } from '../api/access';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  repeat: string;
}

/** Current password, the new one twice; the server also refuses the user name and the same password. */
export function ChangePasswordForm({
  currentLabel = 'password.current',
  submitLabel = 'password.change',
  onDone,
}: {
  currentLabel?: TranslationKey;
  submitLabel?: TranslationKey;
  onDone?: () => void;
}) {
  const t = useT();
  const [form] = Form.useForm<PasswordForm>();
  const change = useChangePassword();
  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      className="ds-max-380"
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
          className="ds-mb-16"
          title={errorText(change.error)}
        />
      ) : null}
      {change.isSuccess && !onDone ? (
        <Alert
          data-testid="password-changed"
          type="success"
          showIcon
          className="ds-mb-16"
          title={t('password.changed')}
        />
      ) : null}
      <Form.Item
        label={t(currentLabel)}
        name="currentPassword"
        rules={[{ required: true, message: t('password.currentRequired') }]}
      >
        <Input.Password data-testid="password-current" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label={t('password.new')}
        name="newPassword"
        extra={t('password.rule', { n: OPERATOR_PASSWORD_MIN })}
        rules={[
          { required: true, message: t('password.newRequired') },
          { min: OPERATOR_PASSWORD_MIN, message: t('form.atLeast', { n: OPERATOR_PASSWORD_MIN }) },
        ]}
      >
        <Input.Password data-testid="password-new" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('password.repeat')}
        name="repeat"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.repeat') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.differ'))),
          }),
        ]}
      >
        <Input.Password data-testid="password-repeat" autoComplete="new-password" />
      </Form.Item>
      <Button data-testid="password-submit" type="primary" htmlType="submit" loading={change.isPending}>
        {t(submitLabel)}
      </Button>
    </Form>
  );
}
