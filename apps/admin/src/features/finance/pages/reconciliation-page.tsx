import type { ReconciliationCurrency } from '@dramastar/contract';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { formatMoney, formatTime } from '../../../shared/format';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type Reconciliation, type ReconciliationQuery, useReconciliation } from '../api/finance';
import { csvFileName, reconciliationCsv } from '../reconciliation-csv';

function download(report: Reconciliation) {
  const blob = new Blob([reconciliationCsv(report)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(report);
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

const ok = (good: boolean) => (good ? <Tag color="green">OK</Tag> : <Tag color="red">MISMATCH</Tag>);

function CurrencyReport({ c }: { c: ReconciliationCurrency }) {
  const money = (v: string) => formatMoney(v, c.currency);
  return (
    <Card
      size="small"
      data-testid={`reconciliation-${c.currency}`}
      title={
        <Space>
          {c.currency}
          <Badge
            status={c.balanced ? 'success' : 'error'}
            text={c.balanced ? 'Reconciled' : 'Mismatch'}
            data-testid={`reconciliation-${c.currency}-balanced`}
            data-balanced={String(c.balanced)}
          />
        </Space>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Descriptions size="small" column={1} bordered title="Money in and out">
            {c.recharges.map((r) => (
              <Descriptions.Item key={r.channel} label={`Recharges credited · ${r.channel}`}>
                <span data-testid={`recharges-${c.currency}-${r.channel}`}>
                  {r.count} · {money(r.amount)}
                </span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="Recharges credited · total">
              <b data-testid={`recharges-${c.currency}-total`}>{money(c.rechargesTotal)}</b>
            </Descriptions.Item>
            <Descriptions.Item label="Withdrawals paid">
              <span data-testid={`withdrawals-paid-${c.currency}`}>
                {c.withdrawalsPaid.count} · {money(c.withdrawalsPaid.amount)} + fees{' '}
                {money(c.withdrawalsPaid.fees)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Withdrawals held at day end (amount + fee)">
              <span data-testid={`withdrawals-held-${c.currency}`}>
                {c.withdrawalsHeld.count} · {money(c.withdrawalsHeld.amount)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Star Card sales">{money(c.sales.cards)}</Descriptions.Item>
            <Descriptions.Item label="Copyright sales">{money(c.sales.copyrights)}</Descriptions.Item>
            {c.payouts.map((p) => (
              <Descriptions.Item key={p.kind} label={`Paid to wallets · ${p.kind}`}>
                {p.count} · {money(p.amount)}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="Ledger sum at day end">
              <span data-testid={`ledger-sum-${c.currency}`}>{money(c.ledgerSum)}</span>
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} lg={12}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Table
              size="small"
              rowKey="code"
              pagination={false}
              title={() => <b>Accounts: opening + movements = closing</b>}
              dataSource={c.systemAccounts}
              columns={[
                { title: 'Account', dataIndex: 'code' },
                { title: 'Opening', dataIndex: 'opening', align: 'right' },
                { title: 'Movements', dataIndex: 'movements', align: 'right' },
                { title: 'Closing', dataIndex: 'closing', align: 'right' },
                { title: '', dataIndex: 'ok', render: (v: boolean) => ok(v) },
              ]}
            />
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              title={() => <b>Checks</b>}
              dataSource={c.checks}
              columns={[
                { title: 'Check', dataIndex: 'name' },
                { title: 'Expected', dataIndex: 'expected', align: 'right' },
                { title: 'Actual', dataIndex: 'actual', align: 'right' },
                { title: '', dataIndex: 'ok', render: (v: boolean) => ok(v) },
              ]}
            />
          </Space>
        </Col>
      </Row>
    </Card>
  );
}

/** One tenant's business day in its time zone, with the ledger's checks; downloadable as CSV. */
export function ReconciliationPage() {
  const [query, setQuery] = useState<ReconciliationQuery>({});
  const report = useReconciliation(query);
  const data = report.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Daily reconciliation
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Input
            type="date"
            data-testid="reconciliation-date"
            style={{ width: 170 }}
            value={query.date ?? data?.date ?? ''}
            onChange={(e) => {
              const date = e.target.value;
              setQuery((q) => ({ ...q, date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined }));
            }}
          />
          <TenantFilter
            value={query.tenantId}
            onChange={(tenantId) => setQuery((q) => ({ ...q, tenantId }))}
          />
          <Button
            icon={<DownloadOutlined />}
            data-testid="reconciliation-csv"
            disabled={!data}
            onClick={() => data && download(data)}
          >
            Download CSV
          </Button>
          <Button onClick={() => void report.refetch()} loading={report.isFetching}>
            Refresh
          </Button>
        </Space>
      </Card>
      {report.error ? <Alert type="error" showIcon title={errorText(report.error)} /> : null}
      {data ? (
        <>
          <Descriptions size="small" column={4} data-testid="reconciliation-summary">
            <Descriptions.Item label="Tenant">{data.tenantId}</Descriptions.Item>
            <Descriptions.Item label="Day">
              {data.date} ({data.timeZone})
            </Descriptions.Item>
            <Descriptions.Item label="Window">
              {formatTime(data.from)} – {formatTime(data.to)}
            </Descriptions.Item>
            <Descriptions.Item label="Result">
              <Badge
                data-testid="reconciliation-balanced"
                data-balanced={String(data.balanced)}
                status={data.balanced ? 'success' : 'error'}
                text={data.balanced ? 'Everything reconciles' : 'Mismatches found'}
              />
            </Descriptions.Item>
          </Descriptions>
          {data.currencies.map((c) => (
            <CurrencyReport key={c.currency} c={c} />
          ))}
        </>
      ) : null}
    </Space>
  );
}
