import {
  RECHARGE_CHANNELS,
  RECHARGE_STATUSES,
  type RechargeChannel,
  type RechargeStatus,
} from '@dramastar/contract';
import { Button, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, formatTime } from '../../../shared/format';
import { FilteredTable } from '../../../shared/ui/filtered-table';
import { PromptDialog } from '../../../shared/ui/prompt-dialog';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { useUrlFilters } from '../../../shared/ui/url-filters';
import { useT } from '../../../shared/i18n';
import {
  type AdminRecharge,
  type RechargeQuery,
  useConfirmRecharge,
  useRecharges,
  useRejectRecharge,
} from '../api/recharges';
import { ConfirmRechargeDialog } from '../components/confirm-recharge-dialog';
import { canConfirm, canReject, STATUS_COLORS } from '../recharge-actions';

type Dialog = { kind: 'confirm' | 'reject'; order: AdminRecharge } | null;

/** What identifies the money: the official transfer's reference, or the USDT hash the user gave. */
function referenceOf(order: AdminRecharge): string {
  return order.official?.reference ?? order.usdt?.txHash ?? '—';
}

export function RechargesPage() {
  const t = useT();
  const initial = useUrlFilters(RECHARGE_STATUSES);
  const [query, setQuery] = useState<RechargeQuery>({ pageNum: 1, pageSize: 20, ...initial });
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useRecharges(query);
  const confirm = useConfirmRecharge();
  const reject = useRejectRecharge();
  const filter = (patch: Partial<RechargeQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const close = () => {
    setDialog(null);
    confirm.reset();
    reject.reset();
  };

  const columns: TableColumnsType<AdminRecharge> = [
    { title: t('col.order'), dataIndex: 'orderNo', render: (v: string) => <code>{v}</code> },
    {
      title: t('col.user'),
      key: 'who',
      render: (_, r) => (
        <span>
          <Link to={`/users?userId=${r.userId}`} data-testid={`recharge-user-${r.orderNo}`}>
            {r.userEmail ?? r.userPhone ?? `user ${r.userId}`}
          </Link>
          <br />
          <Typography.Text type="secondary">
            {t('order.idTenant', { id: r.userId, tenant: r.tenantId })}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('col.channel'),
      dataIndex: 'channel',
      render: (c: RechargeChannel) => t(`recharge.channel.${c}`),
    },
    {
      title: t('recharges.paidCredit'),
      key: 'amount',
      align: 'right',
      render: (_, r) => (
        <span>
          {formatMoney(r.amount, r.payCurrency)}
          {r.receivedAmount !== null && r.receivedAmount !== r.amount ? (
            <>
              <br />
              <Tag color="orange" data-testid={`recharge-received-${r.orderNo}`}>
                received {formatMoney(r.receivedAmount, r.payCurrency)}
              </Tag>
            </>
          ) : null}
          <br />
          <Typography.Text type="secondary">→ {formatMoney(r.creditAmount, r.currency)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('col.status'),
      dataIndex: 'status',
      render: (s: RechargeStatus, r) => (
        <Tag color={STATUS_COLORS[s]} title={r.reason ?? undefined} data-status={s}>
          {t(`recharge.status.${s}`)}
        </Tag>
      ),
    },
    { title: t('operators.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: t('col.referenceHash'),
      key: 'reference',
      render: (_, r) => (
        <span>
          {referenceOf(r) === '—' ? (
            '—'
          ) : (
            <Typography.Text code copyable className="ds-max-160" ellipsis={{ tooltip: referenceOf(r) }}>
              {referenceOf(r)}
            </Typography.Text>
          )}
          {r.matchedReference ? (
            <>
              <br />
              <Typography.Text
                type="secondary"
                className="ds-max-160"
                ellipsis={{ tooltip: r.matchedReference }}
              >
                matched {r.matchedReference}
              </Typography.Text>
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space>
          {canConfirm(r) ? (
            <Button
              size="small"
              type="primary"
              data-testid={`recharge-confirm-${r.orderNo}`}
              onClick={() => setDialog({ kind: 'confirm', order: r })}
            >
              Confirm
            </Button>
          ) : null}
          {canReject(r) ? (
            <Button
              size="small"
              danger
              data-testid={`recharge-reject-${r.orderNo}`}
              onClick={() => setDialog({ kind: 'reject', order: r })}
            >
              Reject
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const order = dialog?.order;
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.recharges')}
      </Typography.Title>
      <FilteredTable<AdminRecharge>
        testId="recharges-table"
        rowKey="orderNo"
        scroll={{ x: 1000 }}
        columns={columns}
        result={list}
        page={query}
        onPage={(page) => setQuery((q) => ({ ...q, ...page }))}
        filters={
          <>
            <Input.Search
              data-testid="recharge-search"
              allowClear
              placeholder={t('recharges.search')}
              className="ds-w-360"
              defaultValue={initial.q}
              onSearch={(value) => filter({ q: value.trim() || undefined })}
            />
            <Select<RechargeStatus | undefined>
              data-testid="filter-status"
              allowClear
              placeholder={t('filter.anyStatus')}
              className="ds-w-150"
              value={query.status}
              onChange={(status) => filter({ status })}
              options={RECHARGE_STATUSES.map((s) => ({ value: s, label: t(`recharge.status.${s}`) }))}
            />
            <Select<RechargeChannel | undefined>
              data-testid="filter-channel"
              allowClear
              placeholder={t('filter.anyChannel')}
              className="ds-w-150"
              value={query.channel}
              onChange={(channel) => filter({ channel })}
              options={RECHARGE_CHANNELS.map((c) => ({ value: c, label: t(`recharge.channel.${c}`) }))}
            />
            <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
          </>
        }
      />
      <ConfirmRechargeDialog
        order={dialog?.kind === 'confirm' ? order : undefined}
        pending={confirm.isPending}
        error={confirm.error}
        onCancel={close}
        onSubmit={(value) => {
          if (order) confirm.mutate({ orderNo: order.orderNo, ...value }, { onSuccess: close });
        }}
      />
      <PromptDialog
        testId="recharge-reject-dialog"
        open={dialog?.kind === 'reject'}
        title={t('recharges.rejectTitle', { order: order?.orderNo ?? '' })}
        label={t('credit.reason')}
        okText={t('recharges.reject')}
        danger
        multiline
        minLength={3}
        maxLength={300}
        pending={reject.isPending}
        error={reject.error}
        onCancel={close}
        onSubmit={(reason) => {
          if (order) reject.mutate({ orderNo: order.orderNo, reason }, { onSuccess: close });
        }}
      />
    </Space>
  );
}
