import {
  Alert,
  Button,
  Card,
  Input,
  Popconfirm,
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
import {
  useRecoveryCodesLeft,
  useRegenerateRecoveryCodes,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
  useTotpDisable,
} from '../api/access';
import { ChangePasswordForm } from '../components/change-password-form';
import { RecoveryCodes } from '../components/recovery-codes';
import { TotpEnrolment } from '../components/totp-enrolment';
import type { OperatorSession } from '@dramastar/contract';

function TwoFactorCard() {
  const operator = useSession((s) => s.operator);
  const disable = useTotpDisable();
  const [code, setCode] = useState('');
  if (!operator) return null;
  return (
    <Card title="Two-factor sign-in" data-testid="account-totp">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space>
          Status:
          {operator.totpEnabled ? (
            <Tag color="green" data-testid="totp-status">
              on
            </Tag>
          ) : (
            <Tag data-testid="totp-status">off</Tag>
          )}
          {operator.totpRequired ? (
            <Typography.Text type="secondary">required for the {operator.role} role</Typography.Text>
          ) : (
            <Typography.Text type="secondary">optional for the {operator.role} role</Typography.Text>
          )}
        </Space>
        {!operator.totpEnabled ? <TotpEnrolment /> : null}
        {operator.totpEnabled && !operator.totpRequired ? (
          <Space>
            {disable.error ? <Alert type="error" showIcon title={errorText(disable.error)} /> : null}
            <Input
              data-testid="totp-disable-code"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              placeholder="Current code"
              style={{ width: 140 }}
              maxLength={6}
            />
            <Button
              data-testid="totp-disable"
              danger
              disabled={code.length !== 6}
              loading={disable.isPending}
              onClick={() => disable.mutate(code, { onSettled: () => setCode('') })}
            >
              Turn off
            </Button>
          </Space>
        ) : null}
        {operator.totpEnabled ? <RecoveryCodesSection username={operator.username} /> : null}
        {operator.totpEnabled ? (
          <Typography.Text type="secondary">
            Lost your phone and your recovery codes? An owner or administrator can reset your two-factor
            sign-in; you enrol again at the next sign-in.
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}

/** How many recovery codes are left; new ones (shown once) with a current authenticator code. */
function RecoveryCodesSection({ username }: { username: string }) {
  const left = useRecoveryCodesLeft(true);
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  if (regenerate.data)
    return (
      <RecoveryCodes
        username={username}
        codes={regenerate.data.recoveryCodes}
        doneLabel="Done, I have saved them"
        onDone={() => regenerate.reset()}
      />
    );
  const few = left.data !== undefined && left.data.left <= 3;
  return (
    <Space orientation="vertical" data-testid="recovery-section" style={{ width: '100%' }}>
      <Typography.Text strong>Recovery codes</Typography.Text>
      <Typography.Text data-testid="recovery-left" type={few ? 'danger' : undefined}>
        {left.data
          ? left.data.total === 0
            ? 'You have no recovery codes yet: make them now, so a lost phone does not lock you out.'
            : `${left.data.left} of ${left.data.total} recovery codes left (made ${formatTime(left.data.createdAt)}). Each signs you in once if you lose your phone.`
          : '…'}
      </Typography.Text>
      {regenerate.error ? (
        <Alert type="error" showIcon data-testid="recovery-error" title={errorText(regenerate.error)} />
      ) : null}
      <Space>
        <Input
          data-testid="recovery-totp"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          placeholder="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          style={{ width: 170 }}
          maxLength={6}
        />
        <Button
          data-testid="recovery-regenerate"
          disabled={code.length !== 6}
          loading={regenerate.isPending}
          onClick={() => regenerate.mutate(code, { onSettled: () => setCode('') })}
        >
          Make new recovery codes
        </Button>
      </Space>
      <Typography.Text type="secondary">The old codes stop working when you make new ones.</Typography.Text>
    </Space>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const columns: TableColumnsType<OperatorSession> = [
    {
      title: 'Signed in',
      dataIndex: 'createdAt',
      render: (v: string, s) => (
        <Space>
          {formatTime(v)}
          {s.current ? (
            <Tag color="blue" data-testid="session-current">
              this session
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: 'Last seen', dataIndex: 'lastSeenAt', render: (v: string | null) => formatTime(v) },
    { title: 'Address', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
    {
      title: 'Browser',
      dataIndex: 'userAgent',
      ellipsis: true,
      render: (v: string | null) => <span title={v ?? undefined}>{v ?? '—'}</span>,
    },
    { title: 'Expires', dataIndex: 'expiresAt', render: (v: string) => formatTime(v) },
    {
      title: '',
      key: 'actions',
      render: (_, s) =>
        s.current ? null : (
          <Popconfirm title="Sign this session out?" onConfirm={() => revoke.mutate(s.id)}>
            <Button size="small" danger data-testid={`session-revoke-${s.id}`}>
              Revoke
            </Button>
          </Popconfirm>
        ),
    },
  ];
  const others = (sessions.data?.list ?? []).filter((s) => !s.current).length;
  return (
    <Card
      title="My sessions"
      data-testid="account-sessions"
      extra={
        <Popconfirm
          title="Sign out every other session?"
          disabled={others === 0}
          onConfirm={() => revokeOthers.mutate()}
        >
          <Button
            data-testid="sessions-revoke-others"
            disabled={others === 0}
            loading={revokeOthers.isPending}
          >
            Sign out other sessions
          </Button>
        </Popconfirm>
      }
    >
      {sessions.error || revoke.error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={errorText(sessions.error ?? revoke.error)}
        />
      ) : null}
      <Table<OperatorSession>
        rowKey="id"
        size="small"
        data-testid="sessions-table"
        loading={sessions.isLoading}
        columns={columns}
        dataSource={sessions.data?.list ?? []}
        pagination={false}
      />
    </Card>
  );
}

/** My account: password, two-factor sign-in, my sessions. */
export function AccountPage() {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="account-page">
      <Card title="Password">
        <ChangePasswordForm />
      </Card>
      <TwoFactorCard />
      <SessionsCard />
    </Space>
  );
}
