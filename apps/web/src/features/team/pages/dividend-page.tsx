import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { AwardIcon, EmptyState, HeroCard, MenuList, MenuRow, PieChartIcon } from '../../../shared/ui';
import { useDividend } from '../api/team';
import { Fact, Facts, LoadError, Loading, Stat, StatGrid, TeamPage } from '../components/shell';
import { formatCount, formatDate } from '../lib/format';

function DividendContent() {
  const t = useT();
  const query = useDividend();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const d = query.data;
  const money = (amount: string) => formatMoney(amount, d.currency);
  return (
    <>
      <HeroCard className="ds-team-hero" testId="dividend-summary">
        <div className="ds-team-hero__label">
          <PieChartIcon /> {t('dividend.shares')}
        </div>
        <div className="ds-team-hero__value" data-testid="dividend-shares">
          {formatCount(d.shares, t.language)}
        </div>
        <StatGrid columns={2}>
          <Stat label={t('dividend.pending')} value={money(d.pendingValue)} testId="dividend-pending" />
          <Stat label={t('dividend.paid')} value={money(d.paidValue)} testId="dividend-paid" />
        </StatGrid>
        <p className="ds-team-hero__foot" data-testid="dividend-next">
          {d.nextPayoutAt
            ? t('dividend.nextPayout', { date: formatDate(d.nextPayoutAt, t.language) })
            : t('dividend.noNextPayout')}
        </p>
      </HeroCard>
      <p className="ds-team-notice" data-testid="dividend-rule">
        {t('dividend.rule', {
          unit: money(d.shareUnit),
          value: money(d.shareValue),
          months: d.months,
        })}
      </p>
      <MenuList>
        <MenuRow
          icon={<AwardIcon />}
          title={t('copyright.title')}
          to={ROUTES.copyrightCenter}
          testId="dividend-copyrights"
        />
      </MenuList>
      <h2 className="ds-section-title">{t('dividend.grants')}</h2>
      {d.grants.length === 0 ? (
        <EmptyState
          testId="dividend-empty"
          icon={<PieChartIcon />}
          title={t('dividend.noGrants')}
          description={t('dividend.noGrantsText', { unit: money(d.shareUnit) })}
        />
      ) : (
        <ul className="ds-card-stack" data-testid="dividend-grants">
          {d.grants.map((g) => (
            <li className="ds-team-card" key={g.id} data-testid={`grant-${g.id}`}>
              <div className="ds-team-card__head">
                <span className="ds-team-card__title">
                  {t('dividend.grantShares', { shares: formatCount(g.shares, t.language) })}
                </span>
                <span
                  className={g.paidAt ? 'ds-state ds-state--open' : 'ds-state ds-state--upcoming'}
                  data-testid={`grant-${g.id}-status`}
                >
                  {g.paidAt ? t('dividend.statusPaid') : t('dividend.statusPending')}
                </span>
              </div>
              <Facts>
                <Fact label={t('dividend.value')} value={money(g.value)} testId={`grant-${g.id}-value`} />
                <Fact label={t('dividend.granted')} value={formatDate(g.grantedAt, t.language)} />
                <Fact
                  label={g.paidAt ? t('dividend.paidOn') : t('dividend.payoutOn')}
                  value={formatDate(g.paidAt ?? g.payoutAt, t.language)}
                  testId={`grant-${g.id}-payout`}
                />
              </Facts>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * /pages/profile/dividend/index: shares earned by copyright purchases, their pending and paid
 * value, the rule, the next payout and every grant.
 */
export default function DividendPage() {
  const t = useT();
  return (
    <TeamPage title={t('dividend.title')} backUrl={ROUTES.profile}>
      <DividendContent />
    </TeamPage>
  );
}
