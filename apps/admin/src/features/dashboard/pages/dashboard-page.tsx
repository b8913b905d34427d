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
import { tenantLabel, useMyTenants } from '../../../shared/api/my-tenants';
import { useT } from '../../../shared/i18n';
import { WaitingForYou } from '../components/waiting-for-you';
import { type DashboardQuery, useDashboardStats } from '../api/dashboard-stats';
import { useDoctor } from '../api/doctor';
import { useLedgerHealth } from '../api/ledger-health';
import { MoneyCharts, UsersChart } from '../components/stats-charts';
import { shiftDay } from '../dashboard-figures';

/** The ledger's balance check (every currency's accounts sum to zero) as a light. */
function LedgerHealth() {
  const t = useT();
  const health = useLedgerHealth();
  return (
    <Card
      title={t('dashboard.ledger.title')}
      data-testid="ledger-health"
      extra={
        health.data ? (
          <Badge
            data-testid="ledger-light"
            data-balanced={String(health.data.balanced)}
            status={health.data.balanced ? 'success' : 'error'}
            text={health.data.balanced ? t('dashboard.ledger.balanced') : t('dashboard.ledger.unbalanced')}
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
        locale={{ emptyText: t('dashboard.ledger.empty') }}
        columns={[
          { title: t('dashboard.ledger.currency'), dataIndex: 'currency' },
          { title: t('dashboard.ledger.accounts'), dataIndex: 'accounts', align: 'right' },
          {
            title: t('dashboard.ledger.sum'),
            dataIndex: 'sum',
            align: 'right',
            render: (sum: string) => (
              <Badge status={sum === '0' ? 'success' : 'error'} text={<code>{sum}</code>} />
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" className="ds-note">
        {t('dashboard.ledger.explain')}
      </Typography.Paragraph>
    </Card>
  );
}

/** The doctor's list for the owner: what production misses or has unsafe, errors first. */
function Doctor() {
  const t = useT();
  const doctor = useDoctor();
  const findings = [...(doctor.data?.findings ?? [])].sort((a, b) =>
    a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1,
  );
  const errors = findings.filter((f) => f.severity === 'error').length;
  return (
    <Card
      title={t('dashboard.doctor.title')}
      data-testid="doctor"
      extra={
        doctor.data ? (
          <Badge
            data-testid="doctor-light"
            status={errors ? 'error' : findings.length ? 'warning' : 'success'}
            text={
              errors
                ? t('dashboard.doctor.toFix', { n: errors })
                : findings.length
                  ? t('dashboard.doctor.warnings')
                  : t('dashboard.doctor.none')
            }
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
        locale={{ emptyText: t('dashboard.doctor.none') }}
        columns={[
          {
            title: '',
            dataIndex: 'severity',
            width: 90,
            render: (severity: string) => (
              <Badge status={severity === 'error' ? 'error' : 'warning'} text={severity} />
            ),
          },
          { title: t('dashboard.doctor.what'), dataIndex: 'subject' },
          { title: t('dashboard.doctor.finding'), dataIndex: 'message' },
        ]}
      />
      <Typography.Paragraph type="secondary" className="ds-note">
        {t('dashboard.doctor.explain')} <code>npm run doctor</code>
      </Typography.Paragraph>
    </Card>
  );
}

const PRESETS = [7, DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS] as const;

/** Per-day charts of one tenant (days in its time zone) for a chosen range. */
function Figures({ tenantId }: { tenantId: string | undefined }) {
  const t = useT();
  const tenants = useMyTenants();
  const [range, setQuery] = useState<Omit<DashboardQuery, 'tenantId'>>({});
  const query: DashboardQuery = { ...range, tenantId };
  const [preset, setPreset] = useState<number | null>(DASHBOARD_DEFAULT_DAYS);
  const stats = useDashboardStats(query, true);
  const data = stats.data;
  const to = data?.to ?? '';
  const setRange = (from: string | undefined, until: string | undefined) => {
    setPreset(null);
    setQuery((q) => ({ ...q, from, to: until }));
  };
  return (
    <Space orientation="vertical" size="large" className="ds-fill" data-testid="dashboard-charts">
      <Card size="small">
        <Space wrap>
          <Segmented<number | string>
            data-testid="range-preset"
            value={preset ?? 'custom'}
            options={[
              ...PRESETS.map((d) => ({ value: d, label: t('dashboard.days', { n: d }) })),
              { value: 'custom', label: t('dashboard.custom'), disabled: true },
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
            aria-label={t('dashboard.from')}
            className="ds-w-160"
            value={query.from ?? data?.from ?? ''}
            onChange={(e) => setRange(e.target.value || undefined, query.to ?? data?.to)}
          />
          <span>{t('dashboard.until')}</span>
          <Input
            type="date"
            data-testid="range-to"
            aria-label={t('dashboard.to')}
            className="ds-w-160"
            value={query.to ?? data?.to ?? ''}
            onChange={(e) => setRange(query.from ?? data?.from, e.target.value || undefined)}
          />
          {data ? (
            <Typography.Text type="secondary" data-testid="dashboard-tenant">
              {t('dashboard.figuresOf', {
                tenant: tenantLabel(tenants.data?.list, data.tenantId),
                zone: data.timeZone,
                max: DASHBOARD_MAX_DAYS,
              })}
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
  const t = useT();
  const tenants = useMyTenants();
  return (
    <Card title={t('dashboard.access.title')} data-testid="dashboard-access">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('dashboard.access.operator')}>{operator.username}</Descriptions.Item>
        <Descriptions.Item label={t('dashboard.access.role')}>{t(`role.${operator.role}`)}</Descriptions.Item>
        <Descriptions.Item label={t('dashboard.access.tenants')}>
          {operator.tenantIds.length
            ? operator.tenantIds.map((id) => tenantLabel(tenants.data?.list, id)).join(', ')
            : t('tenant.every')}
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
  const t = useT();
  const tenants = useMyTenants();
  const changes = useSensitiveChanges(true);
  const list = changes.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="dashboard-sensitive-changes"
      title={t('dashboard.sensitive.title')}
      description={
        <ul className="ds-list ds-list-tight">
          {list.map((e) => (
            <li key={e.id}>
              {e.action === 'config.wallet.collection'
                ? t('dashboard.sensitive.collection', {
                    operator: e.operator,
                    tenant: e.tenantId ? tenantLabel(tenants.data?.list, e.tenantId) : '—',
                    time: formatTime(e.createdAt),
                  })
                : t('dashboard.sensitive.keys', {
                    operator: e.operator,
                    provider: e.target.split(':').at(-1) ?? '—',
                    tenant: e.tenantId ? tenantLabel(tenants.data?.list, e.tenantId) : '—',
                    time: formatTime(e.createdAt),
                  })}
            </li>
          ))}
        </ul>
      }
    />
  );
}

export function DashboardPage() {
  const t = useT();
  const operator = useSession((s) => s.operator);
  const [tenantId, setTenantId] = useState<string | undefined>(undefined);
  const figures = operator ? roleMayCall(operator.role, adminDashboardApi.stats) : false;
  const health = operator ? roleMayCall(operator.role, adminApi.ledgerHealth) : false;
  const doctor = operator ? roleMayCall(operator.role, adminDashboardApi.doctor) : false;
  const manyTenants = operator ? operator.tenantIds.length !== 1 : false;
  return (
    <Space orientation="vertical" size="large" className="ds-fill">
      <Space wrap align="center" className="ds-apart">
        <Typography.Title level={3} className="ds-flush">
          {t('nav.dashboard')}
        </Typography.Title>
        {manyTenants ? <TenantFilter value={tenantId} onChange={setTenantId} /> : null}
      </Space>
      <WaitingForYou tenantId={tenantId} />
      {operator && (operator.role === 'owner' || operator.role === 'tenant_admin') ? (
        <SensitiveChanges />
      ) : null}
      {figures ? <Figures tenantId={tenantId} /> : null}
      {doctor ? <Doctor /> : null}
      {health ? <LedgerHealth /> : null}
      {!figures && operator ? (
        <Card data-testid="dashboard-welcome">
          <Typography.Title level={4} className="ds-flush-top">
            {t('dashboard.welcome', { name: operator.username })}
          </Typography.Title>
          <Typography.Paragraph className="ds-flush-end">
            {operator.role === 'content'
              ? t('dashboard.start.content')
              : operator.role === 'support'
                ? t('dashboard.start.support')
                : t('dashboard.start.other')}
          </Typography.Paragraph>
        </Card>
      ) : null}
      {operator ? <Access operator={operator} /> : null}
    </Space>
  );
}
