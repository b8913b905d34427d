import { ArrowLeftOutlined, GiftOutlined } from '@ant-design/icons';
import { adminCreditApi, adminUsersApi, roleMayCall } from '@dramastar/contract';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { CreditDialog } from '../../../shared/ui/credit-dialog';
import { UserCredits } from './user-credits';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Result,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatTime } from '../../../shared/format';
import { useSession } from '../../../shared/session/session';
import { PromptDialog } from '../../../shared/ui/prompt-dialog';
import {
  type UserDetail,
  type UserSession,
  useRevokeSession,
  useSetUserStatus,
  useUserDetail,
  useUserSessions,
} from '../api/users';
import { StatusTag } from './status-tag';
import { UserWallet } from './user-wallet';

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

function Profile({ detail }: { detail: UserDetail }) {
  const p = detail.profile;
  return (
    <Descriptions data-testid="user-profile" size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="User ID">{p.userId}</Descriptions.Item>
      <Descriptions.Item label="Tenant">{p.tenantId}</Descriptions.Item>
      <Descriptions.Item label="Nickname">{p.nickname}</Descriptions.Item>
      <Descriptions.Item label="E-mail">
        <span data-testid="user-email">{dash(p.email)}</span>
      </Descriptions.Item>
      <Descriptions.Item label="User name">{dash(p.userName)}</Descriptions.Item>
      <Descriptions.Item label="Phone">{p.phone ? `${p.areaCode ?? ''} ${p.phone}` : '—'}</Descriptions.Item>
      <Descriptions.Item label="Country">{dash(p.country)}</Descriptions.Item>
      <Descriptions.Item label="Invite code">
        <code>{p.inviteCode}</code>
      </Descriptions.Item>
      <Descriptions.Item label="Inviter">
        {p.inviter ? (
          <span>
            {p.inviter.nickname} (ID {p.inviter.userId}, <code>{p.inviter.inviteCode}</code>)
          </span>
        ) : (
          '—'
        )}
      </Descriptions.Item>
      <Descriptions.Item label="Login methods">
        {p.loginMethods.length ? p.loginMethods.map((m) => <Tag key={m}>{m}</Tag>) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Status">
        <StatusTag status={p.status} />
        {p.isSystem ? <Tag color="purple">system account</Tag> : null}
      </Descriptions.Item>
      <Descriptions.Item label="Registered">{formatTime(p.createdAt)}</Descriptions.Item>
      {p.cancelledAt ? (
        <Descriptions.Item label="Cancelled">{formatTime(p.cancelledAt)}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function Membership({ membership: m }: { membership: UserDetail['membership'] }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions data-testid="user-membership" size="small" bordered column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label="Current card">
          {m.active ? <Tag color="gold">{m.active.tier}</Tag> : 'None'}
        </Descriptions.Item>
        <Descriptions.Item label="Active until">{formatTime(m.active?.endsAt)}</Descriptions.Item>
        <Descriptions.Item label="Paid until (renewals)">{formatTime(m.paidUntil)}</Descriptions.Item>
        <Descriptions.Item label="Trial cards gifted">{m.trialCardsGifted}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title="Star Cards">
        <Table
          size="small"
          rowKey={(c) => `${c.tier}-${c.startsAt}`}
          pagination={false}
          dataSource={m.cards}
          locale={{ emptyText: 'No card yet' }}
          columns={[
            { title: 'Tier', dataIndex: 'tier' },
            { title: 'State', dataIndex: 'status', render: (v: string) => <Tag>{v}</Tag> },
            { title: 'Source', dataIndex: 'source' },
            { title: 'From', dataIndex: 'startsAt', render: (v: string) => formatTime(v) },
            { title: 'Until', dataIndex: 'endsAt', render: (v: string) => formatTime(v) },
            { title: 'Price / paid', key: 'price', render: (_, c) => `${c.price} / ${c.paid}` },
          ]}
        />
      </Card>
      <Card size="small" title="Trial cards">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={m.trialCards}
          locale={{ emptyText: 'No trial card' }}
          columns={[
            { title: 'Source', dataIndex: 'source' },
            { title: 'State', dataIndex: 'status', render: (v: string) => <Tag>{v}</Tag> },
            { title: 'Activated', dataIndex: 'activatedAt', render: (v: string | null) => formatTime(v) },
            { title: 'Expires', dataIndex: 'expiresAt', render: (v: string | null) => formatTime(v) },
          ]}
        />
      </Card>
    </Space>
  );
}

function Team({ team }: { team: UserDetail['team'] }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title="Downline (members per level)">
        <Descriptions data-testid="user-downline" size="small" bordered column={5} layout="vertical">
          {team.downline.map((d) => (
            <Descriptions.Item key={d.level} label={`Level ${d.level}`}>
              {d.count}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card size="small" title="Upline (inviters)">
        <Table
          data-testid="user-upline"
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={team.upline}
          locale={{ emptyText: 'No inviter' }}
          columns={[
            { title: 'Level', dataIndex: 'level', width: 70 },
            { title: 'User ID', dataIndex: 'userId' },
            { title: 'Nickname', dataIndex: 'nickname' },
            { title: 'Invite code', dataIndex: 'inviteCode', render: (v: string) => <code>{v}</code> },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (v: UserDetail['profile']['status']) => <StatusTag status={v} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}

function Sessions({ userId, canRevoke }: { userId: string; canRevoke: boolean }) {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useUserSessions({ userId, ...page });
  const revoke = useRevokeSession();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {revoke.error ? <Alert type="error" showIcon title={errorText(revoke.error)} /> : null}
      <Table<UserSession>
        data-testid="user-sessions"
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: 'Started', dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          { title: 'Last seen', dataIndex: 'lastSeenAt', render: (v: string) => formatTime(v) },
          {
            title: 'State',
            dataIndex: 'status',
            render: (v: UserSession['status']) => <Tag color={v === 'active' ? 'green' : 'default'}>{v}</Tag>,
          },
          { title: 'IP', dataIndex: 'ip', render: (v: string | null) => dash(v) },
          {
            title: 'Device',
            dataIndex: 'userAgent',
            render: (v: string | null) => (
              <Typography.Text style={{ maxWidth: 260 }} ellipsis={{ tooltip: v }}>
                {dash(v)}
              </Typography.Text>
            ),
          },
          ...(canRevoke
            ? [
                {
                  title: '',
                  key: 'revoke',
                  render: (_: unknown, s: UserSession) =>
                    s.status === 'active' ? (
                      <Popconfirm
                        title="End this session? The app signs out."
                        onConfirm={() => revoke.mutate({ userId, sessionId: s.id })}
                      >
                        <Button size="small" danger data-testid={`session-revoke-${s.id}`}>
                          Revoke
                        </Button>
                      </Popconfirm>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </Space>
  );
}

/** One user: profile, membership, wallet, team and sessions; admins freeze and unfreeze. */
export function UserDetailView({ userId, onBack }: { userId: string; onBack: () => void }) {
  const t = useT();
  const role = useSession((s) => s.operator?.role);
  const [params, setParams] = useSearchParams();
  const canCredit = role !== undefined && roleMayCall(role, adminCreditApi.create);
  // `?credit=1` opens the form (a chat's "Credit" link lands here with it).
  const crediting = canCredit && params.get('credit') === '1';
  const setCrediting = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('credit', '1');
        else next.delete('credit');
        return next;
      },
      { replace: true },
    );
  const tab = params.get('tab') ?? 'profile';
  const detail = useUserDetail(userId);
  const setStatus = useSetUserStatus();
  const [dialog, setDialog] = useState<'freeze' | 'unfreeze' | null>(null);
  const canChange = role !== undefined && roleMayCall(role, adminUsersApi.freeze);
  const close = () => {
    setDialog(null);
    setStatus.reset();
  };

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="user-back">
      Users
    </Button>
  );
  if (detail.error)
    return <Result status="warning" title={errorText(detail.error)} extra={back} data-testid="user-error" />;
  if (!detail.data) return <Spin />;
  const d = detail.data;
  const p = d.profile;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="user-detail">
      <Space wrap align="center" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space align="center">
          {back}
          <Typography.Title level={3} style={{ margin: 0 }}>
            {p.nickname}
          </Typography.Title>
          <StatusTag status={p.status} testId="user-status" />
        </Space>
        <Space>
          {canCredit && !p.isSystem ? (
            <Button icon={<GiftOutlined />} data-testid="user-credit" onClick={() => setCrediting(true)}>
              {t('credit.open')}
            </Button>
          ) : null}
          {canChange && p.status === 'active' ? (
            <Button danger data-testid="user-freeze" onClick={() => setDialog('freeze')}>
              Freeze
            </Button>
          ) : null}
          {canChange && p.status === 'frozen' ? (
            <Button type="primary" data-testid="user-unfreeze" onClick={() => setDialog('unfreeze')}>
              Unfreeze
            </Button>
          ) : null}
        </Space>
      </Space>
      {p.frozen ? (
        <Alert
          data-testid="user-frozen-alert"
          type="info"
          showIcon
          title={`Frozen ${formatTime(p.frozen.at)} by ${p.frozen.by}`}
          description={p.frozen.reason ? `Reason: ${p.frozen.reason}` : undefined}
        />
      ) : null}
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={[
            { key: 'profile', label: 'Profile', children: <Profile detail={d} /> },
            { key: 'membership', label: 'Membership', children: <Membership membership={d.membership} /> },
            {
              key: 'wallet',
              label: 'Wallet',
              children: <UserWallet userId={userId} balances={d.balances} />,
            },
            ...(canCredit
              ? [{ key: 'credits', label: t('credits.tab'), children: <UserCredits userId={userId} /> }]
              : []),
            { key: 'team', label: 'Team', children: <Team team={d.team} /> },
            {
              key: 'sessions',
              label: 'Sessions',
              children: <Sessions userId={userId} canRevoke={canChange} />,
            },
          ]}
        />
      </Card>
      {canCredit ? (
        <CreditDialog
          userId={userId}
          userName={p.nickname}
          open={crediting}
          onClose={() => setCrediting(false)}
        />
      ) : null}
      <PromptDialog
        testId={`user-${dialog ?? 'freeze'}-dialog`}
        open={dialog !== null}
        title={dialog === 'freeze' ? `Freeze ${p.nickname}` : `Unfreeze ${p.nickname}`}
        description={
          <Typography.Paragraph>
            {dialog === 'freeze'
              ? 'The user is signed out everywhere and cannot sign in, recharge or withdraw until unfrozen.'
              : 'The user can sign in and use the wallet again.'}
          </Typography.Paragraph>
        }
        label="Reason"
        okText={dialog === 'freeze' ? 'Freeze' : 'Unfreeze'}
        danger={dialog === 'freeze'}
        multiline
        minLength={3}
        maxLength={300}
        pending={setStatus.isPending}
        error={setStatus.error}
        onCancel={close}
        onSubmit={(reason) => {
          if (dialog) setStatus.mutate({ action: dialog, userId, reason }, { onSuccess: close });
        }}
      />
    </Space>
  );
}
