import type { CurrencyKey, DashboardMoneyDay } from '@dramastar/contract';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Tooltip as Hint, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n';
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
import { palette } from '../../../shared/ui/palette';

const COLORS = {
  newUsers: palette.blue,
  activeMembers: palette.colorPrimary,
  recharges: palette.green,
  withdrawals: palette.orange,
  cards: palette.colorPrimary,
  copyrights: palette.purple,
  teamRewards: palette.cyan,
  copyrightRevenue: palette.purple,
  salary: palette.geekblue,
  dividends: palette.magenta,
  checkinTasks: palette.gold,
  redPackets: palette.red,
};

/** A figure's name with what it counts on hover (an owner reads "Sales 0.00" beside "Recharges 5,300.00"). */
function Explained({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Hint title={text}>
      <span>
        {children} <QuestionCircleOutlined />
      </span>
    </Hint>
  );
}

/** `03-01` for an axis (the year and range are in the page's controls). */
const shortDay = (day: string) => day.slice(5);

/** Users per day: registrations and Star Card holders. */
export function UsersChart({ stats }: { stats: DashboardStats }) {
  const t = useT();
  return (
    <Card size="small" title={t('charts.usersPerDay')} data-testid="chart-users">
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
            name={t('charts.newUsers')}
            stroke={COLORS.newUsers}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="activeMembers"
            name={t('charts.activeMembers')}
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
  const t = useT();
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
    <Card size="small" title={t('charts.moneyIn', { currency })} data-testid={`money-${currency}`}>
      <Row gutter={[16, 16]} className="ds-mb-8" data-testid={`totals-${currency}`}>
        <Col xs={12} md={6}>
          <Statistic
            title={
              <Explained text={t('charts.rechargesExplain')}>
                {t('charts.recharges', { n: totals.rechargeCount })}
              </Explained>
            }
            value={totals.recharges}
            suffix={currency}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={
              <Explained text={t('charts.withdrawalsExplain')}>
                {t('charts.withdrawalsPaid', { n: totals.withdrawalCount })}
              </Explained>
            }
            value={totals.withdrawals}
            suffix={currency}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            data-testid={`sales-${currency}`}
            title={<Explained text={t('charts.salesExplain')}>{t('charts.sales')}</Explained>}
            value={totals.revenue}
            suffix={currency}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={<Explained text={t('charts.payoutsExplain')}>{t('charts.payouts')}</Explained>}
            value={totals.payouts}
            suffix={currency}
          />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" data-testid={`totals-explain-${currency}`}>
        {t('charts.totalsExplain')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card size="small" type="inner" title={t('charts.cash')} data-testid={`chart-cash-${currency}`}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                {axes}
                {bar('recharges', t('charts.rechargesCredited'))}
                {bar('withdrawals', t('charts.withdrawalsPaidBar'))}
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" type="inner" title={t('charts.sales')} data-testid={`chart-revenue-${currency}`}>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                {axes}
                {bar('cards', t('charts.cards'), 'revenue')}
                {bar('copyrights', t('charts.copyrights'), 'revenue')}
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
        <Col xs={24}>
          <Card
            size="small"
            type="inner"
            title={t('charts.payoutsBySource')}
            data-testid={`chart-payouts-${currency}`}
          >
            <ResponsiveContainer width="100%" height={280}>
              <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                {axes}
                {bar('teamRewards', t('charts.teamRewards'), 'payouts')}
                {bar('copyrightRevenue', t('charts.copyrightRevenue'), 'payouts')}
                {bar('salary', t('charts.salary'), 'payouts')}
                {bar('dividends', t('charts.dividends'), 'payouts')}
                {bar('checkinTasks', t('charts.checkinTasks'), 'payouts')}
                {bar('redPackets', t('charts.redPackets'))}
              </BarChart>
            </ResponsiveContainer>
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
