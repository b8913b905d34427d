import { Alert, App, Button, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ConfigSection, CurrencyKey } from '@dramastar/contract';
import { type ReactNode, useState } from 'react';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n';
import { useUnsavedChanges } from '../../../shared/ui/unsaved-changes';
import { type EditableSection, useResetSection, useSaveSection } from '../api/config';
import { type Change, diffSummary, fieldPath } from '../lib/diff';
import { COLLECTION_PATHS, inWords } from '../lib/labels';
import { CurrencyContext } from './section-fields';

/** The changes in words: "Bank withdrawal fee: 5 % → 50 %". */
function ChangeList({ changes, currency }: { changes: Change[]; currency: CurrencyKey }) {
  const t = useT();
  return (
    <ul data-testid="config-diff" className="ds-diff">
      {changes.map((change) => {
        const c = inWords(change, currency, t);
        return (
          <li key={c.path} title={c.path}>
            {c.label}: <Typography.Text delete>{c.before}</Typography.Text> →{' '}
            <Typography.Text strong>{c.after}</Typography.Text>
          </li>
        );
      })}
    </ul>
  );
}

/** Whether a change moves where users pay (collection bank account, USDT address). */
export const changesCollection = (changes: Change[]) =>
  changes.some((c) => (COLLECTION_PATHS as readonly string[]).includes(c.path));

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
  currency,
  children,
}: {
  tenantId: string;
  /** The tenant's currency: amounts are shown in it. */
  currency: CurrencyKey;
  section: EditableSection;
  value: V;
  /** null: the section has no default (general). */
  isDefault: boolean | null;
  toForm?: (value: V) => object;
  fromForm?: (values: Record<string, unknown>) => V;
  children: ReactNode;
}) {
  const t = useT();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveSection(section);
  const reset = useResetSection();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);

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
      void message.info(t('config.nothingChanged'));
      return;
    }
    // Moving where users pay asks for the operator's authenticator code again.
    const needsTotp = changesCollection(changes);
    let totpCode = '';
    modal.confirm({
      title: t('config.saveTitle', { section: t(`config.tab.${section}`), tenant: tenantId }),
      width: 640,
      content: (
        <>
          <p>{t(changes.length === 1 ? 'config.changeOne' : 'config.changes', { n: changes.length })}</p>
          <ChangeList changes={changes} currency={currency} />
          {needsTotp && (
            <>
              <Alert type="warning" showIcon className="ds-my-12" title={t('config.totpWarning')} />
              <Input
                data-testid="config-totp"
                placeholder={t('config.totpPlaceholder')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                onChange={(e) => {
                  totpCode = e.target.value.trim();
                }}
              />
            </>
          )}
        </>
      ),
      okText: t('config.save'),
      okButtonProps: { 'data-testid': 'config-confirm-ok' },
      onOk: async () => {
        try {
          await save.mutateAsync({
            ...(next as Record<string, unknown>),
            tenantId,
            ...(needsTotp ? { totpCode } : {}),
          });
          setDirty(false);
          void message.success(t('config.saved'));
        } catch (error) {
          showError(error);
        }
      },
    });
  };

  const onReset = async () => {
    try {
      await reset.mutateAsync({ tenantId, section: section as ConfigSection });
      setDirty(false);
      void message.success(t('config.resetDone'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={toForm(value)}
      onValuesChange={() => setDirty(true)}
      data-testid={`config-form-${section}`}
      className="ds-max-960"
    >
      <Space className="ds-mb-16" wrap>
        {isDefault === true && (
          <Tag color="blue" data-testid={`config-default-${section}`}>
            {t('config.default')}
          </Tag>
        )}
        {isDefault === false && (
          <Tag color="orange" data-testid={`config-custom-${section}`}>
            {t('config.customised')}
          </Tag>
        )}
      </Space>
      <CurrencyContext.Provider value={currency}>{children}</CurrencyContext.Provider>
      <Space className="ds-mt-16">
        <Button
          type="primary"
          onClick={() => void onSave()}
          loading={save.isPending}
          data-testid={`config-save-${section}`}
        >
          {t('config.save')}
        </Button>
        {isDefault === false && (
          <Popconfirm
            title={t('config.resetConfirm')}
            onConfirm={() => void onReset()}
            okButtonProps={{ 'data-testid': 'config-reset-ok' }}
          >
            <Button danger loading={reset.isPending} data-testid={`config-reset-${section}`}>
              {t('config.reset')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Form>
  );
}
