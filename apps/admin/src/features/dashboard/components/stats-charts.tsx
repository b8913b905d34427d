import type { CurrencyKey, DashboardMoneyDay } from '@dramastar/contract';
import { Card, Col, Row, Statistic } from 'antd';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DashboardStats } from '../api/dashboard-stats';
import { chartNumber, moneyTotals } from '../dashboard-figures';

const COLORS = {
  newUsers: '#1677ff',
  activeMembers: '#d4380d',
  recharges: '#52c41a',
  withdrawals: '#fa8c16',
  cards: '#d4380d',
  copyrights: '#722ed1',
  teamRewards: '#13c2c2',
  copyrightRevenue: '#722ed1',
  salary: '#2f54eb',
  dividends: '#eb2f96',
  checkinTasks: '#faad14',
  redPackets: '#f5222d',
};

/** `03-01` for an axis (the year and range are in the page's controls). */
const shortDay = (day: string) => day.slice(5);

/** Users per day: registrations and Star Card holders. */
export function UsersChart({ stats }: { stats: DashboardStats }) {
  return (
    <Card size="small" title="Users per day" data-testid="chart-users">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={stats.days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
          <YAxis allowDecimals={false} width={48} />
          <Tooltip />
          <Legend />
          <Line
            type="monotone"
            dataKey="newUsers"
            name="New users"
            stroke={COLORS.newUsers}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="activeMembers"
            name="Active members (Star Card)"
            stroke={COLORS.activeMembers}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Card>
  );
}

function moneyRows(days: DashboardMoneyDay[]) {
  return days.map((d) => ({
    day: d.day,
    recharges: chartNumber(d.recharges.amount),
    rechargeCount: d.recharges.count,
    withdrawals: chartNumber(d.withdrawals.amount),
    withdrawalCount: d.withdrawals.count,
    cards: chartNumber(d.revenue.cards),
    copyrights: chartNumber(d.revenue.copyrights),
    teamRewards: chartNumber(d.payouts.teamRewards),
    copyrightRevenue: chartNumber(d.payouts.copyrightRevenue),
    salary: chartNumber(d.payouts.salary),
    dividends: chartNumber(d.payouts.dividends),
    checkinTasks: chartNumber(d.payouts.checkinTasks),
    redPackets: chartNumber(d.redPackets),
  }));
}

/** One currency's money per day: cash in and out, revenue, payouts by source. Never mixed with another currency. */
export function MoneyCharts({ currency, days }: { currency: CurrencyKey; days: DashboardMoneyDay[] }) {
  const rows = moneyRows(days);
  const totals = moneyTotals(days);
  const bar = (key: keyof typeof COLORS, name: string, stack?: string) => (
    <Bar
      dataKey={key}
      name={name}
      fill={COLORS[key]}
      isAnimationActive={false}
      {...(stack ? { stackId: stack } : {})}
    />
  );
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} />
      <YAxis width={72} />
      <Tooltip />
      <Legend />
    </>
  );
  return (
    <Card size="small" title={`Money in ${currency}`} data-testid={`money-${currency}`}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid={`totals-${currency}`}>
        <Col xs={12} md={6}>
          <Statistic
            title={`Recharges (${totals.rechargeCount})`}
            value={totals.recharges}
            suffix={currency}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={`Withdrawals paid (${totals.withdrawalCount})`}
            value={totals.withdrawals}
            suffix={currency}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Revenue" value={totals.revenue} suffix={currency} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Payouts" value={totals.payouts} suffix={currency} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            type="inner"
            title="Recharges and withdrawals"
            data-testid={`chart-cash-${currency}`}
          >
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                {axes}
                {bar('recharges', 'Recharges credited')}
                {bar('withdrawals', 'Withdrawals paid')}
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" type="inner" title="Revenue" data-testid={`chart-revenue-${currency}`}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                {axes}
                {bar('cards', 'Star Cards', 'revenue')}
                {bar('copyrights', 'Copyrights', 'revenue')}
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" type="inner" title="Payouts by source" data-testid={`chart-payouts-${currency}`}>
            <ResponsiveContainer width="100%" height={280}>
              <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                {axes}
                {bar('teamRewards', 'Team rewards', 'payouts')}
                {bar('copyrightRevenue', 'Copyright revenue', 'payouts')}
                {bar('salary', 'Salary', 'payouts')}
                {bar('dividends', 'Dividends', 'payouts')}
                {bar('checkinTasks', 'Check-in and tasks', 'payouts')}
                {bar('redPackets', 'Red packets claimed (user-funded)')}
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
