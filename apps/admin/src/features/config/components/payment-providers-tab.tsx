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
import { errorText } from '../../../shared/api/api-error';
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

interface FormValues {
  enabled: boolean;
  methods: string[];
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

function ProviderCard({ tenantId, provider }: { tenantId: string; provider: PaymentProvider }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePaymentProvider(tenantId);
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
      });
      form.setFieldValue('secrets', {});
      void message.success(`${NAMES[provider.provider] ?? provider.provider} saved`);
    } catch (error) {
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
          settings: provider.settings,
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
        {Object.entries(provider.secrets).map(([name, masked]) => (
          <Form.Item
            key={name}
            name={['secrets', name]}
            label={label(name)}
            extra={masked ? `Saved: ${masked}. Leave blank to keep it.` : 'Not set'}
          >
            <Input.Password autoComplete="new-password" placeholder={masked ?? ''} />
          </Form.Item>
        ))}
        <Typography.Paragraph type="secondary">
          Callback URL to enter at the provider:{' '}
          {provider.callbackUrls.length
            ? provider.callbackUrls.map((u) => (
                <Typography.Text key={u} code copyable>
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
export function PaymentProvidersTab({ tenantId }: { tenantId: string }) {
  const list = usePaymentProviders(tenantId);
  if (list.isPending) return <Spin />;
  if (list.isError) return <Alert type="error" showIcon title={errorText(list.error)} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">
        A provider is offered in the app when it is switched on, every key is set and it takes the
        tenant&apos;s currency. See docs/wallet.md for where each key comes from.
      </Typography.Paragraph>
      {list.data.map((p) => (
        <ProviderCard key={`${p.provider}-${p.updatedAt ?? ''}`} tenantId={tenantId} provider={p} />
      ))}
    </Space>
  );
}
