import type { api, CallResult } from '@dramastar/contract';
import { TIER_LABELS } from '../../../shared/api/membership-status';
import { useT } from '../../../shared/i18n';
import { CARD_STATUS_LABELS, cardTone, dateFormat } from '../lib/labels';
import { StatusBadge } from './shell';

export type CardHistoryData = CallResult<typeof api.account.queryVipCardCountAndStatus>;

/** Every card held, latest bought first: tier, dates, state, and how it came (bought or granted). */
export function CardHistory({ history }: { history: CardHistoryData }) {
  const t = useT();
  const dates = dateFormat(t.language);
  if (history.count === 0) return null;
  return (
    <section data-testid="card-history">
      <h2 className="ds-section-title">
        {t('membership.historyTitle', { count: history.count, active: history.activeCount })}
      </h2>
      <ul className="ds-card-list">
        {history.list.map((card, index) => (
          <li
            key={`${card.startsAt}-${card.tier}-${index}`}
            className="ds-ms-row"
            data-testid="card-history-row"
          >
            <span className="ds-row-main">
              <span className="ds-ms-row__title">{t(TIER_LABELS[card.tier])}</span>
              <span className="ds-ms-row__meta">
                {t('membership.period', {
                  from: dates.format(new Date(card.startsAt)),
                  to: dates.format(new Date(card.endsAt)),
                })}
              </span>
              <span className="ds-ms-row__meta">
                {t(card.source === 'purchase' ? 'membership.sourcePurchase' : 'membership.sourceGranted')}
              </span>
            </span>
            <StatusBadge tone={cardTone(card.status)}>{t(CARD_STATUS_LABELS[card.status])}</StatusBadge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Until when the cards already bought of the active tier run: the latest end among its active and
 * upcoming cards, when it is later than the active card's own end (a renewal bought ahead), else null.
 */
export function coveredUntil(
  history: CardHistoryData | undefined,
  active: { tier: string; endsAt: string } | null,
): string | null {
  if (!history || active === null) return null;
  let latest = Date.parse(active.endsAt);
  let found: string | null = null;
  for (const card of history.list) {
    if (card.tier !== active.tier || (card.status !== 'active' && card.status !== 'upcoming')) continue;
    const end = Date.parse(card.endsAt);
    if (end > latest) {
      latest = end;
      found = card.endsAt;
    }
  }
  return found;
}
