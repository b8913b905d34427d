import { OPERATOR_ROLES, type OperatorRole, TOTP_REQUIRED_ROLES } from '@dramastar/contract';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useSession } from '../../../shared/session/session';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import {
  type OperatorQuery,
  type OperatorRow,
  useCreateOperator,
  useOperators,
  useResetOperatorPassword,
  useResetOperatorTotp,
  useSetOperatorDisabled,
} from '../api/access';

/** Roles a tenant admin may give; an owner gives any. */
const TENANT_ADMIN_GRANTS: OperatorRole[] = ['tenant_admin', 'finance', 'content', 'support'];

const ROLE_COLORS: Record<OperatorRole, string> = {
  owner: 'red',
  tenant_admin: 'volcano',
  finance: 'gold',
  content: 'green',
  support: 'blue',
};

interface CreateForm {
  username: string;
  role: OperatorRole;
  tenantIds: string[];
}

/** The one-time password of a new or reset operator, shown once. */
function OneTimePassword({
  shown,
  onClose,
}: {
  shown: { username: string; password: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={shown !== null}
      title="One-time password"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {shown ? (
        <Space orientation="vertical" data-testid="one-time-password-dialog">
          <Typography.Text>
            Give <strong>{shown.username}</strong> this password. It is shown only now; they change it at the
            first sign-in.
          </Typography.Text>
          <Typography.Text code copyable={{ text: shown.password }} style={{ fontSize: 18 }}>
            <span data-testid="one-time-password">{shown.password}</span>
          </Typography.Text>
        </Space>
      ) : null}
    </Modal>
  );
}

function CreateOperatorDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (shown: { username: string; password: string }) => void;
}) {
  const me = useSession((s) => s.operator);
  const create = useCreateOperator();
  const [form] = Form.useForm<CreateForm>();
  const role = Form.useWatch('role', form);
  const isOwner = me?.role === 'owner';
  const roles = isOwner ? [...OPERATOR_ROLES] : TENANT_ADMIN_GRANTS;
  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title="New operator"
      okText="Create"
      okButtonProps={{
        loading: create.isPending,
        ...({ 'data-testid': 'operator-create-submit' } as Record<string, string>),
      }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
    >
      {create.error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={errorText(create.error)}
          data-testid="operator-create-error"
        />
      ) : null}
      <Form<CreateForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'finance', tenantIds: me?.tenantIds.length === 1 ? me.tenantIds : [] }}
        onFinish={(values) =>
          create.mutate(
            {
              username: values.username.trim(),
              role: values.role,
              tenantIds: values.role === 'owner' ? [] : values.tenantIds,
            },
            {
              onSuccess: (answer) => {
                close();
                onCreated({ username: answer.operator.username, password: answer.oneTimePassword });
              },
            },
          )
        }
      >
        <Form.Item
          label="User name"
          name="username"
          rules={[
            { required: true, message: 'Enter a user name' },
            {
              pattern: /^[A-Za-z0-9._-]{3,60}$/,
              message: '3-60 letters, digits, dots, dashes or underscores',
            },
          ]}
        >
          <Input data-testid="operator-username" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={[{ required: true }]}>
          <Select data-testid="operator-role" options={roles.map((r) => ({ value: r, label: r }))} />
        </Form.Item>
        {role !== 'owner' ? (
          <Form.Item
            label="Tenants"
            name="tenantIds"
            rules={[
              { required: true, type: 'array', min: 1, message: 'Choose at least one tenant' },
              {
                validator: (_, value: string[] | undefined) =>
                  (value ?? []).every((v) => /^\d{6}$/.test(v))
                    ? Promise.resolve()
                    : Promise.reject(new Error('Tenant ids are 6 digits')),
              },
            ]}
          >
            {isOwner ? (
              <Select
                data-testid="operator-tenants"
                mode="tags"
                placeholder="Tenant ids, e.g. 000000"
                tokenSeparators={[',', ' ']}
              />
            ) : (
              <Select
                data-testid="operator-tenants"
                mode="multiple"
                options={(me?.tenantIds ?? []).map((t) => ({ value: t, label: t }))}
              />
            )}
          </Form.Item>
        ) : null}
        <Typography.Text type="secondary">
          The roles that can move money ({TOTP_REQUIRED_ROLES.join(', ')}) enrol an authenticator app at their
          first sign-in.
        </Typography.Text>
      </Form>
    </Modal>
  );
}

/** Operators of my tenants (owner: everyone): create, disable/enable, reset password or TOTP. */
export function OperatorsPage() {
  const me = useSession((s) => s.operator);
  const [query, setQuery] = useState<OperatorQuery>({ pageNum: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ username: string; password: string } | null>(null);
  const list = useOperators(query);
  const disable = useSetOperatorDisabled();
  const resetPassword = useResetOperatorPassword();
  const resetTotp = useResetOperatorTotp();
  const failure = disable.error ?? resetPassword.error ?? resetTotp.error;
  const filter = (patch: Partial<OperatorQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));

  const columns: TableColumnsType<OperatorRow> = [
    {
      title: 'Operator',
      dataIndex: 'username',
      render: (v: string, r) => (
        <Space>
          <strong>{v}</strong>
          {r.disabled ? <Tag color="default">disabled</Tag> : null}
          {r.lockedUntil ? <Tag color="orange">locked until {formatTime(r.lockedUntil)}</Tag> : null}
        </Space>
      ),
    },
    { title: 'Role', dataIndex: 'role', render: (v: OperatorRole) => <Tag color={ROLE_COLORS[v]}>{v}</Tag> },
    {
      title: 'Tenants',
      dataIndex: 'tenantIds',
      render: (v: string[], r) => (r.role === 'owner' ? 'all' : v.join(', ')),
    },
    {
      title: 'Set-up',
      key: 'setup',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.mustChangePassword ? (
            <Tag color="orange">one-time password</Tag>
          ) : (
            <Tag color="green">password set</Tag>
          )}
          {r.totpEnabled ? (
            <Tag color="green">2FA on</Tag>
          ) : (
            <Tag color={r.totpRequired ? 'red' : 'default'}>2FA off</Tag>
          )}
        </Space>
      ),
    },
    { title: 'Last seen', dataIndex: 'lastSeenAt', render: (v: string | null) => formatTime(v) },
    { title: 'Created', dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, r) =>
        r.id === me?.id ? (
          <Typography.Text type="secondary">you</Typography.Text>
        ) : (
          <Space size={4} wrap data-testid={`operator-actions-${r.username}`}>
            <Popconfirm
              title={
                r.disabled ? `Let ${r.username} sign in again?` : `Disable ${r.username}? Their sessions end.`
              }
              onConfirm={() => disable.mutate({ id: r.id, disabled: !r.disabled })}
            >
              <Button size="small" danger={!r.disabled} data-testid="operator-toggle">
                {r.disabled ? 'Enable' : 'Disable'}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={`Give ${r.username} a new one-time password? Their sessions end.`}
              onConfirm={() =>
                resetPassword.mutate(r.id, {
                  onSuccess: (answer) => setShown({ username: r.username, password: answer.oneTimePassword }),
                })
              }
            >
              <Button size="small" data-testid="operator-reset-password">
                Reset password
              </Button>
            </Popconfirm>
            <Popconfirm
              title={`Remove ${r.username}'s authenticator? They enrol again at the next sign-in.`}
              disabled={!r.totpEnabled}
              onConfirm={() => resetTotp.mutate(r.id)}
            >
              <Button size="small" disabled={!r.totpEnabled} data-testid="operator-reset-totp">
                Reset 2FA
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="operators-page">
      <Card
        title="Operators"
        extra={
          <Button type="primary" data-testid="operator-create" onClick={() => setCreating(true)}>
            New operator
          </Button>
        }
      >
        <Space wrap style={{ marginBottom: 16 }}>
          <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
          <Select
            allowClear
            placeholder="Any role"
            style={{ width: 160 }}
            value={query.role}
            onChange={(role: OperatorRole | undefined) => filter({ role })}
            options={OPERATOR_ROLES.map((r) => ({ value: r, label: r }))}
          />
          <Input.Search
            allowClear
            placeholder="User name"
            style={{ width: 200 }}
            onSearch={(v) => filter({ username: v.trim() || undefined })}
          />
        </Space>
        {list.error || failure ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={errorText(list.error ?? failure)}
          />
        ) : null}
        <Table<OperatorRow>
          rowKey="id"
          size="middle"
          data-testid="operators-table"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.list ?? []}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: list.data?.total ?? 0,
            onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
          }}
        />
      </Card>
      <CreateOperatorDialog open={creating} onClose={() => setCreating(false)} onCreated={setShown} />
      <OneTimePassword shown={shown} onClose={() => setShown(null)} />
    </Space>
  );
}
