import { ArrowLeftOutlined, GiftOutlined } from '@ant-design/icons';
import { adminCreditApi, adminUsersApi, type MembershipTier, roleMayCall } from '@dramastar/contract';
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
import { codeText } from '../../../shared/words';
import { StatusTag } from './status-tag';
import { UserWallet } from './user-wallet';

const dash = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

function Profile({ detail }: { detail: UserDetail }) {
  const t = useT();
  const p = detail.profile;
  return (
    <Descriptions data-testid="user-profile" size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t('users.userId')}>{p.userId}</Descriptions.Item>
      <Descriptions.Item label={t('config.tenant')}>{p.tenantId}</Descriptions.Item>
      <Descriptions.Item label={t('users.nickname')}>{p.nickname}</Descriptions.Item>
      <Descriptions.Item label={t('users.email')}>
        <span data-testid="user-email">{dash(p.email)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('login.username')}>{dash(p.userName)}</Descriptions.Item>
      <Descriptions.Item label={t('users.phone')}>
        {p.phone ? `${p.areaCode ?? ''} ${p.phone}` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.country')}>{dash(p.country)}</Descriptions.Item>
      <Descriptions.Item label={t('users.inviteCode')}>
        <code>{p.inviteCode}</code>
      </Descriptions.Item>
      <Descriptions.Item label={t('users.inviter')}>
        {p.inviter ? (
          <span>
            {p.inviter.nickname} (ID {p.inviter.userId}, <code>{p.inviter.inviteCode}</code>)
          </span>
        ) : (
          '—'
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.loginMethods')}>
        {p.loginMethods.length
          ? p.loginMethods.map((m) => <Tag key={m}>{codeText(t, 'login.method', m)}</Tag>)
          : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('col.status')}>
        <StatusTag status={p.status} />
        {p.isSystem ? <Tag color="purple">{t('users.systemAccount')}</Tag> : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('users.registered')}>{formatTime(p.createdAt)}</Descriptions.Item>
      {p.cancelledAt ? (
        <Descriptions.Item label={t('users.cancelled')}>{formatTime(p.cancelledAt)}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function Membership({ membership: m }: { membership: UserDetail['membership'] }) {
  const t = useT();
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Descriptions data-testid="user-membership" size="small" bordered column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('users.currentCard')}>
          {m.active ? <Tag color="gold">{t(`tier.${m.active.tier}`)}</Tag> : t('users.noneCard')}
        </Descriptions.Item>
        <Descriptions.Item label={t('users.activeUntil')}>{formatTime(m.active?.endsAt)}</Descriptions.Item>
        <Descriptions.Item label={t('users.paidUntil')}>{formatTime(m.paidUntil)}</Descriptions.Item>
        <Descriptions.Item label={t('users.trialGifted')}>{m.trialCardsGifted}</Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('config.tab.membership')}>
        <Table
          size="small"
          rowKey={(c) => `${c.tier}-${c.startsAt}`}
          pagination={false}
          dataSource={m.cards}
          locale={{ emptyText: t('users.noCard') }}
          columns={[
            { title: t('users.tier'), dataIndex: 'tier', render: (v: MembershipTier) => t(`tier.${v}`) },
            {
              title: t('copyrights.state'),
              dataIndex: 'status',
              render: (v: UserDetail['membership']['cards'][number]['status']) => (
                <Tag data-status={v}>{t(`card.status.${v}`)}</Tag>
              ),
            },
            {
              title: t('users.source'),
              dataIndex: 'source',
              render: (v: string) => codeText(t, 'card.source', v),
            },
            { title: t('dashboard.from'), dataIndex: 'startsAt', render: (v: string) => formatTime(v) },
            { title: t('users.until'), dataIndex: 'endsAt', render: (v: string) => formatTime(v) },
            { title: t('users.pricePaid'), key: 'price', render: (_, c) => `${c.price} / ${c.paid}` },
          ]}
        />
      </Card>
      <Card size="small" title={t('config.membership.trial')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={m.trialCards}
          locale={{ emptyText: t('users.noTrial') }}
          columns={[
            {
              title: t('users.source'),
              dataIndex: 'source',
              render: (v: string) => codeText(t, 'card.source', v),
            },
            {
              title: t('copyrights.state'),
              dataIndex: 'status',
              render: (v: UserDetail['membership']['trialCards'][number]['status']) => (
                <Tag data-status={v}>{t(`trial.status.${v}`)}</Tag>
              ),
            },
            {
              title: t('users.activated'),
              dataIndex: 'activatedAt',
              render: (v: string | null) => formatTime(v),
            },
            {
              title: t('account.expires'),
              dataIndex: 'expiresAt',
              render: (v: string | null) => formatTime(v),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

function Team({ team }: { team: UserDetail['team'] }) {
  const t = useT();
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Card size="small" title={t('users.downline')}>
        <Descriptions data-testid="user-downline" size="small" bordered column={5} layout="vertical">
          {team.downline.map((d) => (
            <Descriptions.Item key={d.level} label={t('config.team.level', { n: d.level })}>
              {d.count}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      <Card size="small" title={t('users.upline')}>
        <Table
          data-testid="user-upline"
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={team.upline}
          locale={{ emptyText: t('users.noInviter') }}
          columns={[
            { title: t('config.team.levelColumn'), dataIndex: 'level', width: 70 },
            { title: t('users.userId'), dataIndex: 'userId' },
            { title: t('users.nickname'), dataIndex: 'nickname' },
            {
              title: t('users.inviteCode'),
              dataIndex: 'inviteCode',
              render: (v: string) => <code>{v}</code>,
            },
            {
              title: t('col.status'),
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
  const t = useT();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const list = useUserSessions({ userId, ...page });
  const revoke = useRevokeSession();
  return (
    <Space orientation="vertical" className="ds-fill">
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
          { title: t('users.started'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          { title: t('account.lastSeen'), dataIndex: 'lastSeenAt', render: (v: string) => formatTime(v) },
          {
            title: t('copyrights.state'),
            dataIndex: 'status',
            render: (v: UserSession['status']) => (
              <Tag color={v === 'active' ? 'green' : 'default'} data-status={v}>
                {t(`session.status.${v}`)}
              </Tag>
            ),
          },
          { title: 'IP', dataIndex: 'ip', render: (v: string | null) => dash(v) },
          {
            title: t('users.device'),
            dataIndex: 'userAgent',
            render: (v: string | null) => (
              <Typography.Text className="ds-max-260" ellipsis={{ tooltip: v }}>
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
                        title={t('users.revokeConfirm')}
                        onConfirm={() => revoke.mutate({ userId, sessionId: s.id })}
                      >
                        <Button size="small" danger data-testid={`session-revoke-${s.id}`}>
                          {t('account.revoke')}
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
      {t('nav.users')}
    </Button>
  );
  if (detail.error)
    return <Result status="warning" title={errorText(detail.error)} extra={back} data-testid="user-error" />;
  if (!detail.data) return <Spin />;
  const d = detail.data;
  const p = d.profile;

  return (
    <Space orientation="vertical" size="middle" className="ds-fill" data-testid="user-detail">
      <Space wrap align="center" className="ds-apart">
        <Space align="center">
          {back}
          <Typography.Title level={3} className="ds-flush">
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
              {t('users.freeze')}
            </Button>
          ) : null}
          {canChange && p.status === 'frozen' ? (
            <Button type="primary" data-testid="user-unfreeze" onClick={() => setDialog('unfreeze')}>
              {t('users.unfreeze')}
            </Button>
          ) : null}
        </Space>
      </Space>
      {p.frozen ? (
        <Alert
          data-testid="user-frozen-alert"
          type="info"
          showIcon
          title={t('users.frozen', { time: formatTime(p.frozen.at), name: p.frozen.by })}
          description={p.frozen.reason ? t('users.frozenReason', { reason: p.frozen.reason }) : undefined}
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
            { key: 'profile', label: t('users.tab.profile'), children: <Profile detail={d} /> },
            {
              key: 'membership',
              label: t('users.tab.membership'),
              children: <Membership membership={d.membership} />,
            },
            {
              key: 'wallet',
              label: t('config.tab.wallet'),
              children: <UserWallet userId={userId} balances={d.balances} />,
            },
            ...(canCredit
              ? [{ key: 'credits', label: t('credits.tab'), children: <UserCredits userId={userId} /> }]
              : []),
            { key: 'team', label: t('config.tab.team'), children: <Team team={d.team} /> },
            {
              key: 'sessions',
              label: t('users.tab.sessions'),
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
        title={t(dialog === 'freeze' ? 'users.freezeTitle' : 'users.unfreezeTitle', { name: p.nickname })}
        description={
          <Typography.Paragraph>
            {t(dialog === 'freeze' ? 'users.freezeText' : 'users.unfreezeText')}
          </Typography.Paragraph>
        }
        label={t('credit.reason')}
        okText={t(dialog === 'freeze' ? 'users.freeze' : 'users.unfreeze')}
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
