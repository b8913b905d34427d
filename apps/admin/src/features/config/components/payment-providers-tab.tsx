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
import { type PaymentProvider, usePaymentProviders, useSavePaymentProvider } from '../api/payment-providers';

const NAMES: Record<string, string> = {
  paymongo: 'PayMongo',
  xendit: 'Xendit',
  vnpay: 'VNPay',
  jazzcash: 'JazzCash',
};

/** Field labels of the providers' keys and settings. */
const LABELS: Record<string, string> = {
  secretKey: 'Secret key',
  webhookSecret: 'Webhook secret key',
  callbackToken: 'Callback verification token',
  hashSecret: 'Hash secret',
  integritySalt: 'Integrity salt',
  password: 'Password',
  tmnCode: 'Terminal code (vnp_TmnCode)',
  merchantId: 'Merchant ID',
  mode: 'Mode',
};
const label = (name: string) => LABELS[name] ?? name;

/** Where each key is found in the provider's own dashboard. */
const WHERE: Record<string, Record<string, string>> = {
  paymongo: {
    secretKey: 'PayMongo dashboard → Developers → API keys: the secret key (sk_test_… or sk_live_…).',
    webhookSecret:
      'PayMongo dashboard → Developers → Webhooks: create a webhook with the callback URL below for the event checkout_session.payment.paid; its secret key (whsk_…) is shown once created.',
  },
  xendit: {
    secretKey: 'Xendit dashboard → Settings → API keys: generate a secret key with write access to Money-in.',
    callbackToken:
      'Xendit dashboard → Settings → Callbacks: the verification token shown at the top; set "Invoices paid" to the callback URL below.',
  },
  vnpay: {
    tmnCode: 'The terminal code (vnp_TmnCode) in the e-mail VNPay sends when the terminal is opened.',
    hashSecret:
      'The secret (vnp_HashSecret) in the same VNPay e-mail; register the callback URL below as the terminal’s IPN URL.',
  },
  jazzcash: {
    merchantId: 'JazzCash merchant portal → Integration → Merchant ID.',
    password: 'JazzCash merchant portal → Integration → Password.',
    integritySalt: 'JazzCash merchant portal → Integration → Integrity salt (hash key).',
  },
};
const where = (provider: string, name: string) => WHERE[provider]?.[name];

interface FormValues {
  enabled: boolean;
  methods: string[];
  settings: Record<string, string>;
  secrets: Record<string, string>;
  totpCode?: string;
}

function ProviderCard({ tenantId, provider }: { tenantId: string; provider: PaymentProvider }) {
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
      void message.success(`${name} saved`);
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
          {provider.offered ? <Tag color="green">Offered in the app</Tag> : <Tag>Not offered</Tag>}
        </Space>
      }
      extra={
        provider.updatedAt ? (
          <Typography.Text type="secondary">Saved {formatTime(provider.updatedAt)}</Typography.Text>
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
        <Form.Item name="enabled" label="Offer in the app" valuePropName="checked">
          <Switch />
        </Form.Item>
        {provider.methodChoices.length > 0 && (
          <Form.Item name="methods" label="Methods (none: the provider's default)">
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
                <div>{where(provider.provider, key)}</div>
                <div>{masked ? `Saved: ${masked}. Leave blank to keep it.` : 'Not set yet.'}</div>
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
                    throw new Error(`${label(key)} is needed before ${name} can be offered`);
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
            label="Your authenticator code (a new key changes where the money goes; the owner sees it on the dashboard)"
            rules={[
              { required: true, pattern: /^\d{6}$/, message: 'The 6-digit code from your authenticator app' },
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              style={{ width: 160 }}
              data-testid={`provider-${provider.provider}-totp`}
            />
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary">
          Callback URL to enter at the provider (one per domain of the tenant):{' '}
          {provider.callbackUrls.length
            ? provider.callbackUrls.map((u) => (
                <Typography.Text key={u} code copyable={{ text: u }} data-testid="provider-callback-url">
                  {u}
                </Typography.Text>
              ))
            : 'the tenant has no domain yet'}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
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
  const list = usePaymentProviders(tenantId);
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title={errorText(list.error)} />;
  // Only the providers that take the tenant's currency can be offered: the others are not shown.
  const usable = currency ? list.data.filter((p) => p.currencies.includes(currency)) : list.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">
        A provider is offered in the app when it is switched on and every key is set. Only providers that take
        the tenant&apos;s currency{currency ? ` (${currency})` : ''} are listed. A new key asks for your
        authenticator code again.
      </Typography.Paragraph>
      {usable.length === 0 && (
        <Alert type="info" showIcon title="No card or e-wallet provider takes this tenant's currency yet." />
      )}
      {usable.map((p) => (
        <ProviderCard key={`${p.provider}-${p.updatedAt ?? ''}`} tenantId={tenantId} provider={p} />
      ))}
    </Space>
  );
}
