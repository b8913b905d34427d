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
import { useMyTenants } from '../../../shared/api/my-tenants';
import {
  type OperatorQuery,
  type OperatorRow,
  useCreateOperator,
  useOperators,
  useResetOperatorPassword,
  useResetOperatorTotp,
  useSetOperatorDisabled,
  useUpdateOperator,
} from '../api/access';
import { ROLE_TEXT } from '../roles';
import { palette } from '../../../shared/ui/palette';

/** Roles a tenant admin may give; an owner gives any. */
const TENANT_ADMIN_GRANTS: OperatorRole[] = ['tenant_admin', 'finance', 'content', 'support'];

const ROLE_COLORS: Record<OperatorRole, string> = {
  owner: 'red',
  tenant_admin: 'volcano',
  finance: 'gold',
  content: 'green',
  support: 'blue',
};

/** The tenants to pick from, by name: every tenant for an owner; its own for a tenant admin. */
function useTenantOptions(): { value: string; label: string }[] {
  const tenants = useMyTenants();
  return (tenants.data?.list ?? []).map((t) => ({
    value: t.tenantId,
    label: `${t.name} · ${t.tenantId} · ${t.currency}`,
  }));
}

/** A role picker whose options say what each role can do. */
function RoleSelect({
  roles,
  value,
  onChange,
  testId,
}: {
  roles: OperatorRole[];
  value?: OperatorRole;
  onChange?: (role: OperatorRole) => void;
  testId: string;
}) {
  return (
    <Select<OperatorRole>
      data-testid={testId}
      value={value}
      onChange={onChange}
      optionLabelProp="label"
      listHeight={360}
      options={roles.map((r) => ({
        value: r,
        label: ROLE_TEXT[r].name,
        title: ROLE_TEXT[r].can,
      }))}
      optionRender={(option) => {
        const r = option.value as OperatorRole;
        return (
          <div style={{ whiteSpace: 'normal', padding: '2px 0' }}>
            <strong>{ROLE_TEXT[r].name}</strong>
            <div style={{ fontSize: 12, color: palette.colorTextSecondary }}>{ROLE_TEXT[r].can}</div>
          </div>
        );
      }}
    />
  );
}

/** What the chosen role can do, under the picker. */
function RoleHelp({ role }: { role: OperatorRole | undefined }) {
  if (!role) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="role-help" style={{ marginTop: -16, fontSize: 13 }}>
      {ROLE_TEXT[role].can}
      {TOTP_REQUIRED_ROLES.includes(role)
        ? ' Signs in with an authenticator app as well as the password.'
        : ''}
    </Typography.Paragraph>
  );
}

interface EditForm {
  role: OperatorRole;
  tenantIds: string[];
}

/** Owners change another operator's role and tenants; the operator's sessions end. */
function EditOperatorDialog({ row, onClose }: { row: OperatorRow | null; onClose: () => void }) {
  const update = useUpdateOperator();
  const [form] = Form.useForm<EditForm>();
  const role = Form.useWatch('role', form);
  const tenantOptions = useTenantOptions();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal
      open={row !== null}
      title={row ? `Role and tenants of ${row.username}` : ''}
      okText="Save"
      okButtonProps={{
        loading: update.isPending,
        ...({ 'data-testid': 'operator-edit-submit' } as Record<string, string>),
      }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      {update.error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={errorText(update.error)}
          data-testid="operator-edit-error"
        />
      ) : null}
      {row ? (
        <Form<EditForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          preserve={false}
          initialValues={{ role: row.role, tenantIds: row.tenantIds }}
          onFinish={(values) =>
            update.mutate(
              { id: row.id, role: values.role, tenantIds: values.role === 'owner' ? [] : values.tenantIds },
              { onSuccess: close },
            )
          }
        >
          <Form.Item label="Role" name="role" rules={[{ required: true }]}>
            <RoleSelect roles={[...OPERATOR_ROLES]} testId="operator-edit-role" />
          </Form.Item>
          <RoleHelp role={role} />
          <TenantsField role={role} testId="operator-edit-tenants" options={tenantOptions}>
            <Typography.Paragraph type="secondary">An owner acts in every tenant.</Typography.Paragraph>
          </TenantsField>
          <Typography.Text type="secondary">
            Saving signs {row.username} out; the new role applies at their next sign-in.
          </Typography.Text>
        </Form>
      ) : null}
    </Modal>
  );
}

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
  const tenantOptions = useTenantOptions();
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
          <RoleSelect roles={roles} testId="operator-role" />
        </Form.Item>
        <RoleHelp role={role} />
        <TenantsField role={role} testId="operator-tenants" options={tenantOptions} />
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
  const [editing, setEditing] = useState<OperatorRow | null>(null);
  const tenantOptions = useTenantOptions();
  const tenantNames = new Map(
    tenantOptions.map((o) => [o.value, o.label.split(' · ')[0] ?? o.value] as [string, string]),
  );
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
    {
      title: 'Role',
      dataIndex: 'role',
      render: (v: OperatorRole) => (
        <Tag color={ROLE_COLORS[v]} title={ROLE_TEXT[v].can}>
          {ROLE_TEXT[v].name}
        </Tag>
      ),
    },
    {
      title: 'Tenants',
      dataIndex: 'tenantIds',
      render: (v: string[], r) =>
        r.role === 'owner' ? 'all' : v.map((id) => tenantNames.get(id) ?? id).join(', '),
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
            {me?.role === 'owner' ? (
              <Button size="small" data-testid="operator-edit" onClick={() => setEditing(r)}>
                Edit role
              </Button>
            ) : null}
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
            options={OPERATOR_ROLES.map((r) => ({ value: r, label: ROLE_TEXT[r].name }))}
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
      <EditOperatorDialog row={editing} onClose={() => setEditing(null)} />
      <Card title="What each role can do" size="small" data-testid="role-descriptions">
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <tbody>
            {OPERATOR_ROLES.map((r) => (
              <tr key={r}>
                <td style={{ padding: '4px 16px 4px 0', verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                  <Tag color={ROLE_COLORS[r]}>{ROLE_TEXT[r].name}</Tag>
                </td>
                <td style={{ padding: '4px 0' }}>
                  {ROLE_TEXT[r].can}
                  {TOTP_REQUIRED_ROLES.includes(r) ? ' Authenticator app required.' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </Space>
  );
}

/** The tenants an operator acts in, picked by name; an owner acts in every tenant (`children`). */
function TenantsField({
  role,
  testId,
  options,
  children = null,
}: {
  role: string | undefined;
  testId: string;
  options: { value: string; label: string }[];
  children?: React.ReactNode;
}) {
  if (role === 'owner') return <>{children}</>;
  return (
    <Form.Item
      label="Tenants"
      name="tenantIds"
      rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one tenant' }]}
    >
      <Select
        data-testid={testId}
        mode="multiple"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder="Pick tenants by name"
        options={options}
      />
    </Form.Item>
  );
}
