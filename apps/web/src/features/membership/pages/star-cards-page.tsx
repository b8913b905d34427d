import type { MembershipTier } from '@dramastar/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMembershipStatus } from '../../../shared/api/membership-status';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { EmptyState, ShieldIcon, StarIcon } from '../../../shared/ui';
import { useCardPurchase } from '../api/purchase-card';
import { useCanSendTrialCard, useCardHistory, usePaymentChannels, useStarCardTiers } from '../api/queries';
import { BuySheet, BuySheetPopup } from '../components/buy-sheet';
import { CardHistory, coveredUntil } from '../components/card-history';
import { CurrentCard } from '../components/current-card';
import { LoadError, Loading, MembershipPage } from '../components/shell';
import { TierCarousel } from '../components/tier-carousel';

/** What every card promises, said before any price: all paid episodes, and no charge it makes by itself. */
function PromiseBanner() {
  const t = useT();
  return (
    <section className="ds-ms-promise" data-testid="membership-promise">
      <h2 className="ds-ms-promise__title">
        <ShieldIcon /> {t('membership.promiseTitle')}
      </h2>
      <ul>
        <li>{t('membership.promiseEpisodes')}</li>
        <li>{t('membership.promiseNoRenewal')}</li>
        <li>{t('membership.promisePrice')}</li>
      </ul>
    </section>
  );
}

/** The query parameter that carries a guest's chosen tier through sign-in to its purchase sheet. */
const BUY_PARAM = 'buy';

/**
 * What a guest sees: the promise and every tier with its price, days and what it unlocks. Buying
 * asks to sign in first and then opens that tier's purchase sheet.
 */
function GuestStarCards() {
  const t = useT();
  const tiers = useStarCardTiers(true);
  const [, setParams] = useSearchParams();
  if (tiers.isPending) return <Loading />;
  if (tiers.isError) return <LoadError error={tiers.error} onRetry={() => void tiers.refetch()} />;
  const buy = (tier: MembershipTier) => {
    // Kept in the address, so the page the sign-in returns to opens this tier's sheet.
    setParams({ [BUY_PARAM]: tier }, { replace: true });
    queueMicrotask(() => openLoginPanel());
  };
  return (
    <>
      <PromiseBanner />
      <p className="ds-ms-guest-note" data-testid="membership-guest-note">
        {t('membership.guestNote')}
      </p>
      <h2 className="ds-section-title">{t('membership.chooseTitle')}</h2>
      <TierCarousel tiers={tiers.data.tiers} activeTier={null} periodDays={30} onBuy={buy} />
    </>
  );
}

function StarCardsContent() {
  const t = useT();
  const status = useMembershipStatus();
  const [params, setParams] = useSearchParams();
  const wanted = params.get(BUY_PARAM);
  const history = useCardHistory();
  const gifting = useCanSendTrialCard();
  const channels = usePaymentChannels();
  const wallet = useWalletInfo();
  const purchase = useCardPurchase();

  // A tier chosen before signing in: its sheet opens once, when the quote for this user is known.
  const startPurchase = purchase.start;
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !status.data || opened.current === wanted) return;
    opened.current = wanted;
    setParams({}, { replace: true });
    if (status.data.tiers.some((tier) => tier.tier === wanted)) startPurchase(wanted as MembershipTier);
  }, [wanted, status.data, setParams, startPurchase]);

  if (status.isPending) return <Loading />;
  if (status.isError) return <LoadError error={status.error} onRetry={() => void status.refetch()} />;
  const data = status.data;
  const activeTier = data.active?.tier ?? null;
  const offer = data.tiers.find((tier) => tier.tier === purchase.tier);

  const buy = (tier: MembershipTier) => {
    purchase.start(tier);
    // The quote (an upgrade's credit shrinks with time) and the balance as they are now.
    void status.refetch();
    void wallet.refetch();
  };

  return (
    <>
      <CurrentCard status={data} coveredUntil={coveredUntil(history.data, data.active)} />
      <PromiseBanner />
      <h2 className="ds-section-title">{t('membership.chooseTitle')}</h2>
      {data.tiers.length === 0 ? (
        <EmptyState
          testId="tiers-empty"
          icon={<StarIcon />}
          title={t('membership.noTiersTitle')}
          description={t('membership.noTiersDescription')}
        />
      ) : (
        <TierCarousel
          tiers={data.tiers}
          activeTier={activeTier}
          periodDays={gifting.data?.periodDays ?? 30}
          onBuy={buy}
        />
      )}
      {history.data && <CardHistory history={history.data} />}
      <BuySheetPopup
        visible={purchase.visible && offer !== undefined}
        busy={purchase.busy}
        onClose={purchase.close}
      >
        {offer && (
          <BuySheet
            key={purchase.opening}
            offer={offer}
            balance={wallet.data?.balance ?? null}
            channels={channels.data?.channels ?? (channels.isError ? [] : null)}
            lockedMethod={purchase.lockedMethod}
            busy={purchase.busy}
            onPay={purchase.pay}
            onClose={purchase.close}
          />
        )}
      </BuySheetPopup>
    </>
  );
}

/**
 * /pages/earn/strategy (Star Card Privilege): the user's card, what every card promises, the tiers
 * with price, days and what each unlocks, buying, renewing and upgrading in a confirmation sheet
 * (balance or a recharge channel), and the cards held so far.
 */
export default function StarCardsPage() {
  const t = useT();
  return (
    <MembershipPage title={t('membership.title')} guest={<GuestStarCards />}>
      <StarCardsContent />
    </MembershipPage>
  );
}
