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
import { useT } from '../../../shared/i18n';
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
  const t = useT();
  return (
    <Select<OperatorRole>
      data-testid={testId}
      value={value}
      onChange={onChange}
      optionLabelProp="label"
      listHeight={360}
      options={roles.map((r) => ({
        value: r,
        label: t(ROLE_TEXT[r].name),
        title: t(ROLE_TEXT[r].can),
      }))}
      optionRender={(option) => {
        const r = option.value as OperatorRole;
        return (
          <div className="ds-role-option">
            <strong>{t(ROLE_TEXT[r].name)}</strong>
            <div className="ds-small ds-muted">{t(ROLE_TEXT[r].can)}</div>
          </div>
        );
      }}
    />
  );
}

/** What the chosen role can do, under the picker. */
function RoleHelp({ role }: { role: OperatorRole | undefined }) {
  const t = useT();
  if (!role) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="role-help" className="ds-role-help">
      {t(ROLE_TEXT[role].can)}
      {TOTP_REQUIRED_ROLES.includes(role) ? ` ${t('operators.signsInWithTotp')}` : ''}
    </Typography.Paragraph>
  );
}

interface EditForm {
  role: OperatorRole;
  tenantIds: string[];
}

/** Owners change another operator's role and tenants; the operator's sessions end. */
function EditOperatorDialog({ row, onClose }: { row: OperatorRow | null; onClose: () => void }) {
  const t = useT();
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
      title={row ? t('operators.editTitle', { name: row.username }) : ''}
      okText={t('config.save')}
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
          className="ds-mb-12"
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
          <Form.Item label={t('dashboard.access.role')} name="role" rules={[{ required: true }]}>
            <RoleSelect roles={[...OPERATOR_ROLES]} testId="operator-edit-role" />
          </Form.Item>
          <RoleHelp role={role} />
          <TenantsField role={role} testId="operator-edit-tenants" options={tenantOptions}>
            <Typography.Paragraph type="secondary">{t('operators.ownerEverywhere')}</Typography.Paragraph>
          </TenantsField>
          <Typography.Text type="secondary">
            {t('operators.editNote', { name: row.username })}
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
  const t = useT();
  return (
    <Modal
      open={shown !== null}
      title={t('setup.oneTimePassword')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {shown ? (
        <Space orientation="vertical" data-testid="one-time-password-dialog">
          <Typography.Text>
            {t('operators.give')} <strong>{shown.username}</strong>. {t('operators.giveNote')}
          </Typography.Text>
          <Typography.Text code copyable={{ text: shown.password }} className="ds-password">
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
  const t = useT();
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
      title={t('operators.new')}
      okText={t('operators.create')}
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
          className="ds-mb-12"
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
          label={t('login.username')}
          name="username"
          rules={[
            { required: true, message: t('operators.usernameRequired') },
            { pattern: /^[A-Za-z0-9._-]{3,60}$/, message: t('operators.usernameRule') },
          ]}
        >
          <Input data-testid="operator-username" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('dashboard.access.role')} name="role" rules={[{ required: true }]}>
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
  const t = useT();
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
      title: t('dashboard.access.operator'),
      dataIndex: 'username',
      render: (v: string, r) => (
        <Space>
          <strong>{v}</strong>
          {r.disabled ? <Tag color="default">{t('operators.disabled')}</Tag> : null}
          {r.lockedUntil ? (
            <Tag color="orange">{t('operators.lockedUntil', { time: formatTime(r.lockedUntil) })}</Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('dashboard.access.role'),
      dataIndex: 'role',
      render: (v: OperatorRole) => (
        <Tag color={ROLE_COLORS[v]} title={t(ROLE_TEXT[v].can)}>
          {t(ROLE_TEXT[v].name)}
        </Tag>
      ),
    },
    {
      title: t('dashboard.access.tenants'),
      dataIndex: 'tenantIds',
      render: (v: string[], r) =>
        r.role === 'owner' ? t('audit.allTenants') : v.map((id) => tenantNames.get(id) ?? id).join(', '),
    },
    {
      title: t('operators.setup'),
      key: 'setup',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.mustChangePassword ? (
            <Tag color="orange">{t('operators.oneTime')}</Tag>
          ) : (
            <Tag color="green">{t('operators.passwordSet')}</Tag>
          )}
          {r.totpEnabled ? (
            <Tag color="green">{t('operators.totpOn')}</Tag>
          ) : (
            <Tag color={r.totpRequired ? 'red' : 'default'}>{t('operators.totpOff')}</Tag>
          )}
        </Space>
      ),
    },
    { title: t('account.lastSeen'), dataIndex: 'lastSeenAt', render: (v: string | null) => formatTime(v) },
    { title: t('operators.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('col.actions'),
      key: 'actions',
      render: (_, r) =>
        r.id === me?.id ? (
          <Typography.Text type="secondary">{t('operators.you')}</Typography.Text>
        ) : (
          <Space size={4} wrap data-testid={`operator-actions-${r.username}`}>
            {me?.role === 'owner' ? (
              <Button size="small" data-testid="operator-edit" onClick={() => setEditing(r)}>
                {t('operators.editRole')}
              </Button>
            ) : null}
            <Popconfirm
              title={t(r.disabled ? 'operators.enableConfirm' : 'operators.disableConfirm', {
                name: r.username,
              })}
              onConfirm={() => disable.mutate({ id: r.id, disabled: !r.disabled })}
            >
              <Button size="small" danger={!r.disabled} data-testid="operator-toggle">
                {t(r.disabled ? 'operators.enable' : 'operators.disable')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('operators.resetPasswordConfirm', { name: r.username })}
              onConfirm={() =>
                resetPassword.mutate(r.id, {
                  onSuccess: (answer) => setShown({ username: r.username, password: answer.oneTimePassword }),
                })
              }
            >
              <Button size="small" data-testid="operator-reset-password">
                {t('operators.resetPassword')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('operators.resetTotpConfirm', { name: r.username })}
              disabled={!r.totpEnabled}
              onConfirm={() => resetTotp.mutate(r.id)}
            >
              <Button size="small" disabled={!r.totpEnabled} data-testid="operator-reset-totp">
                {t('operators.resetTotp')}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" className="ds-fill" data-testid="operators-page">
      <Card
        title={t('nav.operators')}
        extra={
          <Button type="primary" data-testid="operator-create" onClick={() => setCreating(true)}>
            {t('operators.new')}
          </Button>
        }
      >
        <Space wrap className="ds-mb-16">
          <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
          <Select
            allowClear
            placeholder={t('operators.anyRole')}
            className="ds-w-160"
            value={query.role}
            onChange={(role: OperatorRole | undefined) => filter({ role })}
            options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(ROLE_TEXT[r].name) }))}
          />
          <Input.Search
            allowClear
            placeholder={t('login.username')}
            className="ds-w-200"
            onSearch={(v) => filter({ username: v.trim() || undefined })}
          />
        </Space>
        {list.error || failure ? (
          <Alert type="error" showIcon className="ds-mb-12" title={errorText(list.error ?? failure)} />
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
      <Card title={t('operators.roles')} size="small" data-testid="role-descriptions">
        <table className="ds-collapse ds-fill">
          <tbody>
            {OPERATOR_ROLES.map((r) => (
              <tr key={r}>
                <td className="ds-term">
                  <Tag color={ROLE_COLORS[r]}>{t(ROLE_TEXT[r].name)}</Tag>
                </td>
                <td className="ds-term-text">
                  {t(ROLE_TEXT[r].can)}
                  {TOTP_REQUIRED_ROLES.includes(r) ? ` ${t('operators.totpRequired')}` : ''}
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
  const t = useT();
  if (role === 'owner') return <>{children}</>;
  return (
    <Form.Item
      label={t('dashboard.access.tenants')}
      name="tenantIds"
      rules={[{ required: true, type: 'array', min: 1, message: t('operators.tenantsRequired') }]}
    >
      <Select
        data-testid={testId}
        mode="multiple"
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('operators.tenantsPlaceholder')}
        options={options}
      />
    </Form.Item>
  );
}
