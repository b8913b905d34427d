import { Alert, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../api/api-error';
import { useT } from '../i18n';

export interface PromptDialogProps {
  open: boolean;
  title: ReactNode;
  /** What is being acted on, shown above the field. */
  description?: ReactNode;
  label: string;
  okText: string;
  danger?: boolean;
  /** Shortest accepted answer (the server's rule, e.g. 3 for a reason). */
  minLength?: number;
  maxLength: number;
  multiline?: boolean;
  pending: boolean;
  /** The last refusal of the call (ReferenceMismatch, OrderClosed, …), shown in the dialog. */
  error: unknown;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  testId: string;
}

/** A dialog asking for one value before an action: a matched reference, or a reason. */
export function PromptDialog(props: PromptDialogProps) {
  const t = useT();
  const [form] = Form.useForm<{ value: string }>();
  const min = props.minLength ?? 1;
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, loading: props.pending, 'data-testid': `${props.testId}-ok` }}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <div data-testid={props.testId}>
        {props.description}
        {props.error ? (
          <Alert
            data-testid={`${props.testId}-error`}
            type="error"
            showIcon
            className="ds-my-12"
            title={errorText(props.error)}
          />
        ) : null}
        <Form form={form} layout="vertical" preserve={false} onFinish={(v) => props.onSubmit(v.value.trim())}>
          <Form.Item
            label={props.label}
            name="value"
            rules={[
              { required: true, whitespace: true, message: t('form.required', { field: props.label }) },
              { min, message: t('form.atLeast', { n: min }) },
            ]}
          >
            {props.multiline ? (
              <Input.TextArea
                data-testid={`${props.testId}-input`}
                rows={3}
                maxLength={props.maxLength}
                showCount
              />
            ) : (
              <Input data-testid={`${props.testId}-input`} maxLength={props.maxLength} />
            )}
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
