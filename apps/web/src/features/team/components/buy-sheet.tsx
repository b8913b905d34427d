import { isMessageKey, type CopyrightProduct } from '@dramastar/contract';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { useT } from '../../../shared/i18n';
import { formatMinor, formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { CloseIcon, showToast } from '../../../shared/ui';
import { PASSWORD_REFUSALS, PayPasswordSheet } from '../../../shared/ui/pay-password-sheet';
import { useBuyCopyright } from '../api/copyrights';
import { clampQuantity, covers, maxQuantity, quoteBuy } from '../lib/buy';
import { formatCount, formatDateTime } from '../lib/format';
import { QuantityStepper } from './quantity-stepper';

interface Refusal {
  /** The refusal's errorKey, or null when no answer came. */
  key: string | null;
  message: string;
}

/** What the sheet says under a refusal: what it means for this product and what to do. */
function RefusalNotice({ refusal, product }: { refusal: Refusal; product: CopyrightProduct }) {
  const t = useT();
  const wallet = useWalletInfo();
  const money = (amount: string) => formatMoney(amount, product.currency);
  let title = refusal.message;
  if (refusal.key === null) title = t('common.networkError');
  else if (isMessageKey(refusal.key)) title = t.message(refusal.key);
  let hint: string | null = null;
  let link: { to: string; text: string; testId: string } | null = null;
  switch (refusal.key) {
    case 'NotWithinPurchaseTime':
      hint = t('copyright.hintNotStarted', { date: formatDateTime(product.startsAt, t.language) });
      break;
    case 'InvestEnded':
      hint = t('copyright.hintEnded');
      break;
    case 'NoMoreQuantity':
      hint =
        product.remaining > 0
          ? t('copyright.hintRemaining', { count: formatCount(product.remaining, t.language) })
          : t('copyright.hintSoldOut');
      break;
    case 'MaxPurchaseLimitReached':
      hint = t('copyright.hintLimit', { max: product.perUserMax, mine: product.mine.quantity });
      break;
    case 'InsufficientFunds':
      hint = wallet.data ? t('copyright.hintFunds', { balance: money(wallet.data.balance) }) : null;
      link = { to: ROUTES.recharge, text: t('copyright.recharge'), testId: 'buy-recharge' };
      break;
    case 'PaymentPasswordNotSet':
      hint = t('copyright.hintPayPassword');
      link = { to: ROUTES.walletPay, text: t('copyright.setPayPassword'), testId: 'buy-set-pay-password' };
      break;
    case 'IdempotencyConflict':
      hint = t('copyright.hintConflict');
      link = { to: ROUTES.copyrightRecord, text: t('copyright.records'), testId: 'buy-records' };
      break;
    case null:
      hint = t('copyright.hintRetry');
      break;
    default:
      break;
  }
  return (
    <div className="ds-buy__error" role="alert" data-testid="buy-error">
      <strong data-testid="buy-error-title">{title}</strong>
      {hint && <span data-testid="buy-error-hint">{hint}</span>}
      {link && (
        <Link className="ds-link" to={link.to} data-testid={link.testId}>
          {link.text}
        </Link>
      )}
    </div>
  );
}

function BuyForm({ product, onDone }: { product: CopyrightProduct; onDone: () => void }) {
  const t = useT();
  const wallet = useWalletInfo();
  const { busy, begin, buy } = useBuyCopyright();
  const [wanted, setWanted] = useState(1);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sheet, setSheet] = useState({ visible: false, error: null as string | null, attempt: 0 });
  const max = maxQuantity(product);
  const quantity = clampQuantity(wanted, max);
  const quote = quoteBuy(product, quantity);
  const currency = product.currency;
  const enough = covers(wallet.data?.balance, quote.total, currency);

  // Money leaving the wallet for an investment asks the payment password first.
  const confirm = () => {
    if (quantity < 1) return;
    begin(product.id, quantity);
    setRefusal(null);
    setSheet((s) => ({ visible: true, error: null, attempt: s.attempt + 1 }));
  };

  const pay = async (payPassword: string) => {
    const outcome = await buy(product.id, quantity, payPassword);
    if (outcome === null) return;
    if (outcome.ok) {
      setSheet((s) => ({ ...s, visible: false }));
      showToast(
        t('copyright.bought', {
          quantity,
          balance: formatMoney(outcome.answer.balance, currency),
        }),
      );
      onDone();
    } else if (outcome.errorKey === null || PASSWORD_REFUSALS.includes(outcome.errorKey)) {
      // A wrong password, a lock or no answer: the sheet stays for another try.
      const error = outcome.errorKey === null ? t('common.networkError') : outcome.message;
      setSheet((s) => ({ ...s, error, attempt: s.attempt + 1 }));
    } else {
      setSheet((s) => ({ ...s, visible: false }));
      setRefusal({ key: outcome.errorKey, message: outcome.message });
    }
  };

  return (
    <div className="ds-buy" data-testid="buy-sheet">
      <div className="ds-buy__head">
        <h2>{t('copyright.buyTitle')}</h2>
        <button
          type="button"
          className="ds-icon-button"
          aria-label={t('common.close')}
          disabled={busy}
          onClick={onDone}
        >
          <CloseIcon />
        </button>
      </div>
      <p className="ds-buy__product" data-testid="buy-product">
        {product.title}
      </p>
      <dl className="ds-buy__rows">
        <div className="ds-buy__row">
          <dt>{t('copyright.price')}</dt>
          <dd data-testid="buy-price">{formatMoney(product.price, currency)}</dd>
        </div>
        <div className="ds-buy__row ds-buy__row--stepper">
          <dt>
            {t('copyright.quantity')}
            <span className="ds-buy__max" data-testid="buy-max">
              {t('copyright.maxHint', { max })}
            </span>
          </dt>
          <dd>
            <QuantityStepper value={quantity} max={max} onChange={setWanted} disabled={busy || max < 1} />
          </dd>
        </div>
        <div className="ds-buy__row">
          <dt>{t('copyright.dailyRevenue')}</dt>
          <dd className="ds-team-gain" data-testid="buy-daily">
            {formatMinor(quote.daily, currency)}
          </dd>
        </div>
        <div className="ds-buy__row">
          <dt>{t('copyright.termReturn', { days: product.termDays })}</dt>
          <dd data-testid="buy-return">{formatMinor(quote.totalReturn, currency)}</dd>
        </div>
        <div className="ds-buy__row">
          <dt>{t('copyright.balance')}</dt>
          <dd data-testid="buy-balance">
            {wallet.data ? formatMoney(wallet.data.balance, wallet.data.currency) : '…'}
          </dd>
        </div>
        <div className="ds-buy__row ds-buy__row--total">
          <dt>{t('copyright.totalPrice')}</dt>
          <dd data-testid="buy-total">{formatMinor(quote.total, currency)}</dd>
        </div>
      </dl>
      <p className="ds-buy__note" data-testid="buy-terms">
        {t('copyright.buyTerms', {
          daily: formatMinor(quote.daily, currency),
          days: product.termDays,
          total: formatMinor(quote.totalReturn, currency),
        })}
      </p>
      {refusal ? (
        <RefusalNotice refusal={refusal} product={product} />
      ) : (
        enough === false && (
          <div className="ds-buy__error ds-buy__error--warn" data-testid="buy-short">
            <strong>{t.message('InsufficientFunds')}</strong>
            <Link className="ds-link" to={ROUTES.recharge} data-testid="buy-short-recharge">
              {t('copyright.recharge')}
            </Link>
          </div>
        )
      )}
      <Button
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={quantity < 1 || enough === false}
        data-testid="buy-confirm"
        onClick={confirm}
      >
        {t('copyright.pay', { amount: formatMinor(quote.total, currency) })}
      </Button>
      <PayPasswordSheet
        visible={sheet.visible}
        busy={busy}
        error={sheet.error}
        attempt={sheet.attempt}
        onClose={() => setSheet((s) => ({ ...s, visible: false }))}
        onSubmit={(password) => void pay(password)}
        summary={
          <>
            <p className="ds-paypass__amount" data-testid="pay-password-amount">
              {formatMinor(quote.total, currency)}
            </p>
            <p className="ds-muted">{t('copyright.sheetSummary', { quantity, title: product.title })}</p>
          </>
        }
      />
    </div>
  );
}

/**
 * The purchase sheet: quantity from 1 to what may be bought (what is left and what the user may
 * still hold), the total price and the daily revenue before paying, then /copyright/buy with a
 * requestId made when the sheet opened. Refusals stay on the sheet with what to do.
 */
export function BuySheet({
  product,
  visible,
  onClose,
  afterClose,
}: {
  product: CopyrightProduct | null;
  visible: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      afterClose={afterClose}
      position="bottom"
      bodyClassName="ds-buy-sheet"
      destroyOnClose
    >
      {product && <BuyForm key={product.id} product={product} onDone={onClose} />}
    </Popup>
  );
}
