import {
  CURRENCIES,
  toMajor,
  usdtAddressSchema,
  type WithdrawalChannel,
  type WithdrawalRules,
} from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMoneyAction } from '../../../shared/api/money-action';
import { useT } from '../../../shared/i18n';
import { formatMinor, formatMoney, plainAmount } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { AlertIcon, FooterBar, MenuList, MenuRow, Segmented, TextField } from '../../../shared/ui';
import { PASSWORD_REFUSALS, PayPasswordSheet } from '../../../shared/ui/pay-password-sheet';
import { useApplyWithdrawal } from '../api/apply-withdrawal';
import { useBankNames } from '../api/bank-config';
import { useBankCards } from '../api/query-bank-card';
import { useWithdrawalRules } from '../api/withdrawal-rules';
import { QuickAmounts } from '../components/quick-amounts';
import { withdrawalDetailsPath } from '../components/record-rows';
import { LoadError, Loading, Summary, SummaryRow, WalletPage } from '../components/shell';
import {
  allAmount,
  feeRate,
  missingPrerequisites,
  quoteWithdrawal,
  type Prerequisite,
  type Refusal,
} from '../lib/withdraw-form';

type BankCard = NonNullable<ReturnType<typeof useBankCards>['data']>['list'][number];

function Prerequisites({ missing }: { missing: Prerequisite[] }) {
  const t = useT();
  if (missing.length === 0) return null;
  const fixes = {
    membership: {
      text: t.message('MembershipRequired'),
      link: t('withdraw.getStarCard'),
      to: ROUTES.starCards,
    },
    payPassword: {
      text: t.message('PaymentPasswordNotSet'),
      link: t('withdraw.setPayPassword'),
      to: ROUTES.walletPay,
    },
    bankCard: { text: t.message('BankCardNotSet'), link: t('withdraw.addBankCard'), to: ROUTES.addBankCard },
  };
  return (
    <section className="ds-prereqs" data-testid="withdraw-prerequisites">
      <h2 className="ds-prereqs__title">{t('withdraw.needsTitle')}</h2>
      <ul>
        {missing.map((item) => (
          <li key={item} data-testid={`withdraw-needs-${item}`}>
            <AlertIcon className="ds-prereqs__icon" />
            <span className="ds-prereqs__text">{fixes[item].text}</span>
            <Link className="ds-link" to={fixes[item].to}>
              {fixes[item].link}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CardChooser({
  cards,
  value,
  onChange,
}: {
  cards: BankCard[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const t = useT();
  const bankName = useBankNames();
  if (cards.length === 0) return null;
  return (
    <>
      <div className="ds-wallet__section-head">
        <h2 className="ds-section-title">{t('withdraw.toCard')}</h2>
        <Link className="ds-link" to={ROUTES.cardList} data-testid="withdraw-manage-cards">
          {t('withdraw.manageCards')}
        </Link>
      </div>
      <MenuList radio label={t('withdraw.toCard')}>
        {cards.map((card) => (
          <MenuRow
            key={card.id}
            checked={value === card.id}
            onClick={() => onChange(card.id)}
            testId={`withdraw-card-${card.id}`}
            title={
              <span className="ds-two-lines">
                <span>
                  {bankName(card.bank)} {card.cardNumber}
                </span>
                <span className="ds-muted">
                  {card.bankName} · {card.accountName}
                </span>
              </span>
            }
          />
        ))}
      </MenuList>
    </>
  );
}

function WithdrawForm({ rules, cards }: { rules: WithdrawalRules; cards: BankCard[] }) {
  const t = useT();
  const bankName = useBankNames();
  const navigate = useNavigate();
  const apply = useApplyWithdrawal();
  const { currency } = rules;
  const [channel, setChannel] = useState<WithdrawalChannel>('bank');
  const [cardId, setCardId] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [screenError, setScreenError] = useState<string | null>(null);
  const [sheet, setSheet] = useState({
    visible: false,
    busy: false,
    error: null as string | null,
    attempt: 0,
  });
  const action = useMoneyAction();

  const quote = quoteWithdrawal(amount, rules, channel);
  const missing = missingPrerequisites(rules, channel);
  // The chosen card, or the first one (also when the list changed since the choice).
  const card = cards.find((c) => c.id === cardId) ?? cards[0] ?? null;
  const addressCheck = usdtAddressSchema.safeParse(address);
  const refusalText = (refusal: Refusal) => t.message(refusal.key, refusal.params);
  const amountError = touched
    ? quote.empty
      ? t.message('InvalidAmount')
      : quote.error && refusalText(quote.error)
    : quote.error && !quote.empty && quote.error.key === 'InsufficientFunds'
      ? refusalText(quote.error)
      : null;

  const all = allAmount(rules, channel);
  const quickAmounts = rules.quickAmounts.map((value) =>
    value === 'all'
      ? { value: 'all', label: t('withdraw.all'), disabled: all === null }
      : {
          value: plainAmount(value, currency),
          label: formatMoney(value, currency, { symbol: false, round: true }),
        },
  );
  const current = picked === 'all' && amount === all ? 'all' : amount;

  const pick = (value: string) => {
    setScreenError(null);
    if (value === 'all') {
      if (all === null) {
        setTouched(true);
        setScreenError(t.message('InsufficientFunds'));
        return;
      }
      setAmount(all);
    } else setAmount(value);
    setPicked(value);
  };

  const feeLabel =
    channel === 'usdt'
      ? t('withdraw.feeWithMin', {
          rate: feeRate(rules.usdtFeeBps),
          min: formatMoney(rules.usdtMinFee, currency),
        })
      : t('withdraw.fee', { rate: feeRate(rules.bankFeeBps) });

  const submit = () => {
    setTouched(true);
    setScreenError(null);
    if (missing.length > 0) {
      setScreenError(t('withdraw.needsFirst'));
      return;
    }
    if (quote.amount === null || quote.error) return;
    if (channel === 'bank' && !card) {
      setScreenError(t.message('BankCardNotSet'));
      return;
    }
    if (channel === 'usdt' && !addressCheck.success) return;
    // One money action per confirmation: a retry of the same withdrawal after no answer is the
    // same request, so it can never pay twice.
    action.begin(JSON.stringify([quote.amount.toString(), channel, card?.id, address.trim()]));
    setSheet({ visible: true, busy: false, error: null, attempt: sheet.attempt + 1 });
  };

  const pay = async (payPassword: string) => {
    const amount = quote.amount;
    if (amount === null) return;
    setSheet((s) => ({ ...s, busy: true, error: null }));
    const outcome = await action.run((requestId) =>
      apply({
        amount: toMajor(amount, currency),
        channel,
        ...(channel === 'bank' && card ? { bankCardId: card.id } : {}),
        ...(channel === 'usdt' ? { usdtAddress: address.trim() } : {}),
        payPassword,
        requestId,
      }),
    );
    if (outcome === null) return;
    if (outcome.kind === 'done') {
      setSheet((s) => ({ ...s, visible: false, busy: false }));
      void navigate(withdrawalDetailsPath(outcome.answer.orderNo), { replace: true });
    } else if (outcome.kind === 'refused') {
      // The server refused: nothing was made, so the next try is a new request.
      const error = outcome.error;
      if (PASSWORD_REFUSALS.includes(error.errorKey)) {
        setSheet((s) => ({ ...s, busy: false, error: error.message, attempt: s.attempt + 1 }));
      } else {
        setSheet((s) => ({ ...s, visible: false, busy: false }));
        setScreenError(error.message);
      }
    } else {
      // No answer: the same request may be tried again with the same id.
      setSheet((s) => ({ ...s, busy: false, error: t('common.networkError'), attempt: s.attempt + 1 }));
    }
  };

  return (
    <form
      className="ds-wallet-form"
      data-testid="withdraw-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="ds-balance-line" data-testid="withdraw-balance">
        <span className="ds-muted">{t('withdraw.available')}</span>
        <strong>{formatMoney(rules.balance, currency)}</strong>
      </div>
      <Prerequisites missing={missing} />
      {rules.usdtEnabled && (
        <Segmented
          className="ds-withdraw-channel"
          ariaLabel={t('withdraw.method')}
          options={(['bank', 'usdt'] as const).map((option) => ({
            value: option,
            label: t(option === 'bank' ? 'withdraw.toBank' : 'withdraw.toUsdt'),
            testId: `withdraw-channel-${option}`,
          }))}
          value={channel}
          onChange={(option) => {
            setChannel(option);
            setPicked(null);
            setScreenError(null);
          }}
        />
      )}
      {channel === 'bank' ? (
        <CardChooser cards={cards} value={card?.id ?? null} onChange={setCardId} />
      ) : (
        <div className="ds-wallet-form__block">
          <TextField
            label={t('withdraw.usdtAddress')}
            placeholder={t('withdraw.usdtAddressPlaceholder')}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
            testId="withdraw-usdt-address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={touched && !addressCheck.success ? t.message('InvalidUsdtAddress') : undefined}
          />
        </div>
      )}
      <div className="ds-wallet-form__block">
        <TextField
          label={t('withdraw.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('withdraw.amountPlaceholder')}
          prefix={<span className="ds-currency-prefix">{CURRENCIES[currency].symbol}</span>}
          testId="withdraw-amount"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setPicked(null);
            setScreenError(null);
          }}
          onBlur={() => amount !== '' && setTouched(true)}
          error={amountError ?? undefined}
          hint={
            plainAmount(rules.divisibleBy, currency) === '1'
              ? t('withdraw.minHint', { min: formatMoney(rules.minAmount, currency) })
              : t('withdraw.rulesHint', {
                  min: formatMoney(rules.minAmount, currency),
                  step: plainAmount(rules.divisibleBy, currency),
                })
          }
        />
        <QuickAmounts amounts={quickAmounts} current={current} onPick={pick} />
      </div>
      <Summary testId="withdraw-quote">
        <SummaryRow label={feeLabel} value={formatMinor(quote.fee, currency)} testId="withdraw-fee" />
        <SummaryRow
          label={t('withdraw.total')}
          value={formatMinor(quote.total, currency)}
          testId="withdraw-total"
        />
        <SummaryRow
          label={t('withdraw.arriving')}
          value={formatMinor(quote.arriving, currency)}
          strong
          testId="withdraw-arriving"
        />
      </Summary>
      {screenError && (
        <p
          className="ds-notice ds-notice--error ds-wallet-form__error"
          role="alert"
          data-testid="withdraw-error"
        >
          {screenError}
        </p>
      )}
      <p className="ds-wallet__note">{t('withdraw.timelineNote')}</p>
      <FooterBar>
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          disabled={missing.length > 0}
          data-testid="withdraw-submit"
        >
          {t('withdraw.submit')}
        </Button>
      </FooterBar>
      <PayPasswordSheet
        visible={sheet.visible}
        busy={sheet.busy}
        error={sheet.error}
        attempt={sheet.attempt}
        onClose={() => setSheet((s) => ({ ...s, visible: false }))}
        onSubmit={(password) => void pay(password)}
        summary={
          <>
            <p className="ds-paypass__amount" data-testid="pay-password-amount">
              {formatMinor(quote.total, currency)}
            </p>
            <p className="ds-muted">
              {t('withdraw.sheetSummary', {
                amount: formatMinor(quote.arriving, currency),
                fee: formatMinor(quote.fee, currency),
                to:
                  channel === 'usdt'
                    ? address.trim()
                    : card
                      ? `${bankName(card.bank)} ${card.cardNumber}`
                      : '',
              })}
            </p>
          </>
        }
      />
    </form>
  );
}

function WithdrawContent() {
  const rules = useWithdrawalRules();
  const cards = useBankCards();
  if (rules.isPending || cards.isPending) return <Loading />;
  if (rules.isError) return <LoadError error={rules.error} onRetry={() => void rules.refetch()} />;
  if (cards.isError) return <LoadError error={cards.error} onRetry={() => void cards.refetch()} />;
  return <WithdrawForm rules={rules.data} cards={cards.data.list} />;
}

/** /pages/profile/withdraw/index: what withdrawing needs, card, amount with fee, payment password. */
export default function WithdrawPage() {
  const t = useT();
  return (
    <WalletPage title={t('withdraw.title')}>
      <WithdrawContent />
    </WalletPage>
  );
}
