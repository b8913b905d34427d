import { App, Button, Form, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ConfigSection } from '@dramastar/contract';
import type { ReactNode } from 'react';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { type EditableSection, useResetSection, useSaveSection } from '../api/config';
import { type Change, diffSummary, fieldPath } from '../lib/diff';

function ChangeList({ changes }: { changes: Change[] }) {
  return (
    <ul data-testid="config-diff" style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 18 }}>
      {changes.map((c) => (
        <li key={c.path}>
          <code>{c.path}</code>: <Typography.Text delete>{c.before}</Typography.Text> →{' '}
          <Typography.Text strong>{c.after}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * One tab of the configuration: a form over the section's effective value, a "default" tag while
 * the tenant has no override, Save (with the list of changes to confirm) and Reset to defaults.
 * Server refusals naming a field are shown on that field.
 */
export function SectionForm<V extends object>({
  tenantId,
  section,
  value,
  isDefault,
  toForm = (v) => v,
  fromForm = (v) => v as V,
  children,
}: {
  tenantId: string;
  section: EditableSection;
  value: V;
  /** null: the section has no default (general). */
  isDefault: boolean | null;
  toForm?: (value: V) => object;
  fromForm?: (values: Record<string, unknown>) => V;
  children: ReactNode;
}) {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveSection(section);
  const reset = useResetSection();

  const showError = (error: unknown) => {
    if (isApiError(error) && error.field) {
      form.setFields([{ name: fieldPath(error.field), errors: [error.message] }]);
      form.scrollToField(fieldPath(error.field));
    }
    void message.error(errorText(error));
  };

  const onSave = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const next = fromForm(form.getFieldsValue(true) as Record<string, unknown>);
    const changes = diffSummary(value, next);
    if (changes.length === 0) {
      void message.info('Nothing changed');
      return;
    }
    modal.confirm({
      title: `Save ${section} settings of tenant ${tenantId}?`,
      width: 640,
      content: (
        <>
          <p>
            {changes.length} change{changes.length === 1 ? '' : 's'}; they apply at once in the app.
          </p>
          <ChangeList changes={changes} />
        </>
      ),
      okText: 'Save',
      okButtonProps: { 'data-testid': 'config-confirm-ok' },
      onOk: async () => {
        try {
          await save.mutateAsync({ ...(next as Record<string, unknown>), tenantId });
          void message.success('Saved');
        } catch (error) {
          showError(error);
        }
      },
    });
  };

  const onReset = async () => {
    try {
      await reset.mutateAsync({ tenantId, section: section as ConfigSection });
      void message.success('Back to the defaults');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={toForm(value)}
      data-testid={`config-form-${section}`}
      style={{ maxWidth: 960 }}
    >
      <Space style={{ marginBottom: 16 }} wrap>
        {isDefault === true && (
          <Tag color="blue" data-testid={`config-default-${section}`}>
            default
          </Tag>
        )}
        {isDefault === false && (
          <Tag color="orange" data-testid={`config-custom-${section}`}>
            customised
          </Tag>
        )}
      </Space>
      {children}
      <Space style={{ marginTop: 16 }}>
        <Button
          type="primary"
          onClick={() => void onSave()}
          loading={save.isPending}
          data-testid={`config-save-${section}`}
        >
          Save
        </Button>
        {isDefault === false && (
          <Popconfirm
            title="Forget this tenant's settings of this section and use the defaults?"
            onConfirm={() => void onReset()}
            okButtonProps={{ 'data-testid': 'config-reset-ok' }}
          >
            <Button danger loading={reset.isPending} data-testid={`config-reset-${section}`}>
              Reset to defaults
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Form>
  );
}
