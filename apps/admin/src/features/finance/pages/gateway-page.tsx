import {
  DELIVERY_OUTCOMES,
  type DeliveryOutcome,
  RECHARGE_STATUSES,
  type RechargeStatus,
} from '@dramastar/contract';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Input,
  Select,
  Space,
  Spin,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatMoney, formatTime } from '../../../shared/format';
import { useT } from '../../../shared/i18n';
import { FilteredTable } from '../../../shared/ui/filtered-table';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import {
  type DeliveriesQuery,
  type DeliveryRow,
  type GatewayPaymentRow,
  type PaymentsQuery,
  useDeliveries,
  useDelivery,
  useGatewayPayments,
  useReconcileGateway,
} from '../api/finance';

const STATUS_COLORS: Record<RechargeStatus, string> = {
  pending: 'gold',
  submitted: 'blue',
  credited: 'green',
  failed: 'red',
  expired: 'default',
  rejected: 'volcano',
};

function outcomeColor(outcome: string): string {
  if (outcome === 'credited') return 'green';
  if (outcome === 'declined') return 'orange';
  if (outcome.startsWith('rejected')) return 'red';
  return 'default';
}

function OrderSearch({ onSearch }: { onSearch: (orderNo: string | undefined) => void }) {
  const t = useT();
  return (
    <Input.Search
      data-testid="filter-order"
      allowClear
      placeholder={t('withdrawals.search')}
      className="ds-w-220"
      maxLength={40}
      onSearch={(v) => onSearch(v.trim() || undefined)}
    />
  );
}

function Payments({ onDeliveries }: { onDeliveries: (orderNo: string) => void }) {
  const t = useT();
  const [query, setQuery] = useState<PaymentsQuery>({ pageNum: 1, pageSize: 20 });
  const list = useGatewayPayments(query);
  const filter = (patch: Partial<PaymentsQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const columns: TableColumnsType<GatewayPaymentRow> = [
    {
      title: t('col.order'),
      key: 'order',
      render: (_, p) => (
        <span>
          <code>{p.orderNo}</code>
          <br />
          <Typography.Text type="secondary">
            {p.tenantId} · user {p.userId}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('gateway.providerPayment'),
      key: 'provider',
      render: (_, p) => (
        <span>
          <Tag>{p.provider}</Tag>
          <code>{p.providerRef ?? '—'}</code>
          <br />
          <Typography.Text type="secondary">txn {p.providerTxnId ?? '—'}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('credits.amount'),
      key: 'amount',
      align: 'right',
      render: (_, p) => formatMoney(p.amount, p.currency),
    },
    {
      title: t('col.status'),
      dataIndex: 'status',
      render: (s: RechargeStatus, p) => (
        <Tag
          color={STATUS_COLORS[s]}
          title={p.reason ?? undefined}
          data-testid={`payment-status-${p.orderNo}`}
          data-status={s}
        >
          {t(`recharge.status.${s}`)}
        </Tag>
      ),
    },
    {
      title: t('gateway.createdCredited'),
      key: 'times',
      render: (_, p) => (
        <span>
          {formatTime(p.createdAt)}
          <br />
          <Typography.Text type="secondary">{formatTime(p.creditedAt ?? p.closedAt)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('gateway.webhooks'),
      key: 'deliveries',
      render: (_, p) => (
        <Button size="small" type="link" onClick={() => onDeliveries(p.orderNo)}>
          {p.deliveries} deliver{p.deliveries === 1 ? 'y' : 'ies'}
        </Button>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <FilteredTable<GatewayPaymentRow>
        testId="payments-table"
        rowKey="orderNo"
        scroll={{ x: 1000 }}
        columns={columns}
        result={list}
        page={query}
        onPage={(page) => setQuery((q) => ({ ...q, ...page }))}
        filters={
          <>
            <Select<RechargeStatus | undefined>
              data-testid="filter-status"
              allowClear
              placeholder={t('filter.anyStatus')}
              className="ds-w-150"
              value={query.status}
              onChange={(status) => filter({ status })}
              options={RECHARGE_STATUSES.map((s) => ({ value: s, label: s }))}
            />
            <OrderSearch onSearch={(orderNo) => filter({ orderNo })} />
            <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
          </>
        }
      />
    </Space>
  );
}

function DeliveryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT();
  const detail = useDelivery(id);
  const d = detail.data;
  return (
    <Drawer open={id !== null} onClose={onClose} title={t('gateway.delivery', { id: id ?? '' })} size={640}>
      <div data-testid="delivery-drawer">
        {detail.isLoading ? <Spin /> : null}
        {detail.error ? <Alert type="error" showIcon title={errorText(detail.error)} /> : null}
        {d ? (
          <Space orientation="vertical" className="ds-fill">
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('gateway.provider')}>{d.provider}</Descriptions.Item>
              <Descriptions.Item label={t('gateway.received')}>{formatTime(d.receivedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('gateway.signature')}>
                {d.signatureValid ? <Tag color="green">valid</Tag> : <Tag color="red">invalid</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label={t('gateway.outcome')}>
                <Tag color={outcomeColor(d.outcome)}>{d.outcome}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label={t('col.order')}>
                {d.orderNo ? <code>{d.orderNo}</code> : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('config.tenant')}>{d.tenantId ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('gateway.transaction')}>{d.providerTxnId ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('gateway.payload')}>
                {t(d.truncated ? 'gateway.bytesTruncated' : 'gateway.bytes', { n: d.payloadBytes })}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph copyable={{ text: d.payload }} className="ds-flush-end">
              {t('gateway.asReceived')}
            </Typography.Paragraph>
            <pre data-testid="delivery-payload" className="ds-payload">
              {prettyJson(d.payload)}
            </pre>
          </Space>
        ) : null}
      </div>
    </Drawer>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text) as unknown, null, 2);
  } catch {
    return text;
  }
}

function Deliveries({ orderNo }: { orderNo: string | undefined }) {
  const t = useT();
  const [query, setQuery] = useState<DeliveriesQuery>({ pageNum: 1, pageSize: 20, orderNo });
  const [open, setOpen] = useState<string | null>(null);
  const list = useDeliveries(query);
  const filter = (patch: Partial<DeliveriesQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const columns: TableColumnsType<DeliveryRow> = [
    { title: t('gateway.received'), dataIndex: 'receivedAt', render: (v: string) => formatTime(v) },
    { title: t('gateway.provider'), dataIndex: 'provider' },
    {
      title: t('gateway.signature'),
      dataIndex: 'signatureValid',
      render: (ok: boolean) => (ok ? <Tag color="green">valid</Tag> : <Tag color="red">invalid</Tag>),
    },
    {
      title: t('gateway.outcome'),
      dataIndex: 'outcome',
      render: (o: string, d) => (
        <Tag color={outcomeColor(o)} data-testid={`delivery-outcome-${d.id}`}>
          {o}
        </Tag>
      ),
    },
    {
      title: t('col.order'),
      key: 'order',
      render: (_, d) => (d.orderNo ? <code>{d.orderNo}</code> : '—'),
    },
    { title: t('media.size'), dataIndex: 'payloadBytes', align: 'right', render: (n: number) => `${n} B` },
    {
      title: '',
      key: 'open',
      render: (_, d) => (
        <Button size="small" data-testid={`delivery-open-${d.id}`} onClick={() => setOpen(d.id)}>
          {t('gateway.details')}
        </Button>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <FilteredTable<DeliveryRow>
        testId="deliveries-table"
        rowKey="id"
        scroll={{ x: 900 }}
        columns={columns}
        result={list}
        page={query}
        onPage={(page) => setQuery((q) => ({ ...q, ...page }))}
        filters={
          <>
            <Select<DeliveryOutcome | undefined>
              data-testid="filter-outcome"
              allowClear
              placeholder={t('gateway.anyOutcome')}
              className="ds-w-150"
              value={query.outcome}
              onChange={(outcome) => filter({ outcome })}
              options={DELIVERY_OUTCOMES.map((o) => ({ value: o, label: o }))}
            />
            <Input.Search
              data-testid="filter-delivery-order"
              allowClear
              placeholder={t('withdrawals.search')}
              className="ds-w-220"
              maxLength={40}
              defaultValue={orderNo}
              onSearch={(v) => filter({ orderNo: v.trim() || undefined })}
            />
            <TenantFilter value={query.tenantId} onChange={(tenantId) => filter({ tenantId })} />
          </>
        }
      />
      <DeliveryDrawer id={open} onClose={() => setOpen(null)} />
    </Space>
  );
}

/** The card gateway: its payments (card-channel recharges) and every webhook delivery received. */
/**
 * Asks the providers now about card payments still pending after 15 minutes (the server also does
 * so every 5 minutes), and applies their answers as their callbacks would have.
 */
function ReconcileButton() {
  const t = useT();
  const { message } = App.useApp();
  const reconcile = useReconcileGateway();
  return (
    <Button
      data-testid="reconcile-gateway"
      loading={reconcile.isPending}
      onClick={() =>
        reconcile.mutate(
          { olderThanMinutes: 15 },
          {
            onSuccess: (r) =>
              void message.success(
                t('gateway.asked', {
                  checked: r.checked,
                  credited: r.credited,
                  declined: r.declined,
                  pending: r.pending,
                }) + (r.errors ? t('gateway.askErrors', { n: r.errors }) : ''),
              ),
            onError: (error) => void message.error(errorText(error)),
          },
        )
      }
    >
      {t('gateway.ask')}
    </Button>
  );
}

export function GatewayPage() {
  const t = useT();
  const [tab, setTab] = useState('payments');
  const [orderNo, setOrderNo] = useState<string | undefined>(undefined);
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Space className="ds-apart">
        <Typography.Title level={3} className="ds-flush">
          {t('nav.gateway')}
        </Typography.Title>
        <ReconcileButton />
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'payments',
            label: t('gateway.payments'),
            children: (
              <Payments
                onDeliveries={(o) => {
                  setOrderNo(o);
                  setTab('deliveries');
                }}
              />
            ),
          },
          {
            key: 'deliveries',
            label: <span data-testid="tab-deliveries">{t('gateway.deliveries')}</span>,
            children: <Deliveries key={orderNo ?? ''} orderNo={orderNo} />,
          },
        ]}
      />
    </Space>
  );
}
