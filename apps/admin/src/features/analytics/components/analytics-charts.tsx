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
const SOURCE_LABELS: Record<string, string> = {
  invite: 'Invite link',
  direct: 'Direct',
  banner: 'Home banner',
  shorts: 'Shorts',
};
const shortDay = (day: string) => day.slice(5);

/** Visit → first play → sign-up → first purchase, one group of bars per source. */
export function FunnelChart({ funnel }: { funnel: AnalyticsOverview['funnel'] }) {
  const data = funnel.map((f) => ({ ...f, label: SOURCE_LABELS[f.source] ?? f.source }));
  return (
    <Card size="small" title="Funnel by source" data-testid="chart-funnel">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          <Bar dataKey="visitors" name="Visited" fill={COLORS.visitors} isAnimationActive={false} />
          <Bar dataKey="played" name="First play" fill={COLORS.played} isAnimationActive={false} />
          <Bar dataKey="signedUp" name="Signed up" fill={COLORS.signedUp} isAnimationActive={false} />
          <Bar dataKey="purchased" name="First purchase" fill={COLORS.purchased} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Card>
  );
}

/** Viewers and paying users per day. */
export function DailyChart({ days }: { days: AnalyticsOverview['days'] }) {
  return (
    <Card size="small" title="Viewers and paying users per day" data-testid="chart-daily">
      <ResponsiveContainer width="100%" height={240}>
        <LineChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          <Line
            dataKey="viewers"
            name="Viewers"
            stroke={COLORS.viewers}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            dataKey="payingUsers"
            name="Paying users"
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
  const data = retention.days.map((d) => ({
    label: `D${d.day}`,
    rate: d.rate === null ? 0 : Math.round(d.rate * 1000) / 10,
  }));
  return (
    <Card size="small" title={`Retention of ${retention.cohort} sign-ups (%)`} data-testid="chart-retention">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis width={48} domain={[0, 100]} />
          <Tooltip />
          <Bar dataKey="rate" name="Active (%)" fill={COLORS.retention} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Card>
  );
}

/** The drop-off curve: viewers per episode, half-way and to the end, the paywall marked. */
export function DropOffChart({ detail }: { detail: AnalyticsSeriesDetail }) {
  const paywall = detail.freeEpisodes + 1;
  return (
    <Card size="small" title={`Drop-off: ${detail.title}`} data-testid="chart-drop-off">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={detail.episodes} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="episode" />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          <ReferenceLine x={paywall} stroke={COLORS.purchased} strokeDasharray="4 4" label="Paywall" />
          <Line dataKey="viewers" name="Started" stroke={COLORS.viewers} isAnimationActive={false} />
          <Line dataKey="p50" name="Half-way" stroke={COLORS.p50} isAnimationActive={false} />
          <Line dataKey="completed" name="Completed" stroke={COLORS.completed} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </Card>
  );
}
