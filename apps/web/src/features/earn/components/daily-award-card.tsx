import { MEMBERSHIP_TIERS, type MembershipTier } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TIER_LABELS } from '../../../shared/api/membership-status';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { showToast, StarIcon } from '../../../shared/ui';
import { useClaimDailyAward, useDailyAward } from '../api/rewards';
import { LoadError } from './shell';

function isTier(value: string | null): value is MembershipTier {
  return value !== null && (MEMBERSHIP_TIERS as readonly string[]).includes(value);
}

/** The Star Card holder's daily award, or for others a short way to get a Star Card. */
export function DailyAwardCard() {
  const t = useT();
  const award = useDailyAward();
  const claim = useClaimDailyAward();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await claim();
      showToast(
        t('award.claimedToast', { amount: formatMoney(result.amount, result.currency, { sign: true }) }),
      );
    } catch (error) {
      toastIfNoAnswer(error);
      void award.refetch();
    } finally {
      setBusy(false);
    }
  };

  if (award.isPending) return null;
  if (award.isError) {
    return (
      <section className="ds-earn-card">
        <LoadError error={award.error} onRetry={() => void award.refetch()} testId="award-error" />
      </section>
    );
  }
  const data = award.data;
  if (!isTier(data.tier)) {
    return (
      <section className="ds-earn-card ds-award ds-award--hint" data-testid="award-hint">
        <span className="ds-earn-card__icon">
          <StarIcon />
        </span>
        <div className="ds-award__text">
          <h2 className="ds-earn-card__title">{t('award.title')}</h2>
          <p className="ds-earn-card__note">{t('award.hint')}</p>
        </div>
        <Link className="ds-earn-pill" to={ROUTES.starCards} data-testid="award-get-card">
          {t('award.getCard')}
        </Link>
      </section>
    );
  }
  return (
    <section className="ds-earn-card ds-award" data-testid="award-card">
      <span className="ds-earn-card__icon">
        <StarIcon />
      </span>
      <div className="ds-award__text">
        <h2 className="ds-earn-card__title">{t('award.title')}</h2>
        <p className="ds-earn-card__note">
          {t('award.tierLine', {
            tier: t(TIER_LABELS[data.tier]),
            amount: formatMoney(data.amount, data.currency),
          })}
        </p>
      </div>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        disabled={data.claimedToday}
        loading={busy}
        data-testid="award-claim"
        onClick={() => void run()}
      >
        {data.claimedToday ? t('award.claimed') : t('award.claim')}
      </Button>
    </section>
  );
}
