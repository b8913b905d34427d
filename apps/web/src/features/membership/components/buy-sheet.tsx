import type { CurrencyKey, PaymentChannel, TierOffer } from '@dramastar/contract';
import { Button, Popup } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { openPaymentPage, providerLabel, submitPaymentForm } from '../../../shared/payments';
import { TIER_LABELS } from '../../../shared/api/membership-status';
import { useT } from '../../../shared/i18n';
import { formatMinor, formatMoney, parseAmount } from '../../../shared/money';
import { pendingReturn } from '../../../shared/return-to';
import { ROUTES } from '../../../shared/routes';
import { CheckIcon, CloseIcon, ContinueWatching, MenuList, MenuRow, ShieldIcon } from '../../../shared/ui';
import type { PurchaseOutcome, PurchaseResult } from '../api/purchase-card';
import { CONFIRM_TITLES, dateTimeFormat, RESULT_TITLES } from '../lib/labels';
import {
  balanceShortfall,
  checkPayment,
  paymentMethods,
  preferredMethod,
  quoteNumbers,
  type PaymentMethod,
} from '../lib/purchase';
import { InlineError, Summary, SummaryRow } from './shell';

interface ScreenError {
  text: string;
  /** Offer a recharge (the balance is short). */
  recharge?: boolean;
}

function MethodTitle({ title, hint }: { title: string; hint: string }) {
  return (
    <span className="ds-ms-two-lines">
      <span>{title}</span>
      <span className="ds-muted">{hint}</span>
    </span>
  );
}

/** The end of a purchase from the balance: the card, what was paid and credited, the new balance. */
function PurchaseDone({
  result,
  currency,
  onDone,
}: {
  result: PurchaseResult;
  currency: CurrencyKey;
  onDone: () => void;
}) {
  const t = useT();
  // Bought from an episode's paywall: back to that episode, which now plays.
  const back = pendingReturn();
  const dates = dateTimeFormat(t.language);
  const credit = formatMoney(result.credit, currency);
  return (
    <div className="ds-ms-done" data-testid="purchase-result">
      <span className="ds-ms-done__icon">
        <CheckIcon />
      </span>
      <h3 className="ds-ms-done__title">
        {t(RESULT_TITLES[result.action], { card: t(TIER_LABELS[result.card.tier]) })}
      </h3>
      <p className="ds-muted" data-testid="purchase-result-ends">
        {t('membership.runsUntil', { date: dates.format(new Date(result.card.endsAt)) })}
      </p>
      <Summary className="ds-ms-summary">
        <SummaryRow
          label={t('membership.paid')}
          value={formatMoney(result.paid, currency)}
          testId="purchase-result-paid"
        />
        {(parseAmount(result.credit, currency) ?? 0n) > 0n && (
          <SummaryRow label={t('membership.credit')} value={credit} testId="purchase-result-credit" />
        )}
        <SummaryRow
          label={t('membership.newBalance')}
          value={formatMoney(result.balance, currency)}
          strong
          testId="purchase-result-balance"
        />
      </Summary>
      <p className="ds-ms-note">{t('membership.noAutoRenewShort')}</p>
      {back ? (
        <>
          <ContinueWatching to={back} testId="purchase-continue" />
          <Button block fill="none" data-testid="purchase-done" onClick={onDone}>
            {t('membership.done')}
          </Button>
        </>
      ) : (
        <Button block color="primary" shape="rounded" data-testid="purchase-done" onClick={onDone}>
          {t('membership.done')}
        </Button>
      )}
    </div>
  );
}

/**
 * The confirmation of a purchase in a bottom sheet: price, credit of an upgrade, what will be paid
 * and when the card will end, then how to pay: the balance (with what it holds; a recharge when it
 * is short) or a recharge channel for exactly the amount. Nothing is sent before a method is chosen.
 */
export function BuySheet({
  offer,
  balance,
  channels,
  lockedMethod,
  busy,
  onPay,
  onClose,
}: {
  offer: TierOffer;
  /** The wallet's balance, or null while it is not known. */
  balance: string | null;
  /** The tenant's recharge channels, or null while they load. */
  channels: PaymentChannel[] | null;
  lockedMethod: PaymentMethod | null;
  busy: boolean;
  onPay: (method: PaymentMethod) => Promise<PurchaseOutcome | null>;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [chosen, setMethod] = useState<PaymentMethod | null>(lockedMethod);
  const [error, setError] = useState<ScreenError | null>(null);
  const [result, setResult] = useState<PurchaseResult | null>(null);
  const { currency } = offer;
  const numbers = quoteNumbers(offer);
  const dates = dateTimeFormat(t.language);
  const methods = paymentMethods(channels ?? [], numbers.pay);
  // Until the user chooses, the sensible method is chosen for them (the balance when it covers it).
  const method = chosen ?? preferredMethod(methods, numbers.pay, balance, currency);
  const short = balanceShortfall(numbers.pay, balance, currency);
  const official = channels?.find((channel) => channel.code === 'official');
  // The card channel pays through the tenant's first provider: named, so the user knows where.
  const gatewayProvider = channels?.find((channel) => channel.code === 'gateway')?.providers?.[0];
  const card = t(TIER_LABELS[offer.tier]);
  const action = offer.quote.action === 'lower' ? null : offer.quote.action;

  const choose = (next: PaymentMethod) => {
    if (lockedMethod !== null || busy) return;
    setMethod(next);
    setError(null);
  };

  const confirm = async () => {
    const refusal = checkPayment(method, numbers.pay, balance, currency);
    if (refusal) {
      setError(
        refusal.key === 'InsufficientFunds' && refusal.shortfall !== undefined
          ? {
              text: t('membership.shortBy', { amount: formatMinor(refusal.shortfall, currency) }),
              recharge: true,
            }
          : { text: t.message(refusal.key) },
      );
      return;
    }
    if (method === null) return;
    setError(null);
    const outcome = await onPay(method);
    if (!outcome) return;
    switch (outcome.kind) {
      case 'card':
        setResult(outcome.result);
        return;
      case 'order':
        if (outcome.order.channel === 'gateway' && outcome.order.payForm) {
          submitPaymentForm(outcome.order.payForm);
        } else if (outcome.order.channel === 'gateway' && outcome.order.payUrl) {
          openPaymentPage(outcome.order.payUrl);
        } else {
          const page = outcome.order.channel === 'official' ? ROUTES.rechargeOfficial : ROUTES.recharge;
          void navigate(`${page}?orderNo=${encodeURIComponent(outcome.order.orderNo)}`);
        }
        return;
      case 'refused':
        setError({ text: outcome.message, recharge: outcome.errorKey === 'InsufficientFunds' });
        return;
      case 'noAnswer':
        setError({ text: t('membership.noAnswer') });
        return;
    }
  };

  let body: ReactNode;
  if (result) {
    body = <PurchaseDone result={result} currency={currency} onDone={onClose} />;
  } else {
    body = (
      <>
        <Summary className="ds-ms-summary" testId="purchase-quote">
          <SummaryRow
            label={t('membership.price', { days: offer.days })}
            value={formatMinor(numbers.price, currency)}
            testId="purchase-price"
          />
          {numbers.credit > 0n && (
            <SummaryRow
              label={t('membership.creditLabel')}
              value={`-${formatMinor(numbers.credit, currency)}`}
              testId="purchase-credit"
            />
          )}
          <SummaryRow
            label={t('membership.toPay')}
            value={formatMinor(numbers.pay, currency)}
            strong
            testId="purchase-pay"
          />
          {numbers.refund > 0n && (
            <SummaryRow
              label={t('membership.refund')}
              value={formatMinor(numbers.refund, currency)}
              testId="purchase-refund"
            />
          )}
          <SummaryRow
            label={t('membership.endsAt')}
            value={dates.format(new Date(numbers.endsAt))}
            testId="purchase-ends"
          />
        </Summary>
        <p className="ds-ms-sheet__promise">
          <ShieldIcon />
          <span>{t('membership.noAutoRenew')}</span>
        </p>
        <h3 className="ds-ms-sheet__label">{t('membership.payWith')}</h3>
        <MenuList radio label={t('membership.payWith')}>
          {methods.map((option) => (
            <MenuRow
              key={option}
              checked={method === option}
              onClick={() => choose(option)}
              testId={`pay-method-${option}`}
              title={
                option === 'balance' ? (
                  <MethodTitle
                    title={t('membership.methodBalance')}
                    hint={
                      balance === null
                        ? t('common.loading')
                        : short !== null && short > 0n
                          ? t('membership.methodBalanceShort', {
                              balance: formatMoney(balance, currency),
                              amount: formatMinor(short, currency),
                            })
                          : t('membership.methodBalanceHint', { balance: formatMoney(balance, currency) })
                    }
                  />
                ) : option === 'gateway' ? (
                  <MethodTitle
                    title={gatewayProvider ? providerLabel(gatewayProvider) : t('membership.methodGateway')}
                    hint={t('membership.methodGatewayHint', { amount: formatMinor(numbers.pay, currency) })}
                  />
                ) : (
                  <MethodTitle
                    title={t('membership.methodOfficial')}
                    hint={t('membership.methodOfficialHint', {
                      amount: formatMinor(numbers.pay, currency),
                      minutes: official?.windowMinutes ?? 5,
                    })}
                  />
                )
              }
            />
          ))}
        </MenuList>
        {methods.length > 1 && <p className="ds-ms-note">{t('membership.channelNote')}</p>}
        {channels === null && numbers.pay > 0n && <p className="ds-ms-note">{t('common.loading')}</p>}
        <p className="ds-ms-note">
          {t('membership.usdtNote')}{' '}
          <Link className="ds-link" to={ROUTES.usdt} data-testid="pay-usdt-link">
            {t('membership.usdtLink')}
          </Link>
        </p>
        <div className="ds-ms-sheet__actions">
          {error && (
            <InlineError testId="purchase-error">
              {error.text}
              {error.recharge && (
                <>
                  {' '}
                  <Link className="ds-link" to={ROUTES.recharge} data-testid="purchase-recharge">
                    {t('membership.recharge')}
                  </Link>
                </>
              )}
            </InlineError>
          )}
          <Button
            block
            color="primary"
            size="large"
            shape="rounded"
            loading={busy}
            data-testid="purchase-confirm"
            onClick={() => void confirm()}
          >
            {t('membership.payAmount', { amount: formatMinor(numbers.pay, currency) })}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="ds-ms-sheet" data-testid="purchase-sheet">
      <div className="ds-ms-sheet__head">
        <h2>{result || !action ? card : t(CONFIRM_TITLES[action], { card })}</h2>
        <button
          type="button"
          className="ds-icon-button"
          aria-label={t('common.close')}
          disabled={busy}
          data-testid="purchase-close"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      {body}
    </div>
  );
}

/** The sheet in its bottom popup; a new purchase mounts it afresh. */
export function BuySheetPopup({
  visible,
  onClose,
  busy,
  children,
}: {
  visible: boolean;
  onClose: () => void;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      position="bottom"
      onMaskClick={busy ? undefined : onClose}
      bodyClassName="ds-ms-popup"
      destroyOnClose
    >
      {children}
    </Popup>
  );
}
