import { WITHDRAWAL_STAGES, type WithdrawalStage } from '@dramastar/contract';
import { Alert, App, Button, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatMoney, formatTime } from '../../../shared/format';
import { FilteredTable } from '../../../shared/ui/filtered-table';
import { PromptDialog } from '../../../shared/ui/prompt-dialog';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { useUrlFilters } from '../../../shared/ui/url-filters';
import { useT } from '../../../shared/i18n';
import { downloadExport } from '../../../shared/api/download-export';
import {
  type AdminWithdrawal,
  useBulkApprove,
  usePayoutAccount,
  useWithdrawalAction,
  useWithdrawals,
  type WithdrawalQuery,
  type WithdrawalUserContext,
} from '../api/withdrawals';
import { StageTimeline } from '../components/stage-timeline';
import {
  ACTION_LABELS,
  actionsFor,
  needsReason,
  STAGE_COLORS,
  type WithdrawalAction,
} from '../withdrawal-actions';

type Dialog = { action: WithdrawalAction; order: AdminWithdrawal } | null;

/**
 * The full card number, for finance to pay a withdrawal that is approved or processing; shown
 * masked otherwise, and asked for one click at a time (the server audits each look).
 */
function PayoutAccount({ w }: { w: AdminWithdrawal }) {
  const reveal = usePayoutAccount();
  if (reveal.data)
    return (
      <Typography.Text code copyable data-testid={`withdrawal-account-${w.orderNo}`}>
        {reveal.data.account}
      </Typography.Text>
    );
  return (
    <>
      <Button
        size="small"
        type="link"
        loading={reveal.isPending}
        data-testid={`withdrawal-show-account-${w.orderNo}`}
        onClick={() => reveal.mutate({ orderNo: w.orderNo })}
      >
        Show full number
      </Button>
      {reveal.error ? <Typography.Text type="danger">{errorText(reveal.error)}</Typography.Text> : null}
    </>
  );
}

function Destination({ w }: { w: AdminWithdrawal }) {
  const d = w.destination;
  if (d.channel === 'usdt') {
    return (
      <span>
        USDT TRC20{' '}
        <Typography.Text code copyable>
          {d.account}
        </Typography.Text>
      </span>
    );
  }
  return (
    <span>
      {d.bank ?? 'Bank'} {d.account}
      {w.status === 'approved' || w.status === 'processing' ? <PayoutAccount w={w} /> : null}
      <br />
      <Typography.Text type="secondary">
        {d.accountName ?? ''}
        {d.bankName ? ` · ${d.bankName}` : ''}
      </Typography.Text>
    </span>
  );
}

/** How long ago an account was made, in days (or months past 60 days). */
function accountAge(joinedAt: string): string {
  const days = Math.floor((Date.now() - Date.parse(joinedAt)) / 86_400_000);
  if (days < 1) return 'joined today';
  if (days < 60) return `joined ${days} day${days === 1 ? '' : 's'} ago`;
  return `joined ${Math.floor(days / 30)} months ago`;
}

/** Who asks: e-mail or phone linked to the user's page, the account's age and state, the tenant. */
function WhoCell({
  withdrawal: w,
  user,
}: {
  withdrawal: AdminWithdrawal;
  user: WithdrawalUserContext | undefined;
}) {
  return (
    <span>
      <Link to={`/users?userId=${w.userId}`} data-testid={`withdrawal-user-${w.orderNo}`}>
        {user?.email ?? user?.phone ?? `user ${w.userId}`}
      </Link>
      {user && user.status !== 'active' ? (
        <Tag color="red" style={{ marginLeft: 6 }}>
          {user.status}
        </Tag>
      ) : null}
      <br />
      <Typography.Text type="secondary">
        ID {w.userId} · tenant {w.tenantId}
        {user ? (
          <>
            <br />
            <span title={formatTime(user.joinedAt)}>{accountAge(user.joinedAt)}</span>
          </>
        ) : null}
      </Typography.Text>
    </span>
  );
}

/** What finance weighs: the balance now, recent and all recharges, earlier withdrawals. */
function HistoryCell({
  withdrawal: w,
  user,
}: {
  withdrawal: AdminWithdrawal;
  user: WithdrawalUserContext | undefined;
}) {
  if (!user) return null;
  const money = (amount: string) => formatMoney(amount, user.currency);
  return (
    <span data-testid={`withdrawal-history-${w.orderNo}`}>
      Balance <b>{money(user.balance)}</b>{' '}
      <Link to={`/finance/ledger?user=${w.userId}`} data-testid={`withdrawal-wallet-${w.orderNo}`}>
        wallet
      </Link>
      <br />
      <Typography.Text type="secondary">
        Recharged {money(user.recharges30d.amount)} in 30 days ({user.recharges30d.count}),{' '}
        {money(user.rechargesTotal.amount)} in all
        <br />
        Paid out before: {user.withdrawalsPaid.count} · {money(user.withdrawalsPaid.amount)}
        {user.withdrawalsRefused > 0 ? ` · ${user.withdrawalsRefused} refused` : ''}
        {user.withdrawalsOpen > 1 ? ` · ${user.withdrawalsOpen} open` : ''}
      </Typography.Text>
    </span>
  );
}

/** The withdrawal queue: each row offers only the actions valid for its stage. */
export function WithdrawalsPage() {
  const { modal } = App.useApp();
  const t = useT();
  const initial = useUrlFilters(WITHDRAWAL_STAGES);
  const [query, setQuery] = useState<WithdrawalQuery>({ pageNum: 1, pageSize: 20, ...initial });
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useWithdrawals(query);
  const act = useWithdrawalAction();
  const bulk = useBulkApprove();
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState<string | null>(null);
  const users = new Map((list.data?.users ?? []).map((u) => [u.userId, u]));
  const filter = (patch: Partial<WithdrawalQuery>) => {
    setSelected([]);
    setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  };
  const rows = list.data?.list ?? [];
  const approvable = rows.filter((w) => selected.includes(w.orderNo) && w.status === 'applied');
  const approveSelected = () => {
    const total = approvable.reduce((sum, w) => sum + Number(w.total), 0);
    const currency = approvable[0]?.currency ?? '';
    modal.confirm({
      title: `Approve ${approvable.length} withdrawal${approvable.length === 1 ? '' : 's'}?`,
      content: `${formatMoney(total.toFixed(2), currency)} in all (amount + fee). Each is approved and audited on its own; one that moved meanwhile is reported and the others go on.`,
      okText: 'Approve selected',
      okButtonProps: { 'data-testid': 'withdrawal-bulk-ok' },
      onOk: () =>
        bulk
          .mutateAsync(approvable.map((w) => w.orderNo))
          .then(() => setSelected([]))
          .catch(() => undefined),
    });
  };
  const exportSelected = () => {
    setExporting(null);
    downloadExport({ kind: 'withdrawals', orderNos: selected.join(',') }).then(
      (name) => setExporting(`Saved ${name}`),
      (error: unknown) => setExporting(error instanceof Error ? error.message : 'Export failed'),
    );
  };
  const refused = (bulk.data?.results ?? []).filter((r) => !r.ok);
  const close = () => {
    setDialog(null);
    act.reset();
  };

  const start = (order: AdminWithdrawal, action: WithdrawalAction) => {
    act.reset();
    // Reject and fail say why; Mark paid records the bank's transfer reference.
    if (needsReason(action) || action === 'pay') {
      setDialog({ order, action });
      return;
    }
    modal.confirm({
      title: `${ACTION_LABELS[action]} ${order.orderNo}?`,
      content: `${formatMoney(order.amount, order.currency)} to ${order.destination.account} (user ${order.userId}, tenant ${order.tenantId}).`,
      okText: ACTION_LABELS[action],
      okButtonProps: { 'data-testid': 'withdrawal-action-ok' },
      // A refusal (e.g. WithdrawalStateChanged: someone else acted first) closes the dialog and
      // shows above the table.
      onOk: () => act.mutateAsync({ orderNo: order.orderNo, action }).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<AdminWithdrawal> = [
    {
      title: t('withdrawals.orderApplied'),
      key: 'order',
      render: (_, w) => (
        <span>
          <code>{w.orderNo}</code>
          <br />
          <Typography.Text type="secondary">{formatTime(w.createdAt)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('withdrawals.stage'),
      dataIndex: 'status',
      render: (s: WithdrawalStage, w) => (
        <Tag color={STAGE_COLORS[s]} data-testid={`withdrawal-stage-${w.orderNo}`} data-status={s}>
          {t(`withdrawal.stage.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('col.user'),
      key: 'who',
      render: (_, w) => <WhoCell withdrawal={w} user={users.get(w.userId)} />,
    },
    {
      title: t('withdrawals.history'),
      key: 'history',
      render: (_, w) => <HistoryCell withdrawal={w} user={users.get(w.userId)} />,
    },
    { title: t('withdrawals.destination'), key: 'destination', render: (_, w) => <Destination w={w} /> },
    {
      title: t('withdrawals.amounts'),
      key: 'money',
      align: 'right',
      render: (_, w) => (
        <span>
          {formatMoney(w.amount, w.currency)}
          <br />
          <Typography.Text type="secondary">+ {w.fee} fee</Typography.Text>
          <br />
          <b>{formatMoney(w.total, w.currency)}</b>
        </span>
      ),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, w) => (
        <Space wrap>
          {actionsFor(w.status).map((action) => (
            <Button
              key={action}
              size="small"
              type={action === 'approve' || action === 'pay' ? 'primary' : 'default'}
              danger={needsReason(action)}
              data-testid={`withdrawal-${action}-${w.orderNo}`}
              onClick={() => start(w, action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  const order = dialog?.order;
  const paying = dialog?.action === 'pay';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('nav.withdrawals')}
      </Typography.Title>
      {bulk.data ? (
        <Alert
          data-testid="withdrawal-bulk-result"
          type={refused.length > 0 ? 'warning' : 'success'}
          showIcon
          closable={{ onClose: () => bulk.reset() }}
          title={`${bulk.data.results.length - refused.length} approved${refused.length > 0 ? `, ${refused.length} refused` : ''}`}
          description={
            refused.length > 0
              ? refused.map((r) => `${r.orderNo}: ${r.errorKey ?? ''}`).join(' · ')
              : undefined
          }
        />
      ) : null}
      {bulk.error ? <Alert type="error" showIcon title={errorText(bulk.error)} /> : null}
      {act.error && !dialog ? (
        <Alert
          data-testid="withdrawal-action-error"
          type="error"
          showIcon
          closable={{ onClose: () => act.reset() }}
          title={errorText(act.error)}
        />
      ) : null}
      <FilteredTable<AdminWithdrawal>
        testId="withdrawals-table"
        rowKey="orderNo"
        scroll={{ x: 1200 }}
        columns={columns}
        result={list}
        page={query}
        onPage={(page) => setQuery((q) => ({ ...q, ...page }))}
        expandable={{ expandedRowRender: (w) => <StageTimeline withdrawal={w} /> }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (w) => ({ 'data-testid': `withdrawal-select-${w.orderNo}` }) as object,
        }}
        filters={
          <>
            <Button
              type="primary"
              data-testid="withdrawal-approve-selected"
              disabled={approvable.length === 0}
              loading={bulk.isPending}
              onClick={approveSelected}
            >
              Approve selected{approvable.length > 0 ? ` (${approvable.length})` : ''}
            </Button>
            <Button
              data-testid="withdrawal-export-selected"
              disabled={selected.length === 0}
              onClick={exportSelected}
            >
              Export selected as CSV{selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
            {exporting ? <Typography.Text type="secondary">{exporting}</Typography.Text> : null}
            <Select<WithdrawalStage | undefined>
              data-testid="filter-stage"
              allowClear
              placeholder={t('withdrawals.anyStage')}
              style={{ width: 170 }}
              value={query.status}
              onChange={(status) => filter({ status })}
              options={WITHDRAWAL_STAGES.map((s) => ({ value: s, label: t(`withdrawal.stage.${s}`) }))}
            />
            <Input.Search
              data-testid="withdrawal-search"
              allowClear
              placeholder={t('withdrawals.search')}
              style={{ width: 260 }}
              defaultValue={initial.q}
              onSearch={(value) => filter({ q: value.trim() || undefined })}
            />
            <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
          </>
        }
      />
      <PromptDialog
        testId="withdrawal-reason-dialog"
        open={dialog !== null}
        title={dialog ? `${ACTION_LABELS[dialog.action]} withdrawal ${dialog.order.orderNo}` : ''}
        description={
          order && paying ? (
            <Typography.Paragraph>
              {formatMoney(order.amount, order.currency)} sent to {order.destination.account}: enter the
              reference the bank gave for the transfer. It is kept with the withdrawal and in the audit log.
            </Typography.Paragraph>
          ) : order ? (
            <Typography.Paragraph>
              {formatMoney(order.total, order.currency)} (amount + fee) goes back to user {order.userId}. The
              user sees the reason.
            </Typography.Paragraph>
          ) : null
        }
        label={paying ? 'Bank transfer reference' : 'Reason'}
        okText={dialog ? ACTION_LABELS[dialog.action] : 'OK'}
        danger={!paying}
        multiline={!paying}
        minLength={3}
        maxLength={paying ? 120 : 300}
        pending={act.isPending}
        error={act.error}
        onCancel={close}
        onSubmit={(value) => {
          if (dialog)
            act.mutate(
              {
                orderNo: dialog.order.orderNo,
                action: dialog.action,
                ...(paying ? { reference: value } : { reason: value }),
              },
              { onSuccess: close },
            );
        }}
      />
    </Space>
  );
}
