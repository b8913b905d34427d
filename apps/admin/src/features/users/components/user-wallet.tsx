import type { CurrencyKey, RechargeChannel, RechargeStatus, WithdrawalStage } from '@dramastar/contract';
import { Card, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatMoney, formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { codeText } from '../../../shared/words';
import { type UserDetail, useUserLedger, useUserRecharges, useUserWithdrawals } from '../api/users';

type Paging = { pageNum: number; pageSize: number };
const first: Paging = { pageNum: 1, pageSize: 10 };
const pagination = (p: Paging, total: number | undefined, set: (p: Paging) => void) => ({
  current: p.pageNum,
  pageSize: p.pageSize,
  total: total ?? 0,
  showSizeChanger: false,
  onChange: (pageNum: number, pageSize: number) => set({ pageNum, pageSize }),
});

/** Balances per currency, then the wallet's ledger records, recharges and withdrawals (each paged). */
export function UserWallet({ userId, balances }: { userId: string; balances: UserDetail['balances'] }) {
  const t = useT();
  const [currency, setCurrency] = useState<CurrencyKey | undefined>(balances[0]?.currency);
  const [ledgerPage, setLedgerPage] = useState(first);
  const [rechargePage, setRechargePage] = useState(first);
  const [withdrawalPage, setWithdrawalPage] = useState(first);
  const ledger = useUserLedger({ userId, ...ledgerPage, ...(currency ? { currency } : {}) });
  const recharges = useUserRecharges({ userId, ...rechargePage });
  const withdrawals = useUserWithdrawals({ userId, ...withdrawalPage });

  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Space size="large" wrap data-testid="user-balances">
        {balances.map((b) => (
          <Card size="small" key={b.currency}>
            <Statistic title={t('users.balance', { currency: b.currency })} value={b.balance} />
          </Card>
        ))}
      </Space>
      <Card
        size="small"
        title={t('users.ledger')}
        extra={
          balances.length > 1 ? (
            <Select<CurrencyKey>
              size="small"
              value={currency}
              onChange={(c) => {
                setCurrency(c);
                setLedgerPage(first);
              }}
              options={balances.map((b) => ({ value: b.currency, label: b.currency }))}
            />
          ) : null
        }
      >
        {ledger.error ? <Typography.Text type="danger">{errorText(ledger.error)}</Typography.Text> : null}
        <Table
          data-testid="user-ledger"
          size="small"
          rowKey="id"
          loading={ledger.isFetching}
          dataSource={ledger.data?.list ?? []}
          pagination={pagination(ledgerPage, ledger.data?.total, setLedgerPage)}
          columns={[
            { title: t('audit.time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
            {
              title: t('config.earn.kind'),
              dataIndex: 'type',
              render: (v: string) => <span title={v}>{codeText(t, 'transfer.kind', v)}</span>,
            },
            {
              title: t('credits.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (v: string, r) => (
                <Typography.Text type={v.startsWith('-') ? 'danger' : 'success'}>
                  {formatMoney(v, r.currency)}
                </Typography.Text>
              ),
            },
            { title: t('users.reference'), dataIndex: 'reference', render: (v: string) => <code>{v}</code> },
          ]}
        />
      </Card>
      <Card size="small" title={t('nav.recharges')}>
        <Table
          data-testid="user-recharges"
          size="small"
          rowKey="orderNo"
          loading={recharges.isFetching}
          dataSource={recharges.data?.list ?? []}
          pagination={pagination(rechargePage, recharges.data?.total, setRechargePage)}
          columns={[
            { title: t('col.order'), dataIndex: 'orderNo', render: (v: string) => <code>{v}</code> },
            {
              title: t('col.channel'),
              dataIndex: 'channel',
              render: (c: RechargeChannel) => t(`recharge.channel.${c}`),
            },
            {
              title: t('users.credit'),
              key: 'credit',
              align: 'right',
              render: (_, r) => formatMoney(r.creditAmount, r.currency),
            },
            {
              title: t('col.status'),
              dataIndex: 'status',
              render: (v: RechargeStatus) => <Tag>{t(`recharge.status.${v}`)}</Tag>,
            },
            { title: t('operators.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
            {
              title: t('recharge.status.credited'),
              dataIndex: 'creditedAt',
              render: (v: string | null) => formatTime(v),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('nav.withdrawals')}>
        <Table
          data-testid="user-withdrawals"
          size="small"
          rowKey="orderNo"
          loading={withdrawals.isFetching}
          dataSource={withdrawals.data?.list ?? []}
          pagination={pagination(withdrawalPage, withdrawals.data?.total, setWithdrawalPage)}
          columns={[
            { title: t('col.order'), dataIndex: 'orderNo', render: (v: string) => <code>{v}</code> },
            {
              title: t('users.amountFee'),
              key: 'amount',
              align: 'right',
              render: (_, r) => `${formatMoney(r.amount, r.currency)} (${r.fee})`,
            },
            {
              title: t('users.to'),
              key: 'to',
              render: (_, r) => `${r.destination.bank ?? r.destination.channel} ${r.destination.account}`,
            },
            {
              title: t('withdrawals.stage'),
              dataIndex: 'status',
              render: (v: WithdrawalStage) => <Tag>{t(`withdrawal.stage.${v}`)}</Tag>,
            },
            { title: t('users.applied'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
            { title: t('credit.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
          ]}
        />
      </Card>
    </Space>
  );
}
