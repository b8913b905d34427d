import { PlusOutlined } from '@ant-design/icons';
import { CURRENCIES, CURRENCY_KEYS, LANGUAGE_KEYS } from '@dramastar/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorText, isApiError } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';

/** A server field path (`domains.0`) as a form name path. */
const fieldPath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
import {
  type AdminTenantRow,
  type CreateTenantBody,
  useCreateTenant,
  useTenantDomains,
  useTenants,
} from '../api/tenants';

const domainsInput = (testId: string) => (
  <Select
    mode="tags"
    tokenSeparators={[',', ' ']}
    open={false}
    placeholder="drama.example.com"
    data-testid={testId}
  />
);

function CreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const t = useT();
  const [form] = Form.useForm<CreateTenantBody>();
  const create = useCreateTenant();
  const submit = async () => {
    let values: CreateTenantBody;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await create.mutateAsync(values);
      void message.success(t('tenants.createdToast', { id: values.tenantId }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.field)
        form.setFields([{ name: fieldPath(error.field) as never, errors: [error.message] }]);
      void message.error(errorText(error));
    }
  };
  return (
    <Modal
      open={open}
      title={t('tenants.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'tenant-create-ok' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ currency: 'PHP', defaultLanguage: 'en', timeZone: 'Asia/Manila', domains: [] }}
        onValuesChange={(changed: Partial<CreateTenantBody>) => {
          if (changed.currency)
            form.setFieldValue('defaultLanguage', CURRENCIES[changed.currency].defaultLanguage);
        }}
      >
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item
              name="tenantId"
              label={t('tenants.idSix')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('tenants.sixDigits') }]}
            >
              <Input maxLength={6} data-testid="tenant-id" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="name" label={t('tenants.name')} rules={[{ required: true }]}>
              <Input maxLength={60} data-testid="tenant-name" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="currency" label={t('tenants.currency')}>
              <Select options={CURRENCY_KEYS.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="defaultLanguage" label={t('tenants.language')}>
              <Select options={LANGUAGE_KEYS.map((l) => ({ value: l, label: l }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="timeZone" label={t('tenants.timeZone')} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="domains"
              label={t('tenants.domains')}
              rules={[{ required: true, type: 'array', min: 1 }]}
            >
              {domainsInput('tenant-domains')}
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

function DomainsDialog({ tenant, onClose }: { tenant: AdminTenantRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const t = useT();
  const [form] = Form.useForm<{ domains: string[] }>();
  const save = useTenantDomains();
  const submit = async () => {
    if (!tenant) return;
    try {
      const { domains } = await form.validateFields();
      await save.mutateAsync({ tenantId: tenant.tenantId, domains });
      void message.success(t('tenants.domainsSaved'));
      onClose();
    } catch (error) {
      if (isApiError(error)) void message.error(errorText(error));
    }
  };
  return (
    <Modal
      open={tenant !== null}
      title={t('tenants.domainsOf', { id: tenant?.tenantId ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ domains: tenant?.domains ?? [] }}>
        <Form.Item
          name="domains"
          label={t('tenants.hostNames')}
          rules={[{ required: true, type: 'array', min: 1 }]}
        >
          {domainsInput('tenant-domains-edit')}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Tenants (owner only): each white-label site, its currency and the host names that open it. */
export function TenantsPage() {
  const t = useT();
  const list = useTenants();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminTenantRow | null>(null);
  const columns: TableColumnsType<AdminTenantRow> = [
    { title: t('tenants.id'), dataIndex: 'tenantId', render: (v: string) => <code>{v}</code> },
    { title: t('tenants.name'), dataIndex: 'name' },
    { title: t('tenants.currency'), dataIndex: 'currency' },
    { title: t('tenants.language'), dataIndex: 'defaultLanguage' },
    { title: t('tenants.timeZone'), dataIndex: 'timeZone' },
    {
      title: t('tenants.domains'),
      dataIndex: 'domains',
      render: (domains: string[]) => domains.map((d) => <Tag key={d}>{d}</Tag>),
    },
    {
      title: t('tenants.earn'),
      dataIndex: 'earnEnabled',
      render: (on: boolean) => t(on ? 'tenants.on' : 'tenants.off'),
    },
    { title: t('tenants.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: '',
      key: 'actions',
      render: (_, row) => (
        <Button
          size="small"
          onClick={() => setEditing(row)}
          data-testid={`tenant-edit-domains-${row.tenantId}`}
        >
          {t('tenants.domains')}
        </Button>
      ),
    },
  ];
  return (
    <Card
      title={t('tenants.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="tenant-new"
        >
          {t('tenants.new')}
        </Button>
      }
    >
      {list.isError && <Alert type="error" showIcon title={errorText(list.error)} />}
      <Table
        rowKey="tenantId"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={false}
        data-testid="tenants-table"
      />
      <CreateDialog open={creating} onClose={() => setCreating(false)} />
      <DomainsDialog tenant={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
