import type { MembershipStatus } from '@dramastar/contract';
import { Link } from 'react-router-dom';
import { TIER_LABELS } from '../../../shared/api/membership-status';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { ClockIcon, StarIcon, TicketIcon } from '../../../shared/ui';
import { daysLeft, useNow } from '../lib/countdown';
import { dateFormat, dateTimeFormat } from '../lib/labels';

/**
 * The user's card at the top of the Star Card page: its tier, when it ends and how many days are
 * left (and until when renewals already bought run), or that there is none; and a running trial.
 */
export function CurrentCard({
  status,
  coveredUntil,
}: {
  status: MembershipStatus;
  /** The end of the last card already bought (renewals included), when later than the active one's. */
  coveredUntil: string | null;
}) {
  const t = useT();
  const now = useNow();
  const dates = dateFormat(t.language);
  const times = dateTimeFormat(t.language);
  const { active, trial } = status;
  const trialLine = trial.activeUntil && (
    <p className="ds-ms-current__trial" data-testid="current-trial">
      <ClockIcon />
      <span>{t('membership.trialRunning', { date: times.format(new Date(trial.activeUntil)) })}</span>
    </p>
  );
  if (!active) {
    return (
      <section className="ds-ms-current ds-ms-current--none" data-testid="current-card">
        <div className="ds-ms-current__label">
          <StarIcon /> {t('membership.yourMembership')}
        </div>
        {/* A running trial unlocks every episode: the page says that, not "free episodes only". */}
        <h2 className="ds-ms-current__name" data-testid="current-card-name">
          {trialLine ? t('membership.trialOnly') : t('membership.noCard')}
        </h2>
        {!trialLine && <p className="ds-ms-current__line">{t('membership.noCardHint')}</p>}
        {trialLine ?? (
          <Link className="ds-ms-current__link" to={ROUTES.pointsTrial} data-testid="current-try-trial">
            <TicketIcon />
            <span>{t('membership.tryTrial')}</span>
          </Link>
        )}
      </section>
    );
  }
  const left = daysLeft(active.endsAt, now);
  return (
    <section className={`ds-ms-current ds-ms-current--${active.tier}`} data-testid="current-card">
      <div className="ds-ms-current__label">
        <StarIcon /> {t('membership.yourCard')}
      </div>
      <h2 className="ds-ms-current__name" data-testid="current-card-name">
        {t(TIER_LABELS[active.tier])}
      </h2>
      <p className="ds-ms-current__line" data-testid="current-card-ends">
        {t('membership.endsOn', { date: dates.format(new Date(active.endsAt)) })}
        {' · '}
        <strong>{t(left === 1 ? 'membership.dayLeft' : 'membership.daysLeft', { days: left })}</strong>
      </p>
      {coveredUntil && (
        <p className="ds-ms-current__line" data-testid="current-card-covered">
          {t('membership.renewedUntil', { date: dates.format(new Date(coveredUntil)) })}
        </p>
      )}
      {trialLine}
    </section>
  );
}
