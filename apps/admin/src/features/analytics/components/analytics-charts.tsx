import { Card } from 'antd';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsOverview } from '../api/analytics-overview';
import type { AnalyticsSeriesDetail } from '../api/analytics-series';
import { type TranslationKey, useT } from '../../../shared/i18n';
import { palette } from '../../../shared/ui/palette';

const COLORS = {
  visitors: palette.blue,
  played: palette.cyan,
  signedUp: palette.gold,
  purchased: palette.colorPrimary,
  viewers: palette.blue,
  paying: palette.colorPrimary,
  p50: palette.cyan,
  completed: palette.green,
  retention: palette.purple,
};
const SOURCE_LABELS: Record<string, TranslationKey> = {
  invite: 'analytics.from.invite',
  direct: 'analytics.from.direct',
  banner: 'analytics.from.banner',
  shorts: 'analytics.from.shorts',
};
const shortDay = (day: string) => day.slice(5);

/** Visit → first play → sign-up → first purchase, one group of bars per source. */
export function FunnelChart({ funnel }: { funnel: AnalyticsOverview['funnel'] }) {
  const t = useT();
  const data = funnel.map((f) => {
    const label = SOURCE_LABELS[f.source];
    return { ...f, label: label ? t(label) : f.source };
  });
  return (
    <Card size="small" title={t('analytics.funnelBySource')} data-testid="chart-funnel">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          <Bar
            dataKey="visitors"
            name={t('analytics.visited')}
            fill={COLORS.visitors}
            isAnimationActive={false}
          />
          <Bar
            dataKey="played"
            name={t('analytics.firstPlay')}
            fill={COLORS.played}
            isAnimationActive={false}
          />
          <Bar
            dataKey="signedUp"
            name={t('analytics.signedUp')}
            fill={COLORS.signedUp}
            isAnimationActive={false}
          />
          <Bar
            dataKey="purchased"
            name={t('analytics.firstPurchase')}
            fill={COLORS.purchased}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </Card>
  );
}

/** Viewers and paying users per day. */
export function DailyChart({ days }: { days: AnalyticsOverview['days'] }) {
  const t = useT();
  return (
    <Card size="small" title={t('analytics.daily')} data-testid="chart-daily">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          <Line
            dataKey="viewers"
            name={t('analytics.viewers')}
            stroke={COLORS.viewers}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="payingUsers"
            name={t('analytics.payingUsers')}
            stroke={COLORS.paying}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Card>
  );
}

/** Share of the sign-up cohort active N days later. */
export function RetentionChart({ retention }: { retention: AnalyticsOverview['retention'] }) {
  const t = useT();
  const data = retention.days.map((d) => ({
    label: `D${d.day}`,
    rate: d.rate === null ? 0 : Math.round(d.rate * 1000) / 10,
  }));
  return (
    <Card
      size="small"
      title={t('analytics.retention', { cohort: retention.cohort })}
      data-testid="chart-retention"
    >
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis width={48} domain={[0, 100]} />
          <Tooltip />
          <Bar
            dataKey="rate"
            name={t('analytics.active')}
            fill={COLORS.retention}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </Card>
  );
}

/** The drop-off curve: viewers per episode, half-way and to the end, the paywall marked. */
export function DropOffChart({ detail }: { detail: AnalyticsSeriesDetail }) {
  const t = useT();
  const paywall = detail.freeEpisodes + 1;
  return (
    <Card size="small" title={t('analytics.dropOff', { title: detail.title })} data-testid="chart-drop-off">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={detail.episodes} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="episode" />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          <ReferenceLine
            x={paywall}
            stroke={COLORS.purchased}
            strokeDasharray="4 4"
            label={t('analytics.paywall')}
          />
          <Line
            dataKey="viewers"
            name={t('analytics.started')}
            stroke={COLORS.viewers}
            isAnimationActive={false}
          />
          <Line dataKey="p50" name={t('analytics.halfWay')} stroke={COLORS.p50} isAnimationActive={false} />
          <Line
            dataKey="completed"
            name={t('analytics.completed')}
            stroke={COLORS.completed}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Card>
  );
}
