import type { MembershipTier, TierOffer } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { TIER_LABELS } from '../../../shared/api/membership-status';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { CheckIcon, CloseIcon, StarIcon } from '../../../shared/ui';
import { dateFormat, missingLine, privilegeLines } from '../lib/labels';
import { buyButton, quoteNumbers } from '../lib/purchase';

/** What buying this tier now would do, in one sentence under the privileges. */
function QuoteLine({ offer, activeTier }: { offer: TierOffer; activeTier: MembershipTier | null }) {
  const t = useT();
  const dates = dateFormat(t.language);
  const money = (minor: string) => formatMoney(minor, offer.currency);
  const ends = dates.format(new Date(offer.quote.endsAt));
  switch (offer.quote.action) {
    case 'buy':
      return (
        <p className="ds-ms-tier__quote">
          {t('membership.quoteBuy', { price: money(offer.price), date: ends })}
        </p>
      );
    case 'renew':
      return (
        <p className="ds-ms-tier__quote">{t('membership.quoteRenew', { days: offer.days, date: ends })}</p>
      );
    case 'upgrade':
      return (
        <p className="ds-ms-tier__quote">
          {quoteNumbers(offer).credit > 0n
            ? t('membership.quoteUpgradeCredit', {
                credit: money(offer.quote.credit),
                pay: money(offer.quote.pay),
                date: ends,
              })
            : t('membership.quoteUpgrade', { pay: money(offer.quote.pay), date: ends })}
        </p>
      );
    case 'lower':
      return (
        <p className="ds-ms-tier__quote ds-ms-tier__quote--muted" data-testid={`tier-${offer.tier}-lower`}>
          {activeTier
            ? t('membership.quoteLower', { card: t(TIER_LABELS[activeTier]) })
            : t.message('CardLowerThanActive')}
        </p>
      );
  }
}

/** One tier: name, price for its days, what it unlocks, what buying it now does, and the button. */
export function TierCard({
  offer,
  activeTier,
  periodDays,
  onBuy,
}: {
  offer: TierOffer;
  activeTier: MembershipTier | null;
  periodDays: number;
  onBuy: () => void;
}) {
  const t = useT();
  const button = buyButton(offer);
  const missing = missingLine(offer);
  const current = activeTier === offer.tier;
  return (
    <article
      className={`ds-ms-tier ds-ms-tier--${offer.tier}`}
      data-testid={`tier-${offer.tier}`}
      aria-labelledby={`tier-${offer.tier}-name`}
    >
      <header className="ds-ms-tier__head">
        <div className="ds-ms-tier__name-row">
          <StarIcon className="ds-ms-tier__icon" />
          <h3 className="ds-ms-tier__name" id={`tier-${offer.tier}-name`}>
            {t(TIER_LABELS[offer.tier])}
          </h3>
          {current && <span className="ds-ms-tier__current">{t('membership.yourCard')}</span>}
        </div>
        <p className="ds-ms-tier__price">
          <strong data-testid={`tier-${offer.tier}-price`}>{formatMoney(offer.price, offer.currency)}</strong>
          <span>{t('membership.perDays', { days: offer.days })}</span>
        </p>
        <p className="ds-ms-tier__once">{t('membership.oneTime')}</p>
      </header>
      <ul className="ds-ms-tier__privileges" data-testid={`tier-${offer.tier}-privileges`}>
        {privilegeLines(offer, periodDays).map((line) => (
          <li key={line.key}>
            <CheckIcon className="ds-ms-tier__yes" />
            <span>{t(line.key, line.params)}</span>
          </li>
        ))}
        {missing && (
          <li className="ds-ms-tier__missing">
            <CloseIcon className="ds-ms-tier__no" />
            <span>{t(missing.key, missing.params)}</span>
          </li>
        )}
      </ul>
      <div className="ds-ms-tier__foot">
        <QuoteLine offer={offer} activeTier={activeTier} />
        <Button
          block
          color="primary"
          shape="rounded"
          disabled={button.disabled}
          data-testid={`tier-${offer.tier}-buy`}
          onClick={onBuy}
        >
          {t(button.label)}
        </Button>
      </div>
    </article>
  );
}
