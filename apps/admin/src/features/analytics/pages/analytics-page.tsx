import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '@dramastar/contract';
import { Alert, Button, Card, Col, Input, Row, Space, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type AnalyticsOverview, type AnalyticsQuery, useAnalyticsOverview } from '../api/analytics-overview';
import { type AnalyticsSeriesDetail, useAnalyticsSeries } from '../api/analytics-series';
import { downloadCsv, toCsv } from '../analytics-csv';
import { DailyChart, DropOffChart, FunnelChart, RetentionChart } from '../components/analytics-charts';

type SeriesRow = AnalyticsOverview['series'][number];
type EpisodeRow = AnalyticsSeriesDetail['episodes'][number];
type FunnelRow = AnalyticsOverview['funnel'][number];

const pct = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

const FUNNEL_COLUMNS = [
  { title: 'Source', value: (r: FunnelRow) => r.source },
  { title: 'Visited', value: (r: FunnelRow) => r.visitors },
  { title: 'First play', value: (r: FunnelRow) => r.played },
  { title: 'Signed up', value: (r: FunnelRow) => r.signedUp },
  { title: 'First purchase', value: (r: FunnelRow) => r.purchased },
];
const SERIES_COLUMNS = [
  { title: 'Series', value: (r: SeriesRow) => r.title },
  { title: 'Viewers', value: (r: SeriesRow) => r.viewers },
  { title: 'Avg watch (s)', value: (r: SeriesRow) => r.avgWatchSeconds },
  { title: 'Paywall reach', value: (r: SeriesRow) => r.paywallViewers },
  { title: 'Conversions', value: (r: SeriesRow) => r.conversions },
  { title: 'Conversion', value: (r: SeriesRow) => pct(r.conversionRate) },
  { title: 'Revenue', value: (r: SeriesRow) => r.revenue },
];
const EPISODE_COLUMNS = [
  { title: 'Episode', value: (r: EpisodeRow) => r.episode },
  { title: 'Started', value: (r: EpisodeRow) => r.viewers },
  { title: '25 %', value: (r: EpisodeRow) => r.p25 },
  { title: '50 %', value: (r: EpisodeRow) => r.p50 },
  { title: '75 %', value: (r: EpisodeRow) => r.p75 },
  { title: 'Completed', value: (r: EpisodeRow) => r.completed },
  { title: 'Stopped here', value: (r: EpisodeRow) => r.stopped },
  { title: 'Avg watch (s)', value: (r: EpisodeRow) => r.avgWatchSeconds },
  { title: 'Paywall shown', value: (r: EpisodeRow) => r.paywallViewers },
  { title: 'Buy', value: (r: EpisodeRow) => r.unlock.buy },
  { title: 'Trial', value: (r: EpisodeRow) => r.unlock.trial },
  { title: 'Sign in', value: (r: EpisodeRow) => r.unlock.signIn },
  { title: 'Dismiss', value: (r: EpisodeRow) => r.unlock.dismiss },
  { title: 'Conversions', value: (r: EpisodeRow) => r.conversions },
  { title: 'Revenue', value: (r: EpisodeRow) => r.revenue },
];

/** Antd columns from the CSV columns: what the table shows is what the file holds. */
const tableColumns = <T,>(columns: { title: string; value: (r: T) => string | number | boolean | null }[]) =>
  columns.map((c, i) => ({
    key: String(i),
    title: c.title,
    align: i === 0 ? ('left' as const) : ('right' as const),
    render: (_: unknown, row: T) => String(c.value(row) ?? ''),
  }));

function CsvButton({ name, csv, testId }: { name: string; csv: () => string; testId: string }) {
  return (
    <Button size="small" data-testid={testId} onClick={() => downloadCsv(name, csv())}>
      CSV
    </Button>
  );
}

/**
 * What is watched and what converts, per tenant and range (its days in its time zone), read from
 * the daily rollups: the funnel by source, retention, paying users, series and a series' drop-off.
 */
export function AnalyticsPage() {
  const [query, setQuery] = useState<AnalyticsQuery>({});
  const [seriesId, setSeriesId] = useState<number | null>(null);
  const overview = useAnalyticsOverview(query);
  const data = overview.data;
  const chosen = seriesId ?? data?.series[0]?.seriesId ?? null;
  const detail = useAnalyticsSeries(chosen, query);
  const range = data ? `${data.tenantId}-${data.from}-${data.to}` : 'range';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="analytics-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        Analytics
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Input
            type="date"
            aria-label="From"
            data-testid="analytics-from"
            style={{ width: 160 }}
            value={query.from ?? data?.from ?? ''}
            onChange={(e) => setQuery((q) => ({ ...q, from: e.target.value || undefined }))}
          />
          <span>to</span>
          <Input
            type="date"
            aria-label="To"
            data-testid="analytics-to"
            style={{ width: 160 }}
            value={query.to ?? data?.to ?? ''}
            onChange={(e) => setQuery((q) => ({ ...q, to: e.target.value || undefined }))}
          />
          <TenantFilter
            value={query.tenantId}
            onChange={(tenantId) => setQuery((q) => ({ ...q, tenantId }))}
          />
          <Typography.Text type="secondary">
            {data ? `Tenant ${data.tenantId} · days in ${data.timeZone} · ` : ''}default{' '}
            {ANALYTICS_DEFAULT_DAYS} days, up to {ANALYTICS_MAX_DAYS} · figures from the daily rollups
          </Typography.Text>
        </Space>
      </Card>
      {overview.error ? <Alert type="error" showIcon title={errorText(overview.error)} /> : null}
      {data ? (
        <>
          <Row gutter={16}>
            <Col xs={12} md={4}>
              <Statistic title="Paying users" value={data.paying.payingUsers} />
            </Col>
            <Col xs={12} md={5}>
              <Statistic title={`Revenue (${data.currency})`} value={data.paying.revenue} />
            </Col>
            <Col xs={12} md={5}>
              <Statistic title={`ARPPU (${data.currency})`} value={data.paying.arppu} />
            </Col>
            <Col xs={12} md={3}>
              <Statistic title="First purchases" value={data.paying.firstPurchases} />
            </Col>
            <Col xs={12} md={3}>
              <Statistic title="Renewals" value={data.paying.renewals} />
            </Col>
            <Col xs={12} md={3}>
              <Statistic title="Upgrades" value={data.paying.upgrades} />
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} lg={14}>
              <FunnelChart funnel={data.funnel} />
            </Col>
            <Col xs={24} lg={10}>
              <RetentionChart retention={data.retention} />
            </Col>
          </Row>
          <Card
            size="small"
            title="Funnel"
            extra={
              <CsvButton
                testId="csv-funnel"
                name={`funnel-${range}.csv`}
                csv={() => toCsv(FUNNEL_COLUMNS, data.funnel)}
              />
            }
          >
            <Table
              size="small"
              rowKey="source"
              pagination={false}
              dataSource={data.funnel}
              columns={tableColumns(FUNNEL_COLUMNS)}
              data-testid="table-funnel"
            />
          </Card>
          <DailyChart days={data.days} />
          <Card
            size="small"
            title="Series"
            extra={
              <CsvButton
                testId="csv-series"
                name={`series-${range}.csv`}
                csv={() => toCsv(SERIES_COLUMNS, data.series)}
              />
            }
          >
            <Table
              size="small"
              rowKey="seriesId"
              pagination={{ pageSize: 20 }}
              dataSource={data.series}
              columns={tableColumns(SERIES_COLUMNS)}
              data-testid="table-series"
              onRow={(row) => ({ onClick: () => setSeriesId(row.seriesId), style: { cursor: 'pointer' } })}
              locale={{ emptyText: 'No viewing in this range yet (rollups run every 10 minutes)' }}
            />
          </Card>
          {detail.data ? (
            <>
              <DropOffChart detail={detail.data} />
              <Card
                size="small"
                title={`Episodes of ${detail.data.title}`}
                extra={
                  <CsvButton
                    testId="csv-episodes"
                    name={`episodes-${detail.data.seriesId}-${range}.csv`}
                    csv={() => toCsv(EPISODE_COLUMNS, detail.data.episodes)}
                  />
                }
              >
                <Table
                  size="small"
                  rowKey="episode"
                  pagination={false}
                  scroll={{ x: true }}
                  dataSource={detail.data.episodes}
                  columns={tableColumns(EPISODE_COLUMNS)}
                  data-testid="table-episodes"
                />
              </Card>
            </>
          ) : null}
        </>
      ) : null}
    </Space>
  );
}
