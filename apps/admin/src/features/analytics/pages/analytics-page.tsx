import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '@dramastar/contract';
import { Alert, Button, Card, Col, Input, Row, Space, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../shared/api/api-error';
import { type TranslationKey, type Translator, useT } from '../../../shared/i18n';
import { TenantFilter } from '../../../shared/ui/tenant-filter';
import { type AnalyticsOverview, type AnalyticsQuery, useAnalyticsOverview } from '../api/analytics-overview';
import { type AnalyticsSeriesDetail, useAnalyticsSeries } from '../api/analytics-series';
import { downloadCsv, toCsv } from '../analytics-csv';
import { DailyChart, DropOffChart, FunnelChart, RetentionChart } from '../components/analytics-charts';

type SeriesRow = AnalyticsOverview['series'][number];
type EpisodeRow = AnalyticsSeriesDetail['episodes'][number];
type FunnelRow = AnalyticsOverview['funnel'][number];

const pct = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

type Column<T> = { title: TranslationKey; value: (r: T) => string | number | boolean | null };

const FUNNEL_COLUMNS: Column<FunnelRow>[] = [
  { title: 'analytics.source', value: (r) => r.source },
  { title: 'analytics.visited', value: (r) => r.visitors },
  { title: 'analytics.firstPlay', value: (r) => r.played },
  { title: 'analytics.signedUp', value: (r) => r.signedUp },
  { title: 'analytics.firstPurchase', value: (r) => r.purchased },
];
const SERIES_COLUMNS: Column<SeriesRow>[] = [
  { title: 'nav.series', value: (r) => r.title },
  { title: 'analytics.viewers', value: (r) => r.viewers },
  { title: 'analytics.avgWatch', value: (r) => r.avgWatchSeconds },
  { title: 'analytics.paywallReach', value: (r) => r.paywallViewers },
  { title: 'analytics.conversions', value: (r) => r.conversions },
  { title: 'analytics.conversion', value: (r) => pct(r.conversionRate) },
  { title: 'analytics.revenue', value: (r) => r.revenue },
];
const EPISODE_COLUMNS: Column<EpisodeRow>[] = [
  { title: 'analytics.episode', value: (r) => r.episode },
  { title: 'analytics.started', value: (r) => r.viewers },
  { title: 'analytics.p25', value: (r) => r.p25 },
  { title: 'analytics.p50', value: (r) => r.p50 },
  { title: 'analytics.p75', value: (r) => r.p75 },
  { title: 'analytics.completed', value: (r) => r.completed },
  { title: 'analytics.stopped', value: (r) => r.stopped },
  { title: 'analytics.avgWatch', value: (r) => r.avgWatchSeconds },
  { title: 'analytics.paywallShown', value: (r) => r.paywallViewers },
  { title: 'analytics.buy', value: (r) => r.unlock.buy },
  { title: 'analytics.trial', value: (r) => r.unlock.trial },
  { title: 'analytics.signIn', value: (r) => r.unlock.signIn },
  { title: 'analytics.dismiss', value: (r) => r.unlock.dismiss },
  { title: 'analytics.conversions', value: (r) => r.conversions },
  { title: 'analytics.revenue', value: (r) => r.revenue },
];

/** The columns with their titles in the operator's language (the table's and the CSV's). */
const inLanguage = <T,>(t: Translator, columns: Column<T>[]) =>
  columns.map((c) => ({ ...c, title: t(c.title) }));

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
  const t = useT();
  const [query, setQuery] = useState<AnalyticsQuery>({});
  const [seriesId, setSeriesId] = useState<number | null>(null);
  const overview = useAnalyticsOverview(query);
  const data = overview.data;
  const chosen = seriesId ?? data?.series[0]?.seriesId ?? null;
  const detail = useAnalyticsSeries(chosen, query);
  const range = data ? `${data.tenantId}-${data.from}-${data.to}` : 'range';
  return (
    <Space orientation="vertical" size="large" className="ds-fill" data-testid="analytics-page">
      <Typography.Title level={3} className="ds-flush">
        {t('nav.analytics')}
      </Typography.Title>
      <Card size="small">
        <Space wrap>
          <Input
            type="date"
            aria-label={t('dashboard.from')}
            data-testid="analytics-from"
            className="ds-w-160"
            value={query.from ?? data?.from ?? ''}
            onChange={(e) => setQuery((q) => ({ ...q, from: e.target.value || undefined }))}
          />
          <span>{t('dashboard.until')}</span>
          <Input
            type="date"
            aria-label={t('dashboard.to')}
            data-testid="analytics-to"
            className="ds-w-160"
            value={query.to ?? data?.to ?? ''}
            onChange={(e) => setQuery((q) => ({ ...q, to: e.target.value || undefined }))}
          />
          <TenantFilter
            value={query.tenantId}
            onChange={(tenantId) => setQuery((q) => ({ ...q, tenantId }))}
          />
          <Typography.Text type="secondary">
            {data ? t('analytics.tenantDays', { tenant: data.tenantId, zone: data.timeZone }) : ''}
            {t('analytics.range', { n: ANALYTICS_DEFAULT_DAYS, max: ANALYTICS_MAX_DAYS })}
          </Typography.Text>
        </Space>
      </Card>
      {overview.error ? <Alert type="error" showIcon title={errorText(overview.error)} /> : null}
      {data ? (
        <>
          <Row gutter={16}>
            <Col xs={12} md={4}>
              <Statistic title={t('analytics.payingUsers')} value={data.paying.payingUsers} />
            </Col>
            <Col xs={12} md={5}>
              <Statistic
                title={t('analytics.revenueIn', { currency: data.currency })}
                value={data.paying.revenue}
              />
            </Col>
            <Col xs={12} md={5}>
              <Statistic title={`ARPPU (${data.currency})`} value={data.paying.arppu} />
            </Col>
            <Col xs={12} md={3}>
              <Statistic title={t('analytics.firstPurchases')} value={data.paying.firstPurchases} />
            </Col>
            <Col xs={12} md={3}>
              <Statistic title={t('analytics.renewals')} value={data.paying.renewals} />
            </Col>
            <Col xs={12} md={3}>
              <Statistic title={t('analytics.upgrades')} value={data.paying.upgrades} />
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
            title={t('analytics.funnel')}
            extra={
              <CsvButton
                testId="csv-funnel"
                name={`funnel-${range}.csv`}
                csv={() => toCsv(inLanguage(t, FUNNEL_COLUMNS), data.funnel)}
              />
            }
          >
            <Table
              size="small"
              rowKey="source"
              pagination={false}
              dataSource={data.funnel}
              columns={tableColumns(inLanguage(t, FUNNEL_COLUMNS))}
              data-testid="table-funnel"
            />
          </Card>
          <DailyChart days={data.days} />
          <Card
            size="small"
            title={t('nav.series')}
            extra={
              <CsvButton
                testId="csv-series"
                name={`series-${range}.csv`}
                csv={() => toCsv(inLanguage(t, SERIES_COLUMNS), data.series)}
              />
            }
          >
            <Table
              size="small"
              rowKey="seriesId"
              pagination={{ pageSize: 20 }}
              dataSource={data.series}
              columns={tableColumns(inLanguage(t, SERIES_COLUMNS))}
              data-testid="table-series"
              onRow={(row) => ({ onClick: () => setSeriesId(row.seriesId), style: { cursor: 'pointer' } })}
              locale={{ emptyText: t('analytics.noViewing') }}
            />
          </Card>
          {detail.data ? (
            <>
              <DropOffChart detail={detail.data} />
              <Card
                size="small"
                title={t('analytics.episodesOf', { title: detail.data.title })}
                extra={
                  <CsvButton
                    testId="csv-episodes"
                    name={`episodes-${detail.data.seriesId}-${range}.csv`}
                    csv={() => toCsv(inLanguage(t, EPISODE_COLUMNS), detail.data.episodes)}
                  />
                }
              >
                <Table
                  size="small"
                  rowKey="episode"
                  pagination={false}
                  scroll={{ x: true }}
                  dataSource={detail.data.episodes}
                  columns={tableColumns(inLanguage(t, EPISODE_COLUMNS))}
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
