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
import { type Translator, useT } from '../../../shared/i18n';
import { codeText } from '../../../shared/words';
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
function accountAge(t: Translator, joinedAt: string): string {
  const days = Math.floor((Date.now() - Date.parse(joinedAt)) / 86_400_000);
  if (days < 1) return t('withdrawals.joinedToday');
  if (days === 1) return t('withdrawals.joinedDay');
  if (days < 60) return t('withdrawals.joinedDays', { n: days });
  return t('withdrawals.joinedMonths', { n: Math.floor(days / 30) });
}

/** Who asks: e-mail or phone linked to the user's page, the account's age and state, the tenant. */
function WhoCell({
  withdrawal: w,
  user,
}: {
  withdrawal: AdminWithdrawal;
  user: WithdrawalUserContext | undefined;
}) {
  const t = useT();
  return (
    <span>
      <Link to={`/users?userId=${w.userId}`} data-testid={`withdrawal-user-${w.orderNo}`}>
        {user?.email ?? user?.phone ?? t('withdrawals.user', { id: w.userId })}
      </Link>
      {user && user.status !== 'active' ? (
        <Tag color="red" className="ds-tag-after" data-status={user.status}>
          {codeText(t, 'user.status', user.status)}
        </Tag>
      ) : null}
      <br />
      <Typography.Text type="secondary">
        {t('order.idTenant', { id: w.userId, tenant: w.tenantId })}
        {user ? (
          <>
            <br />
            <span title={formatTime(user.joinedAt)}>{accountAge(t, user.joinedAt)}</span>
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
  const t = useT();
  if (!user) return null;
  const money = (amount: string) => formatMoney(amount, user.currency);
  return (
    <span data-testid={`withdrawal-history-${w.orderNo}`}>
      {t('withdrawals.balance')} <b>{money(user.balance)}</b>{' '}
      <Link to={`/finance/ledger?user=${w.userId}`} data-testid={`withdrawal-wallet-${w.orderNo}`}>
        {t('withdrawals.wallet')}
      </Link>
      <br />
      <Typography.Text type="secondary">
        {t('withdrawals.recharged', {
          amount: money(user.recharges30d.amount),
          count: user.recharges30d.count,
          total: money(user.rechargesTotal.amount),
        })}
        <br />
        {t('withdrawals.paidBefore', {
          count: user.withdrawalsPaid.count,
          amount: money(user.withdrawalsPaid.amount),
        })}
        {user.withdrawalsRefused > 0 ? ` · ${t('withdrawals.refusedN', { n: user.withdrawalsRefused })}` : ''}
        {user.withdrawalsOpen > 1 ? ` · ${t('withdrawals.openN', { n: user.withdrawalsOpen })}` : ''}
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
      title:
        approvable.length === 1
          ? t('withdrawals.bulkTitleOne')
          : t('withdrawals.bulkTitle', { n: approvable.length }),
      content: t('withdrawals.bulkText', { total: formatMoney(total.toFixed(2), currency) }),
      okText: t('withdrawals.bulkOk'),
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
      (name) => setExporting(t('withdrawals.saved', { name })),
      (error: unknown) =>
        setExporting(error instanceof Error ? error.message : t('withdrawals.exportFailed')),
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
      title: t('withdrawals.confirmTitle', { action: t(ACTION_LABELS[action]), order: order.orderNo }),
      content: t('withdrawals.confirmText', {
        amount: formatMoney(order.amount, order.currency),
        account: order.destination.account,
        id: order.userId,
        tenant: order.tenantId,
      }),
      okText: t(ACTION_LABELS[action]),
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
          <Typography.Text type="secondary">{t('withdrawals.fee', { fee: w.fee })}</Typography.Text>
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
              {t(ACTION_LABELS[action])}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  const order = dialog?.order;
  const paying = dialog?.action === 'pay';
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.withdrawals')}
      </Typography.Title>
      {bulk.data ? (
        <Alert
          data-testid="withdrawal-bulk-result"
          type={refused.length > 0 ? 'warning' : 'success'}
          showIcon
          closable={{ onClose: () => bulk.reset() }}
          title={
            refused.length > 0
              ? t('withdrawals.bulkApprovedRefused', {
                  n: bulk.data.results.length - refused.length,
                  m: refused.length,
                })
              : t('withdrawals.bulkApproved', { n: bulk.data.results.length })
          }
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
              className="ds-w-170"
              value={query.status}
              onChange={(status) => filter({ status })}
              options={WITHDRAWAL_STAGES.map((s) => ({ value: s, label: t(`withdrawal.stage.${s}`) }))}
            />
            <Input.Search
              data-testid="withdrawal-search"
              allowClear
              placeholder={t('withdrawals.search')}
              className="ds-w-260"
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
        title={
          dialog
            ? t('withdrawals.dialogTitle', {
                action: t(ACTION_LABELS[dialog.action]),
                order: dialog.order.orderNo,
              })
            : ''
        }
        description={
          order && paying ? (
            <Typography.Paragraph>
              {t('withdrawals.payText', {
                amount: formatMoney(order.amount, order.currency),
                account: order.destination.account,
              })}
            </Typography.Paragraph>
          ) : order ? (
            <Typography.Paragraph>
              {t('withdrawals.refundText', {
                amount: formatMoney(order.total, order.currency),
                id: order.userId,
              })}
            </Typography.Paragraph>
          ) : null
        }
        label={paying ? t('withdrawals.bankReference') : t('credit.reason')}
        okText={dialog ? t(ACTION_LABELS[dialog.action]) : ''}
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
