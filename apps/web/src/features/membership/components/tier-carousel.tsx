import type { MembershipTier, TierOffer } from '@dramastar/contract';
import { useEffect, useRef, useState } from 'react';
import { TIER_LABELS } from '../../../shared/api/membership-status';
import { useT } from '../../../shared/i18n';
import { TierCard } from './tier-card';

/**
 * The tiers as cards side by side, swiped on a phone (scroll snapping, no library), with a row of
 * tier names above that shows which card is in view and scrolls to a card when tapped. It starts
 * at the user's own tier, else at the first.
 */
export function TierCarousel({
  tiers,
  activeTier,
  periodDays,
  onBuy,
}: {
  tiers: TierOffer[];
  activeTier: MembershipTier | null;
  periodDays: number;
  onBuy: (tier: MembershipTier) => void;
}) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const chips = useRef<HTMLDivElement>(null);
  const initial = tiers.find((offer) => offer.tier === activeTier)?.tier ?? tiers[0]?.tier ?? null;
  const [inView, setInView] = useState<MembershipTier | null>(initial);

  const cardOf = (tier: MembershipTier) =>
    track.current?.querySelector<HTMLElement>(`[data-tier="${tier}"]`) ?? null;

  const scrollTo = (tier: MembershipTier, smooth: boolean) => {
    const box = track.current;
    const card = cardOf(tier);
    if (!box || !card) return;
    const left = card.offsetLeft - (box.clientWidth - card.clientWidth) / 2;
    if (typeof box.scrollTo === 'function') box.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
  };

  // Opens at the user's tier without an animation.
  useEffect(() => {
    if (initial) scrollTo(initial, false);
    // Only on the first render of these tiers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiers.length]);

  // The name of the card in view stays visible in the row of names.
  useEffect(() => {
    const box = chips.current;
    const chip = box?.querySelector<HTMLElement>(`[data-chip="${inView ?? ''}"]`);
    if (!box || !chip || typeof box.scrollTo !== 'function') return;
    box.scrollTo({ left: chip.offsetLeft - (box.clientWidth - chip.clientWidth) / 2, behavior: 'smooth' });
  }, [inView]);

  const onScroll = () => {
    const box = track.current;
    if (!box) return;
    const middle = box.scrollLeft + box.clientWidth / 2;
    let best: { tier: MembershipTier; distance: number } | null = null;
    for (const card of box.querySelectorAll<HTMLElement>('[data-tier]')) {
      const distance = Math.abs(card.offsetLeft + card.clientWidth / 2 - middle);
      const tier = card.dataset.tier as MembershipTier;
      if (!best || distance < best.distance) best = { tier, distance };
    }
    if (best && best.tier !== inView) setInView(best.tier);
  };

  return (
    <section className="ds-ms-tiers" aria-label={t('membership.tiersLabel')}>
      <div className="ds-ms-chips" ref={chips}>
        {tiers.map((offer) => (
          <button
            key={offer.tier}
            type="button"
            aria-current={inView === offer.tier ? 'true' : undefined}
            className={inView === offer.tier ? 'ds-ms-chip ds-ms-chip--active' : 'ds-ms-chip'}
            data-chip={offer.tier}
            data-testid={`tier-chip-${offer.tier}`}
            onClick={() => {
              setInView(offer.tier);
              scrollTo(offer.tier, true);
            }}
          >
            {t(TIER_LABELS[offer.tier])}
          </button>
        ))}
      </div>
      <div className="ds-ms-track" ref={track} onScroll={onScroll} data-testid="tier-track">
        {tiers.map((offer) => (
          <div key={offer.tier} className="ds-ms-track__item" data-tier={offer.tier}>
            <TierCard
              offer={offer}
              activeTier={activeTier}
              periodDays={periodDays}
              onBuy={() => onBuy(offer.tier)}
            />
          </div>
        ))}
      </div>
      <div className="ds-ms-dots" aria-hidden="true">
        {tiers.map((offer) => (
          <span
            key={offer.tier}
            className={inView === offer.tier ? 'ds-ms-dot ds-ms-dot--active' : 'ds-ms-dot'}
          />
        ))}
      </div>
    </section>
  );
}
