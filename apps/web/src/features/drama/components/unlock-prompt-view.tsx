import { trackUnlock } from '../../../shared/analytics/tracker';
import {
  isStarTier,
  LIMITS,
  type CurrencyKey,
  type MembershipTier,
  type TierOffer,
} from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useCardPurchase, type PurchaseResult } from '../../../shared/api/card-purchase';
import {
  paymentChannelsQueryOptions,
  starCardTiersQueryOptions,
  TIER_LABELS,
  trialCardsQueryOptions,
  useMembershipStatus,
} from '../../../shared/api/membership-status';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { openLoginPanel } from '../../../shared/auth/login-panel-store';
import { useT } from '../../../shared/i18n';
import { formatMinor, formatMoney } from '../../../shared/money';
import { openPaymentPage, providerLabel, submitPaymentForm } from '../../../shared/payments';
import {
  balanceShortfall,
  paymentMethods,
  preferredMethod,
  quoteNumbers,
  type PaymentMethod,
} from '../../../shared/purchase';
import { clearReturn, rememberReturn } from '../../../shared/return-to';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { CheckIcon, ConfirmPopup, LockIcon } from '../../../shared/ui';
import { useActivateTrial } from '../api/activate-trial';
import type { UnlockPromptProps } from './unlock-prompt';

/** One tier on the paywall: its name, what it unlocks for how long, and its price. */
function TierOption({
  offer,
  checked,
  onChoose,
}: {
  offer: TierOffer;
  checked: boolean | null;
  onChoose?: () => void;
}) {
  const t = useT();
  const numbers = quoteNumbers(offer);
  const body = (
    <>
      <span className="ds-paywall__tier-text">
        <span className="ds-paywall__tier-name">{t(TIER_LABELS[offer.tier])}</span>
        <span className="ds-paywall__tier-what">
          {t(isStarTier(offer.tier) ? 'paywall.unlocksStar' : 'paywall.unlocksWeek', { days: offer.days })}
        </span>
      </span>
      <span className="ds-paywall__tier-price" data-testid={`paywall-price-${offer.tier}`}>
        {formatMinor(numbers.pay, offer.currency)}
      </span>
    </>
  );
  if (checked === null) {
    return (
      <li className="ds-paywall__tier" data-testid={`paywall-tier-${offer.tier}`}>
        {body}
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        role="radio"
        aria-checked={checked}
        className={checked ? 'ds-paywall__tier ds-paywall__tier--checked' : 'ds-paywall__tier'}
        data-testid={`paywall-tier-${offer.tier}`}
        onClick={onChoose}
      >
        {body}
      </button>
    </li>
  );
}

/** The label of the one-tap buy button: the amount and the method chosen for the viewer. */
function useBuyLabel(method: PaymentMethod | null, pay: string, provider: string | null) {
  const t = useT();
  switch (method) {
    case 'balance':
      return t('paywall.payFromBalance', { amount: pay });
    case 'gateway':
      return t('paywall.payWith', { amount: pay, method: provider ?? t('membership.methodGateway') });
    case 'official':
      return t('paywall.payByTransfer', { amount: pay });
    case null:
      return t('membership.payAmount', { amount: pay });
  }
}

/** After a card bought from the balance: it is active, and the episode plays on "Continue watching". */
function PaidDone({
  result,
  currency,
  onContinue,
}: {
  result: PurchaseResult;
  currency: CurrencyKey;
  onContinue?: () => void;
}) {
  const t = useT();
  return (
    <div className="ds-paywall__done" data-testid="paywall-done" role="status">
      <span className="ds-paywall__done-icon">
        <CheckIcon />
      </span>
      <p className="ds-paywall__done-title">
        {t('membership.resultBuy', { card: t(TIER_LABELS[result.card.tier]) })}
      </p>
      <p className="ds-muted">
        {t('paywall.paidBalance', {
          paid: formatMoney(result.paid, currency),
          balance: formatMoney(result.balance, currency),
        })}
      </p>
      <Button
        block
        color="primary"
        shape="rounded"
        data-testid="paywall-continue"
        onClick={() => {
          clearReturn();
          onContinue?.();
        }}
      >
        {t('membership.continueWatching')}
      </Button>
    </div>
  );
}

/** The signed-in viewer's paywall: each card with its price, the balance, one tap to buy, the trial. */
function MemberPaywall({
  onUnlocked,
  onPaid,
  toStarCards,
}: {
  onUnlocked?: () => void;
  onPaid?: () => void;
  toStarCards: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const token = useSession((s) => s.token);
  const status = useMembershipStatus();
  const wallet = useWalletInfo();
  const channels = useQuery({ ...paymentChannelsQueryOptions(token), enabled: token !== null });
  const cards = useQuery({
    ...trialCardsQueryOptions(token, { hideToast: true }),
    enabled: token !== null,
  });
  const purchase = useCardPurchase();
  const trial = useActivateTrial();
  const [confirming, setConfirming] = useState(false);
  const [chosen, setChosen] = useState<MembershipTier | null>(null);
  const [done, setDone] = useState<PurchaseResult | null>(null);
  const [error, setError] = useState<{ text: string; recharge: boolean } | null>(null);

  const offers = (status.data?.tiers ?? []).filter((offer) => offer.quote.action !== 'lower');
  // The cheapest card that unlocks the episode is chosen until the viewer picks another.
  const offer = offers.find((o) => o.tier === chosen) ?? offers[0];
  const tier = offer?.tier ?? null;
  const { start } = purchase;
  useEffect(() => {
    if (tier !== null) start(tier);
    // `start` changes with every render of the purchase hook; the tier is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tier]);

  const currency = offer?.currency ?? wallet.data?.currency ?? 'PHP';
  const balance = wallet.data?.balance ?? null;
  const numbers = offer ? quoteNumbers(offer) : null;
  const methods = numbers ? paymentMethods(channels.data?.channels ?? [], numbers.pay) : [];
  const method =
    purchase.lockedMethod ?? (numbers ? preferredMethod(methods, numbers.pay, balance, currency) : null);
  const short = numbers ? balanceShortfall(numbers.pay, balance, currency) : null;
  const gateway = channels.data?.channels.find((channel) => channel.code === 'gateway')?.providers?.[0];
  const buyLabel = useBuyLabel(
    method,
    numbers ? formatMinor(numbers.pay, currency) : '',
    gateway ? providerLabel(gateway) : null,
  );
  const hasTrial = cards.data ? cards.data.owned.some((card) => card.status === 'unused') : true;

  const buy = async () => {
    if (!offer || method === null || purchase.tier !== offer.tier) return;
    trackUnlock('buy');
    setError(null);
    // A provider's page or the transfer page comes back to this episode.
    rememberReturn(`${location.pathname}${location.search}`);
    const outcome = await purchase.pay(method);
    if (!outcome) return;
    switch (outcome.kind) {
      case 'card':
        // The page keeps this sheet (its "card is active" and "Continue watching") while the
        // episode reloads unlocked behind it (the episode page and Shorts both do).
        onPaid?.();
        setDone(outcome.result);
        return;
      case 'order':
        if (outcome.order.channel === 'gateway' && outcome.order.payForm)
          submitPaymentForm(outcome.order.payForm);
        else if (outcome.order.channel === 'gateway' && outcome.order.payUrl)
          openPaymentPage(outcome.order.payUrl);
        else {
          const page = outcome.order.channel === 'official' ? ROUTES.rechargeOfficial : ROUTES.recharge;
          void navigate(`${page}?orderNo=${encodeURIComponent(outcome.order.orderNo)}`);
        }
        return;
      case 'refused':
        clearReturn();
        setError({ text: outcome.message, recharge: outcome.errorKey === 'InsufficientFunds' });
        return;
      case 'noAnswer':
        setError({ text: t('membership.noAnswer'), recharge: false });
        return;
    }
  };

  const activate = async () => {
    trackUnlock('trial');
    const ok = await trial.activate();
    setConfirming(false);
    if (!ok) return;
    Toast.show({ content: t('drama.trialStarted') });
    onUnlocked?.();
  };

  if (done) return <PaidDone result={done} currency={currency} onContinue={onUnlocked} />;

  return (
    <>
      {offers.length > 0 && (
        <ul className="ds-paywall__tiers" role="radiogroup" aria-label={t('membership.tiersLabel')}>
          {offers.map((o) => (
            <TierOption
              key={o.tier}
              offer={o}
              checked={o.tier === offer?.tier}
              onChoose={() => {
                if (purchase.busy || purchase.lockedMethod !== null) return;
                setChosen(o.tier);
                setError(null);
              }}
            />
          ))}
        </ul>
      )}
      {status.isPending && <p className="ds-muted">{t('common.loading')}</p>}
      <p className="ds-paywall__balance" data-testid="paywall-balance">
        {balance === null
          ? t('paywall.balanceUnknown')
          : short !== null && short > 0n
            ? t('paywall.balanceShort', {
                balance: formatMoney(balance, currency),
                amount: formatMinor(short, currency),
              })
            : t('paywall.balance', { balance: formatMoney(balance, currency) })}
      </p>
      {error && (
        <p className="ds-unlock__error" role="alert" data-testid="paywall-error">
          {error.text}
          {error.recharge && (
            <>
              {' '}
              <Link className="ds-link" to={ROUTES.recharge}>
                {t('membership.recharge')}
              </Link>
            </>
          )}
        </p>
      )}
      {offer && (
        <Button
          color="primary"
          shape="rounded"
          block
          size="large"
          data-testid="paywall-buy"
          data-method={method ?? ''}
          loading={purchase.busy}
          disabled={method === null}
          onClick={() => void buy()}
        >
          {buyLabel}
        </Button>
      )}
      {/* The viewer's own trial card starts here, after a confirmation, and the episode plays. */}
      {hasTrial && (
        <Button
          fill="outline"
          shape="rounded"
          block
          data-testid="unlock-trial"
          loading={trial.busy}
          onClick={() => setConfirming(true)}
        >
          {t('paywall.useTrial', { hours: cards.data?.hours ?? LIMITS.trialCardHours })}
        </Button>
      )}
      {trial.refusal && (
        <p className="ds-unlock__error" role="alert" data-testid="unlock-trial-error">
          {trial.refusal.message || t('common.networkError')}
        </p>
      )}
      {trial.refusal?.none && (
        <Button
          fill="none"
          block
          data-testid="unlock-trial-more"
          onClick={() => void navigate(ROUTES.pointsTrial)}
        >
          {t('drama.trialGetMore')}
        </Button>
      )}
      <button
        type="button"
        className="ds-link ds-paywall__more"
        data-testid="unlock-star-card"
        onClick={toStarCards}
      >
        {t('paywall.allWays')}
      </button>
      <ConfirmPopup
        visible={confirming}
        title={t('pointsTrial.activateTitle')}
        content={
          <p data-testid="unlock-trial-confirm">
            {t('pointsTrial.activateConfirm', { hours: cards.data?.hours ?? LIMITS.trialCardHours })}
          </p>
        }
        confirmText={t('pointsTrial.activateNow')}
        confirmLoading={trial.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void activate()}
      />
    </>
  );
}

/** A guest's paywall: the prices, and signing up gives a free trial card at once. */
function GuestPaywall({ toStarCards }: { toStarCards: () => void }) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const tenantKnown = useSession((s) => s.tenantStatus !== 'pending');
  const tiers = useQuery({
    ...starCardTiersQueryOptions(tenantId, { hideToast: true }),
    enabled: tenantKnown,
  });
  return (
    <>
      {tiers.data && tiers.data.tiers.length > 0 && (
        <ul className="ds-paywall__tiers" aria-label={t('membership.tiersLabel')}>
          {tiers.data.tiers.map((offer) => (
            <TierOption key={offer.tier} offer={offer} checked={null} />
          ))}
        </ul>
      )}
      <Button
        color="primary"
        shape="rounded"
        block
        size="large"
        data-testid="unlock-signup"
        onClick={() => (trackUnlock('sign_in'), openLoginPanel('register'))}
      >
        {t('paywall.signUpTrial', { hours: LIMITS.trialCardHours })}
      </Button>
      <p className="ds-unlock__guest">{t('paywall.signUpTrialHint')}</p>
      <Button
        fill="outline"
        shape="rounded"
        block
        data-testid="unlock-login"
        onClick={() => (trackUnlock('sign_in'), openLoginPanel())}
      >
        {t('auth.login')}
      </Button>
      <button
        type="button"
        className="ds-link ds-paywall__more"
        data-testid="unlock-star-card"
        onClick={toStarCards}
      >
        {t('membership.seePrices')}
      </button>
    </>
  );
}

/**
 * Shown instead of a paid episode, as a sheet over the player: every card with its price and
 * what it unlocks, the viewer's balance and one tap to buy with the method chosen for them (the
 * balance when it covers the price), the viewer's trial card when they have one, and for guests
 * the free trial that signing up gives. One payment, never renewed, nothing pre-ticked.
 */
export default function UnlockPromptView({
  number,
  freeEpisodes,
  onWatchFree,
  onClose,
  onUnlocked,
  onPaid,
}: UnlockPromptProps) {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const navigate = useNavigate();
  const location = useLocation();
  // After buying a card (from the balance or a provider's page) the viewer comes back here.
  const toStarCards = () => {
    trackUnlock('buy');
    rememberReturn(`${location.pathname}${location.search}`);
    void navigate(ROUTES.starCards);
  };
  return (
    <section
      className="ds-unlock ds-paywall"
      data-testid="unlock-prompt"
      data-number={number}
      role="dialog"
      aria-labelledby={`unlock-title-${number}`}
      onClick={(event) => event.stopPropagation()}
    >
      <div className="ds-paywall__head">
        <span className="ds-unlock__icon">
          <LockIcon />
        </span>
        <h2 className="ds-unlock__title" id={`unlock-title-${number}`}>
          {t('drama.lockedTitle', { number })}
        </h2>
      </div>
      <p className="ds-paywall__body">
        {freeEpisodes > 0 ? t('drama.lockedBody', { free: freeEpisodes }) : t('drama.lockedBodyNoFree')}
      </p>
      <div className="ds-unlock__actions">
        {hasLogin ? (
          <MemberPaywall onUnlocked={onUnlocked} onPaid={onPaid} toStarCards={toStarCards} />
        ) : (
          <GuestPaywall toStarCards={toStarCards} />
        )}
        <p className="ds-unlock__note">{t('membership.unlockNote')}</p>
        {onWatchFree && freeEpisodes > 0 && (
          <Button
            fill="outline"
            shape="rounded"
            block
            data-testid="unlock-watch-free"
            onClick={() => (trackUnlock('dismiss'), onWatchFree())}
          >
            {t('drama.watchFromStart')}
          </Button>
        )}
        {onClose && (
          <Button
            fill="none"
            block
            data-testid="unlock-close"
            onClick={() => (trackUnlock('dismiss'), onClose())}
          >
            {t('common.close')}
          </Button>
        )}
      </div>
    </section>
  );
}
