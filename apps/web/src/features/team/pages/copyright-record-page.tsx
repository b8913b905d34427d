import type { CurrencyKey, copyrightHolding, copyrightRevenueEntry } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { AwardIcon, TopTabs } from '../../../shared/ui';
import { useCopyrightHoldings, useCopyrightRevenue } from '../api/copyrights';
import { useTeamCurrency } from '../api/team';
import { Fact, Facts, Loading, Paged, TeamPage } from '../components/shell';
import { daysBetween, formatCount, formatDateTime, formatDay } from '../lib/format';

type Holding = z.infer<typeof copyrightHolding>;
type RevenueEntry = z.infer<typeof copyrightRevenueEntry>;

const TABS = ['purchases', 'revenue'] as const;
type Tab = (typeof TABS)[number];

function HoldingCard({ holding, currency }: { holding: Holding; currency: CurrencyKey }) {
  const t = useT();
  const money = (amount: string) => formatMoney(amount, currency);
  const id = `holding-${holding.id}`;
  const term = daysBetween(holding.firstDay, holding.lastDay);
  return (
    <li className="ds-team-card" data-testid={id}>
      <div className="ds-team-card__head">
        <span className="ds-team-card__title">{holding.title}</span>
        <span className="ds-level-chip" data-testid={`${id}-quantity`}>
          × {formatCount(holding.quantity, t.language)}
        </span>
      </div>
      <Facts>
        <Fact label={t('copyrightRecord.paid')} value={money(holding.paid)} testId={`${id}-paid`} />
        <Fact
          label={t('copyrightRecord.dailyRevenue')}
          value={<span className="ds-team-gain">{money(holding.dailyRevenue)}</span>}
          testId={`${id}-daily`}
        />
        <Fact
          label={t('copyrightRecord.purchasedAt')}
          value={formatDateTime(holding.purchasedAt, t.language)}
          testId={`${id}-purchased`}
          wide
        />
        <Fact
          label={t('copyrightRecord.revenueDays')}
          value={t('copyrightRecord.dayRange', {
            first: formatDay(holding.firstDay, t.language),
            last: formatDay(holding.lastDay, t.language),
          })}
          testId={`${id}-days`}
          wide
        />
        <Fact
          label={t('copyrightRecord.daysPaid')}
          value={t('copyrightRecord.daysOf', { paid: holding.daysPaid, total: term })}
          testId={`${id}-days-paid`}
        />
        <Fact
          label={t('copyrightRecord.revenue')}
          value={<strong className="ds-team-gain">{money(holding.revenue)}</strong>}
          testId={`${id}-revenue`}
        />
      </Facts>
    </li>
  );
}

function RevenueRow({ entry, currency }: { entry: RevenueEntry; currency: CurrencyKey }) {
  const t = useT();
  return (
    <li className="ds-team-row" data-testid={`revenue-${entry.holdingId}-${entry.day}`}>
      <span className="ds-row-main">
        <span className="ds-row-title">{entry.title}</span>
        <span className="ds-team-row__meta">{formatDay(entry.day, t.language)}</span>
      </span>
      <span className="ds-team-row__amount ds-team-gain">
        {formatMoney(entry.amount, currency, { sign: true })}
      </span>
    </li>
  );
}

function Purchases({ currency }: { currency: CurrencyKey }) {
  const t = useT();
  const navigate = useNavigate();
  const holdings = useCopyrightHoldings();
  return (
    <Paged
      query={holdings}
      testId="holdings"
      className="ds-card-stack"
      empty={{
        title: t('copyrightRecord.noPurchases'),
        description: t('copyrightRecord.noPurchasesText'),
        icon: <AwardIcon />,
        action: (
          <Button color="primary" onClick={() => void navigate(ROUTES.copyrightCenter)}>
            {t('copyright.title')}
          </Button>
        ),
      }}
      render={(holding) => <HoldingCard key={holding.id} holding={holding} currency={currency} />}
    />
  );
}

function Revenue({ currency }: { currency: CurrencyKey }) {
  const t = useT();
  const revenue = useCopyrightRevenue();
  return (
    <Paged
      query={revenue}
      testId="copyright-revenue"
      empty={{ title: t('copyrightRecord.noRevenue'), description: t('copyrightRecord.noRevenueText') }}
      render={(entry) => (
        <RevenueRow key={`${entry.holdingId}-${entry.day}`} entry={entry} currency={currency} />
      )}
    />
  );
}

/**
 * /pages/profile/copyright-center/copyright-record/index: the user's purchases (with their revenue
 * days and what each has paid) and the daily revenue entries; the tab is in the address.
 */
export default function CopyrightRecordPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'revenue' ? 'revenue' : 'purchases';
  const currency = useTeamCurrency();
  return (
    <TeamPage title={t('copyright.records')} backUrl={ROUTES.copyrightCenter}>
      <TopTabs
        tabs={TABS.map((key) => ({
          key,
          title: t(key === 'purchases' ? 'copyrightRecord.tabPurchases' : 'copyrightRecord.tabRevenue'),
          testId: `record-tab-${key}`,
        }))}
        activeKey={tab}
        onChange={(key) => setParams(key === 'purchases' ? {} : { tab: key }, { replace: true })}
      />
      {currency === null ? (
        <Loading />
      ) : tab === 'purchases' ? (
        <Purchases currency={currency} />
      ) : (
        <Revenue currency={currency} />
      )}
    </TeamPage>
  );
}
