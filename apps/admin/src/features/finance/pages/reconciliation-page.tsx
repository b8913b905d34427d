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
import { useT } from '../../../shared/i18n';
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
  const t = useT();
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
            text={t(c.balanced ? 'recon.reconciled' : 'recon.mismatch')}
            data-testid={`reconciliation-${c.currency}-balanced`}
            data-balanced={String(c.balanced)}
          />
        </Space>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Descriptions size="small" column={1} bordered title={t('recon.moneyInOut')}>
            {c.recharges.map((r) => (
              <Descriptions.Item key={r.channel} label={t('recon.rechargesBy', { channel: r.channel })}>
                <span data-testid={`recharges-${c.currency}-${r.channel}`}>
                  {r.count} · {money(r.amount)}
                </span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('recon.rechargesTotal')}>
              <b data-testid={`recharges-${c.currency}-total`}>{money(c.rechargesTotal)}</b>
            </Descriptions.Item>
            <Descriptions.Item label={t('charts.withdrawalsPaidBar')}>
              <span data-testid={`withdrawals-paid-${c.currency}`}>
                {c.withdrawalsPaid.count} · {money(c.withdrawalsPaid.amount)} + fees{' '}
                {money(c.withdrawalsPaid.fees)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('recon.held')}>
              <span data-testid={`withdrawals-held-${c.currency}`}>
                {c.withdrawalsHeld.count} · {money(c.withdrawalsHeld.amount)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('recon.cardSales')}>{money(c.sales.cards)}</Descriptions.Item>
            <Descriptions.Item label={t('recon.copyrightSales')}>
              {money(c.sales.copyrights)}
            </Descriptions.Item>
            {c.payouts.map((p) => (
              <Descriptions.Item key={p.kind} label={t('recon.paidTo', { kind: p.kind })}>
                {p.count} · {money(p.amount)}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('recon.ledgerSum')}>
              <span data-testid={`ledger-sum-${c.currency}`}>{money(c.ledgerSum)}</span>
            </Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} lg={12}>
          <Space orientation="vertical" className="ds-fill">
            <Table
              size="small"
              rowKey="code"
              pagination={false}
              title={() => <b>{t('recon.accounts')}</b>}
              dataSource={c.systemAccounts}
              columns={[
                { title: t('ledger.account'), dataIndex: 'code' },
                { title: t('recon.opening'), dataIndex: 'opening', align: 'right' },
                { title: t('recon.movements'), dataIndex: 'movements', align: 'right' },
                { title: t('recon.closing'), dataIndex: 'closing', align: 'right' },
                { title: '', dataIndex: 'ok', render: (v: boolean) => ok(v) },
              ]}
            />
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              title={() => <b>{t('recon.checks')}</b>}
              dataSource={c.checks}
              columns={[
                { title: t('recon.check'), dataIndex: 'name' },
                { title: t('recon.expected'), dataIndex: 'expected', align: 'right' },
                { title: t('recon.actual'), dataIndex: 'actual', align: 'right' },
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
  const t = useT();
  const [query, setQuery] = useState<ReconciliationQuery>({});
  const report = useReconciliation(query);
  const data = report.data;
  return (
    <Space orientation="vertical" size="middle" className="ds-fill">
      <Typography.Title level={3} className="ds-flush">
        {t('recon.title')}
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Input
            type="date"
            data-testid="reconciliation-date"
            className="ds-w-170"
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
            {t('exports.download')}
          </Button>
          <Button onClick={() => void report.refetch()} loading={report.isFetching}>
            {t('recon.refresh')}
          </Button>
        </Space>
      </Card>
      {report.error ? <Alert type="error" showIcon title={errorText(report.error)} /> : null}
      {data ? (
        <>
          <Descriptions size="small" column={4} data-testid="reconciliation-summary">
            <Descriptions.Item label={t('config.tenant')}>{data.tenantId}</Descriptions.Item>
            <Descriptions.Item label={t('recon.day')}>
              {data.date} ({data.timeZone})
            </Descriptions.Item>
            <Descriptions.Item label={t('recon.window')}>
              {formatTime(data.from)} – {formatTime(data.to)}
            </Descriptions.Item>
            <Descriptions.Item label={t('recon.result')}>
              <Badge
                data-testid="reconciliation-balanced"
                data-balanced={String(data.balanced)}
                status={data.balanced ? 'success' : 'error'}
                text={t(data.balanced ? 'recon.allGood' : 'recon.mismatches')}
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
