import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { CurrencyKey } from '@dramastar/contract';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { type Translator, type TranslationKey, useT } from '../../../shared/i18n';
import { type PaymentProvider, usePaymentProviders, useSavePaymentProvider } from '../api/payment-providers';

const NAMES: Record<string, string> = {
  paymongo: 'PayMongo',
  xendit: 'Xendit',
  vnpay: 'VNPay',
  jazzcash: 'JazzCash',
};

/** Field labels of the providers' keys and settings. */
const LABELS: Record<string, TranslationKey> = {
  secretKey: 'providers.key.secretKey',
  webhookSecret: 'providers.key.webhookSecret',
  callbackToken: 'providers.key.callbackToken',
  hashSecret: 'providers.key.hashSecret',
  integritySalt: 'providers.key.integritySalt',
  password: 'providers.key.password',
  tmnCode: 'providers.key.tmnCode',
  merchantId: 'providers.key.merchantId',
  mode: 'providers.key.mode',
};
const labelOf = (t: Translator, name: string) => (LABELS[name] ? t(LABELS[name]) : name);

/** Where each key is found in the provider's own dashboard. */
const WHERE: Record<string, Record<string, TranslationKey>> = {
  paymongo: {
    secretKey: 'providers.where.paymongo.secretKey',
    webhookSecret: 'providers.where.paymongo.webhookSecret',
  },
  xendit: {
    secretKey: 'providers.where.xendit.secretKey',
    callbackToken: 'providers.where.xendit.callbackToken',
  },
  vnpay: { tmnCode: 'providers.where.vnpay.tmnCode', hashSecret: 'providers.where.vnpay.hashSecret' },
  jazzcash: {
    merchantId: 'providers.where.jazzcash.merchantId',
    password: 'providers.where.jazzcash.password',
    integritySalt: 'providers.where.jazzcash.integritySalt',
  },
};

interface FormValues {
  enabled: boolean;
  methods: string[];
  settings: Record<string, string>;
  secrets: Record<string, string>;
  totpCode?: string;
}

function ProviderCard({ tenantId, provider }: { tenantId: string; provider: PaymentProvider }) {
  const t = useT();
  const label = (key: string) => labelOf(t, key);
  const where = (key: string) => {
    const found = WHERE[provider.provider]?.[key];
    return found ? t(found) : undefined;
  };
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePaymentProvider(tenantId);
  const name = NAMES[provider.provider] ?? provider.provider;
  // A key typed asks for the operator's authenticator code again.
  const typed = Form.useWatch<Record<string, string | undefined> | undefined>('secrets', form);
  const keyTyped = Object.values(typed ?? {}).some((v) => v?.trim());
  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync({
        tenantId,
        provider: provider.provider,
        enabled: values.enabled,
        methods: values.methods,
        settings: values.settings,
        // Blank fields keep the saved secret.
        secrets: Object.fromEntries(Object.entries(values.secrets).filter(([, v]) => v)),
        ...(keyTyped && values.totpCode ? { totpCode: values.totpCode.trim() } : {}),
      });
      form.setFieldsValue({ secrets: {}, totpCode: '' });
      void message.success(t('providers.saved', { name }));
    } catch (error) {
      // A refusal naming a key (or the code) shows on that field.
      if (isApiError(error) && error.field) {
        const field = error.field.replace(/^secrets\./, '');
        const errors = [errorText(error)];
        if (field === 'totpCode') return form.setFields([{ name: ['totpCode'], errors }]);
        if (field in provider.secrets) return form.setFields([{ name: ['secrets', field], errors }]);
      }
      void message.error(errorText(error));
    }
  };
  return (
    <Card
      size="small"
      data-testid={`provider-${provider.provider}`}
      title={
        <Space>
          <span>{NAMES[provider.provider] ?? provider.provider}</span>
          <Typography.Text type="secondary">{provider.currencies.join(', ')}</Typography.Text>
          {provider.offered ? (
            <Tag color="green">{t('providers.offered')}</Tag>
          ) : (
            <Tag>{t('providers.notOffered')}</Tag>
          )}
        </Space>
      }
      extra={
        provider.updatedAt ? (
          <Typography.Text type="secondary">
            {t('providers.savedAt', { time: formatTime(provider.updatedAt) })}
          </Typography.Text>
        ) : null
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          enabled: provider.enabled,
          methods: provider.methods,
          // A new account starts in test mode.
          settings: {
            ...(provider.settingChoices.mode?.includes('test') && !provider.settings.mode
              ? { mode: 'test' }
              : {}),
            ...provider.settings,
          },
          secrets: {},
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="enabled" label={t('providers.offer')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {provider.methodChoices.length > 0 && (
          <Form.Item name="methods" label={t('providers.methods')}>
            <Checkbox.Group options={provider.methodChoices} />
          </Form.Item>
        )}
        {Object.entries(provider.settingChoices).map(([name, choices]) => (
          <Form.Item key={name} name={['settings', name]} label={label(name)}>
            {choices ? <Select options={choices.map((c) => ({ value: c, label: c }))} /> : <Input />}
          </Form.Item>
        ))}
        {Object.entries(provider.secrets).map(([key, masked]) => (
          <Form.Item
            key={key}
            name={['secrets', key]}
            label={label(key)}
            extra={
              <>
                <div>{where(key)}</div>
                <div>{masked ? t('providers.keySaved', { masked }) : t('providers.keyNotSet')}</div>
              </>
            }
            rules={[
              {
                // Offering the provider needs every key: a missing one is an error on its field.
                validator: async (_: unknown, value: unknown) => {
                  if (
                    form.getFieldValue('enabled') === true &&
                    !masked &&
                    !(typeof value === 'string' && value.trim())
                  )
                    throw new Error(t('providers.keyNeeded', { key: label(key), name }));
                },
              },
            ]}
            dependencies={['enabled']}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={masked ?? ''}
              data-testid={`provider-${provider.provider}-${key}`}
            />
          </Form.Item>
        ))}
        {keyTyped && (
          <Form.Item
            name="totpCode"
            label={t('providers.totp')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('providers.totpRule') }]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="ds-w-160"
              data-testid={`provider-${provider.provider}-totp`}
            />
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary">
          {t('providers.callback')}{' '}
          {provider.callbackUrls.length
            ? provider.callbackUrls.map((u) => (
                <Typography.Text key={u} code copyable={{ text: u }} data-testid="provider-callback-url">
                  {u}
                </Typography.Text>
              ))
            : t('providers.noDomain')}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('config.save')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * A tenant's card and e-wallet providers: which are offered, their methods and keys. Keys are
 * stored sealed and never shown again (only their last characters); each save is audited.
 */
export function PaymentProvidersTab({ tenantId, currency }: { tenantId: string; currency?: CurrencyKey }) {
  const t = useT();
  const list = usePaymentProviders(tenantId);
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title={errorText(list.error)} />;
  // Only the providers that take the tenant's currency can be offered: the others are not shown.
  const usable = currency ? list.data.filter((p) => p.currencies.includes(currency)) : list.data;
  return (
    <Space orientation="vertical" className="ds-fill">
      <Typography.Paragraph type="secondary">
        {t('providers.explain', { currency: currency ? ` (${currency})` : '' })}
      </Typography.Paragraph>
      {usable.length === 0 && <Alert type="info" showIcon title={t('providers.none')} />}
      {usable.map((p) => (
        <ProviderCard key={`${p.provider}-${p.updatedAt ?? ''}`} tenantId={tenantId} provider={p} />
      ))}
    </Space>
  );
}
