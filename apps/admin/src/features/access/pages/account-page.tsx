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
import { useT } from '../../../shared/i18n';
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
  const t = useT();
  const operator = useSession((s) => s.operator);
  const disable = useTotpDisable();
  const [code, setCode] = useState('');
  if (!operator) return null;
  return (
    <Card title={t('setup.step.totp')} data-testid="account-totp">
      <Space orientation="vertical" size="middle" className="ds-fill">
        <Space>
          {t('account.status')}
          {operator.totpEnabled ? (
            <Tag color="green" data-testid="totp-status">
              {t('account.on')}
            </Tag>
          ) : (
            <Tag data-testid="totp-status">{t('account.off')}</Tag>
          )}
          <Typography.Text type="secondary">
            {t(operator.totpRequired ? 'account.required' : 'account.optional', {
              role: t(`role.${operator.role}`),
            })}
          </Typography.Text>
        </Space>
        {!operator.totpEnabled ? <TotpEnrolment /> : null}
        {operator.totpEnabled && !operator.totpRequired ? (
          <Space>
            {disable.error ? <Alert type="error" showIcon title={errorText(disable.error)} /> : null}
            <Input
              data-testid="totp-disable-code"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              placeholder={t('account.currentCode')}
              className="ds-w-140"
              maxLength={6}
            />
            <Button
              data-testid="totp-disable"
              danger
              disabled={code.length !== 6}
              loading={disable.isPending}
              onClick={() => disable.mutate(code, { onSettled: () => setCode('') })}
            >
              {t('account.turnOff')}
            </Button>
          </Space>
        ) : null}
        {operator.totpEnabled ? <RecoveryCodesSection username={operator.username} /> : null}
        {operator.totpEnabled ? (
          <Typography.Text type="secondary">{t('account.lostAll')}</Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}

/** How many recovery codes are left; new ones (shown once) with a current authenticator code. */
function RecoveryCodesSection({ username }: { username: string }) {
  const t = useT();
  const left = useRecoveryCodesLeft(true);
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  if (regenerate.data)
    return (
      <RecoveryCodes
        username={username}
        codes={regenerate.data.recoveryCodes}
        doneLabel="recovery.done"
        onDone={() => regenerate.reset()}
      />
    );
  const few = left.data !== undefined && left.data.left <= 3;
  return (
    <Space orientation="vertical" data-testid="recovery-section" className="ds-fill">
      <Typography.Text strong>{t('account.recoveryCodes')}</Typography.Text>
      <Typography.Text data-testid="recovery-left" type={few ? 'danger' : undefined}>
        {left.data
          ? left.data.total === 0
            ? t('account.noCodes')
            : t('account.codesLeft', {
                left: left.data.left,
                total: left.data.total,
                time: formatTime(left.data.createdAt),
              })
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
          placeholder={t('login.totpCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          className="ds-w-170"
          maxLength={6}
        />
        <Button
          data-testid="recovery-regenerate"
          disabled={code.length !== 6}
          loading={regenerate.isPending}
          onClick={() => regenerate.mutate(code, { onSettled: () => setCode('') })}
        >
          {t('account.regenerate')}
        </Button>
      </Space>
      <Typography.Text type="secondary">{t('account.oldStop')}</Typography.Text>
    </Space>
  );
}

function SessionsCard() {
  const t = useT();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const columns: TableColumnsType<OperatorSession> = [
    {
      title: t('account.signedIn'),
      dataIndex: 'createdAt',
      render: (v: string, s) => (
        <Space>
          {formatTime(v)}
          {s.current ? (
            <Tag color="blue" data-testid="session-current">
              {t('account.thisSession')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('account.lastSeen'), dataIndex: 'lastSeenAt', render: (v: string | null) => formatTime(v) },
    { title: t('account.address'), dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
    {
      title: t('account.browser'),
      dataIndex: 'userAgent',
      ellipsis: true,
      render: (v: string | null) => <span title={v ?? undefined}>{v ?? '—'}</span>,
    },
    { title: t('account.expires'), dataIndex: 'expiresAt', render: (v: string) => formatTime(v) },
    {
      title: '',
      key: 'actions',
      render: (_, s) =>
        s.current ? null : (
          <Popconfirm title={t('account.revokeConfirm')} onConfirm={() => revoke.mutate(s.id)}>
            <Button size="small" danger data-testid={`session-revoke-${s.id}`}>
              {t('account.revoke')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  const others = (sessions.data?.list ?? []).filter((s) => !s.current).length;
  return (
    <Card
      title={t('account.sessions')}
      data-testid="account-sessions"
      extra={
        <Popconfirm
          title={t('account.revokeOthersConfirm')}
          disabled={others === 0}
          onConfirm={() => revokeOthers.mutate()}
        >
          <Button
            data-testid="sessions-revoke-others"
            disabled={others === 0}
            loading={revokeOthers.isPending}
          >
            {t('account.revokeOthers')}
          </Button>
        </Popconfirm>
      }
    >
      {sessions.error || revoke.error ? (
        <Alert type="error" showIcon className="ds-mb-12" title={errorText(sessions.error ?? revoke.error)} />
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
  const t = useT();
  return (
    <Space orientation="vertical" size="middle" className="ds-fill" data-testid="account-page">
      <Card title={t('login.password')}>
        <ChangePasswordForm />
      </Card>
      <TwoFactorCard />
      <SessionsCard />
    </Space>
  );
}
