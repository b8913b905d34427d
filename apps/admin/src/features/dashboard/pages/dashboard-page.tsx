import {
  adminApi,
  adminDashboardApi,
  DASHBOARD_DEFAULT_DAYS,
  DASHBOARD_MAX_DAYS,
  type OperatorInfo,
  roleMayCall,
} from '@dramastar/contract';
import { Alert, Badge, Card, Descriptions, Input, Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/session';
import { formatTime } from '../../../shared/format';
import { useSensitiveChanges } from '../api/sensitive-changes';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type DashboardQuery, useDashboardStats } from '../api/dashboard-stats';
import { useDoctor } from '../api/doctor';
import { useLedgerHealth } from '../api/ledger-health';
import { MoneyCharts, UsersChart } from '../components/stats-charts';
import { shiftDay } from '../dashboard-figures';

/** The ledger's balance check (every currency's accounts sum to zero) as a light. */
function LedgerHealth() {
  const health = useLedgerHealth();
  return (
    <Card
      title="Ledger health"
      data-testid="ledger-health"
      extra={
        health.data ? (
          <Badge
            data-testid="ledger-light"
            data-balanced={String(health.data.balanced)}
            status={health.data.balanced ? 'success' : 'error'}
            text={health.data.balanced ? 'Balanced' : 'NOT balanced'}
          />
        ) : null
      }
    >
      {health.error ? <Alert type="error" showIcon title={errorText(health.error)} /> : null}
      <Table
        size="small"
        rowKey="currency"
        loading={health.isLoading}
        pagination={false}
        dataSource={health.data?.currencies ?? []}
        locale={{ emptyText: 'No ledger accounts yet' }}
        columns={[
          { title: 'Currency', dataIndex: 'currency' },
          { title: 'Accounts', dataIndex: 'accounts', align: 'right' },
          {
            title: 'Sum of balances',
            dataIndex: 'sum',
            align: 'right',
            render: (sum: string) => (
              <Badge status={sum === '0' ? 'success' : 'error'} text={<code>{sum}</code>} />
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Double-entry: for each currency the balances of all accounts (users, system, payouts) must add up to
        zero. Sums are in minor units.
      </Typography.Paragraph>
    </Card>
  );
}

/** The doctor's list for the owner: what production misses or has unsafe, errors first. */
function Doctor() {
  const doctor = useDoctor();
  const findings = [...(doctor.data?.findings ?? [])].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  );
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <Card
      title="Deployment check"
      data-testid="doctor"
      extra={
        doctor.data ? (
          <Badge
            data-testid="doctor-light"
            status={errors ? 'error' : findings.length ? 'warning' : 'success'}
            text={errors ? `${errors} to fix` : findings.length ? 'Warnings' : 'Nothing missing'}
          />
        ) : null
      }
    >
      {doctor.error ? <Alert type="error" showIcon title={errorText(doctor.error)} /> : null}
      <Table
        size="small"
        rowKey={(f) => `${f.subject}:${f.message}`}
        loading={doctor.isLoading}
        pagination={false}
        dataSource={findings}
        locale={{ emptyText: 'Nothing missing' }}
        columns={[
          {
            title: '',
            dataIndex: 'severity',
            width: 90,
            render: (severity: string) => (
              <Badge status={severity === 'error' ? 'error' : 'warning'} text={severity} />
            ),
          },
          { title: 'What', dataIndex: 'subject' },
          { title: 'Finding', dataIndex: 'message' },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        The server&apos;s settings and every tenant&apos;s, as <code>npm run doctor</code> prints them.
      </Typography.Paragraph>
    </Card>
  );
}

const PRESETS = [7, DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS] as const;

/** Per-day charts of one tenant (days in its time zone) for a chosen range. */
function Figures() {
  const [query, setQuery] = useState<DashboardQuery>({});
  const [preset, setPreset] = useState<number | null>(DASHBOARD_DEFAULT_DAYS);
  const stats = useDashboardStats(query, true);
  const data = stats.data;
  const to = data?.to ?? '';
  const setRange = (from: string | undefined, until: string | undefined) => {
    setPreset(null);
    setQuery((q) => ({ ...q, from, to: until }));
  };
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="dashboard-charts">
      <Card size="small">
        <Space wrap>
          <Segmented<number | string>
            data-testid="range-preset"
            value={preset ?? 'custom'}
            options={[
              ...PRESETS.map((d) => ({ value: d, label: `${d} days` })),
              { value: 'custom', label: 'Custom', disabled: true },
            ]}
            onChange={(v) => {
              if (typeof v !== 'number') return;
              setPreset(v);
              // The last `v` days up to the range's end (today when the server chose it).
              setQuery((q) => ({ ...q, from: to ? shiftDay(to, -(v - 1)) : undefined, to: to || undefined }));
            }}
          />
          <Input
            type="date"
            data-testid="range-from"
            aria-label="From"
            style={{ width: 160 }}
            value={query.from ?? data?.from ?? ''}
            onChange={(e) => setRange(e.target.value || undefined, query.to ?? data?.to)}
          />
          <span>to</span>
          <Input
            type="date"
            data-testid="range-to"
            aria-label="To"
            style={{ width: 160 }}
            value={query.to ?? data?.to ?? ''}
            onChange={(e) => setRange(query.from ?? data?.from, e.target.value || undefined)}
          />
          <TenantFilter
            value={query.tenantId}
            onChange={(tenantId) => setQuery((q) => ({ ...q, tenantId }))}
          />
          {data ? (
            <Typography.Text type="secondary" data-testid="dashboard-tenant">
              Tenant {data.tenantId} · days in {data.timeZone} · up to {DASHBOARD_MAX_DAYS} days
            </Typography.Text>
          ) : null}
        </Space>
      </Card>
      {stats.error ? (
        <Alert type="error" showIcon title={errorText(stats.error)} data-testid="dashboard-error" />
      ) : null}
      {data ? (
        <>
          <UsersChart stats={data} />
          {data.money.map((m) => (
            <MoneyCharts key={m.currency} currency={m.currency} days={m.days} />
          ))}
        </>
      ) : null}
    </Space>
  );
}

function Access({ operator }: { operator: OperatorInfo }) {
  return (
    <Card title="Your access" data-testid="dashboard-access">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="Operator">{operator.username}</Descriptions.Item>
        <Descriptions.Item label="Role">{operator.role}</Descriptions.Item>
        <Descriptions.Item label="Tenants">
          {operator.tenantIds.length ? operator.tenantIds.join(', ') : 'All tenants'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/**
 * Home. Finance roles (owner, tenant admin, finance) see the figures and the ledger's health light;
 * the other roles a welcome with their access and where to start, without figures.
 */
/**
 * Changes of where users pay and of provider keys in the last week, at the top for the owner and
 * admins: each was confirmed with an authenticator code, and each is someone else's to check.
 */
function SensitiveChanges() {
  const changes = useSensitiveChanges(true);
  const list = changes.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="dashboard-sensitive-changes"
      title="Where users pay changed this week"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {list.map((e) => (
            <li key={e.id}>
              {e.operator}{' '}
              {e.action === 'config.wallet.collection'
                ? 'changed the collection account or USDT address'
                : `set new keys of ${e.target.split(':').at(-1) ?? 'a payment provider'}`}{' '}
              of tenant {e.tenantId ?? '—'} on {formatTime(e.createdAt)}
            </li>
          ))}
        </ul>
      }
    />
  );
}

export function DashboardPage() {
  const operator = useSession((s) => s.operator);
  const figures = operator ? roleMayCall(operator.role, adminDashboardApi.stats) : false;
  const health = operator ? roleMayCall(operator.role, adminApi.ledgerHealth) : false;
  const doctor = operator ? roleMayCall(operator.role, adminDashboardApi.doctor) : false;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Dashboard
      </Typography.Title>
      {doctor ? <Doctor /> : null}
      {operator && (operator.role === 'owner' || operator.role === 'tenant_admin') ? (
        <SensitiveChanges />
      ) : null}
      {figures ? <Figures /> : null}
      {health ? <LedgerHealth /> : null}
      {!figures && operator ? (
        <Card data-testid="dashboard-welcome">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            Welcome, {operator.username}
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {operator.role === 'content'
              ? 'Manage series, episodes and banners from the Content menu.'
              : operator.role === 'support'
                ? 'Look users up under Users and answer customers in Support.'
                : 'Use the menu to start.'}
          </Typography.Paragraph>
        </Card>
      ) : null}
      {operator ? <Access operator={operator} /> : null}
    </Space>
  );
}
