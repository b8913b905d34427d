import { localeOf, type PointsRules } from '@dramastar/contract';
import { InfiniteScroll } from 'antd-mobile';
import { useT } from '../../../shared/i18n';
import { EmptyState, HeroCard, TicketIcon } from '../../../shared/ui';
import { usePoints } from '../api/queries';
import { dateTimeFormat, pointKindLabel } from '../lib/labels';
import { LoadError, Loading } from './shell';

/** How points are earned (spec section 9): the tenant's rules, as the server answers them. */
function PointsRulesPanel({ rules: p }: { rules: PointsRules }) {
  const t = useT();
  return (
    <section className="ds-ms-panel ds-ms-rules" data-testid="points-rules">
      <h2 className="ds-ms-rules__title">{t('pointsTrial.pointsRulesTitle')}</h2>
      <ul>
        <li>{t('pointsTrial.rulePaidEpisode', { points: p.paidEpisode })}</li>
        <li>{t('pointsTrial.ruleShareNewUser', { points: p.shareToNewUser })}</li>
        <li>
          {t('pointsTrial.ruleShareCard', {
            primary: p.sharePrimaryCard,
            premium: p.sharePremiumCard,
            director: p.shareDirectorCard,
          })}
        </li>
      </ul>
    </section>
  );
}

/** The points balance, how points are earned, and every entry, newest first, loading as it scrolls. */
export function PointsTab() {
  const t = useT();
  const points = usePoints();
  const times = dateTimeFormat(t.language);
  if (points.isPending) return <Loading />;
  if (points.isError) return <LoadError error={points.error} onRetry={() => void points.refetch()} />;
  const balance = points.data.pages[0]?.balance ?? 0;
  const entries = points.data.pages.flatMap((page) => page.list);
  return (
    <>
      <HeroCard className="ds-ms-points" testId="points-balance-card">
        <span className="ds-ms-points__label">{t('pointsTrial.pointsBalance')}</span>
        <strong className="ds-ms-points__value" data-testid="points-balance">
          {balance.toLocaleString(localeOf(t.language))}
        </strong>
      </HeroCard>
      {points.data.pages[0] && <PointsRulesPanel rules={points.data.pages[0].rules} />}
      <h2 className="ds-section-title">{t('pointsTrial.pointsHistory')}</h2>
      {entries.length === 0 ? (
        <EmptyState
          testId="points-empty"
          icon={<TicketIcon />}
          title={t('pointsTrial.pointsEmptyTitle')}
          description={t('pointsTrial.pointsEmptyDescription')}
        />
      ) : (
        <>
          <ul className="ds-card-list" data-testid="points-list">
            {entries.map((entry) => {
              const label = pointKindLabel(entry.kind);
              return (
                <li key={entry.id} className="ds-ms-row" data-testid={`points-${entry.id}`}>
                  <span className="ds-row-main">
                    <span className="ds-ms-row__title" data-testid={`points-${entry.id}-kind`}>
                      {label ? t(label) : entry.kind}
                    </span>
                    <time className="ds-ms-row__meta" dateTime={entry.createdAt}>
                      {times.format(new Date(entry.createdAt))}
                    </time>
                  </span>
                  <span
                    className={entry.amount >= 0 ? 'ds-ms-row__amount ds-ms-in' : 'ds-ms-row__amount'}
                    data-testid={`points-${entry.id}-amount`}
                  >
                    {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                  </span>
                </li>
              );
            })}
          </ul>
          <InfiniteScroll
            hasMore={points.hasNextPage}
            loadMore={async () => {
              await points.fetchNextPage();
            }}
          >
            {points.hasNextPage ? t('common.loading') : ''}
          </InfiniteScroll>
        </>
      )}
    </>
  );
}
