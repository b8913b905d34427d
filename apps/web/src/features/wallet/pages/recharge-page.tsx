import {
  CURRENCIES,
  toMajor,
  type CurrencyKey,
  type PaymentChannel,
  type RechargeOrder,
} from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { openPaymentPage, providerLabel, submitPaymentForm } from '../../../shared/payments';
import { TIER_LABELS } from '../../../shared/api/membership-status';
import { useWalletInfo } from '../../../shared/api/wallet-info';
import { useT } from '../../../shared/i18n';
import { formatMinor, formatMoney, parseAmount, plainAmount } from '../../../shared/money';
import { pendingReturn } from '../../../shared/return-to';
import { ROUTES } from '../../../shared/routes';
import {
  AlertIcon,
  CheckIcon,
  ConfirmPopup,
  ContinueWatching,
  EmptyState,
  FooterBar,
  MenuList,
  MenuRow,
  Spinner,
  TextField,
  WalletIcon,
} from '../../../shared/ui';
import { useCreateRecharge } from '../api/create-recharge';
import { refreshWallet } from '../api/keys';
import { usePaymentChannels } from '../api/query-pc';
import { useGatewayResult } from '../api/recharge-order';
import { QuickAmounts } from '../components/quick-amounts';
import { RechargesLink } from '../components/recharges-link';
import { rechargeOrderPath } from '../components/record-rows';
import { LoadError, Loading, Summary, SummaryRow, WalletPage } from '../components/shell';
import { CHANNEL_LABELS } from '../lib/labels';

import { checkRechargeAmount } from '../lib/recharge-form';

function ChannelTitle({ title, hint, off = false }: { title: string; hint: string; off?: boolean }) {
  return (
    <span className={off ? 'ds-two-lines ds-channel--unavailable' : 'ds-two-lines'}>
      <span>{title}</span>
      <span className="ds-muted">{hint}</span>
    </span>
  );
}

function channelHint(t: ReturnType<typeof useT>, channel: PaymentChannel, currency: CurrencyKey): string {
  // A channel listed but not taking orders says why (e.g. no card provider configured).
  if (channel.unavailable) return t.message(channel.unavailable);
  switch (channel.code) {
    case 'gateway':
      return t('recharge.gatewayHint');
    case 'official':
      return t('recharge.officialHint', {
        minutes: channel.windowMinutes ?? 5,
        min: formatMoney(channel.minAmount, currency),
      });
    case 'usdt':
      return t('recharge.usdtHint', { rate: formatMoney(channel.usdt?.rate ?? '0', currency) });
  }
}

/** Where a new order goes next: the gateway's payment page, or the order's own page. */
function useContinueOrder() {
  const navigate = useNavigate();
  return (order: RechargeOrder) => {
    if (order.channel === 'gateway' && order.payForm) submitPaymentForm(order.payForm);
    else if (order.channel === 'gateway' && order.payUrl) openPaymentPage(order.payUrl);
    else void navigate(rechargeOrderPath(order));
  };
}

/**
 * A row of the method list: a channel, or (the card channel of a tenant offering several payment
 * providers) one of its providers.
 */
type MethodOption = PaymentChannel & { key: string; provider?: string; label?: string };

function methodOptions(channels: PaymentChannel[]): MethodOption[] {
  return channels.flatMap((c): MethodOption[] => {
    const providers = c.code === 'gateway' && !c.unavailable ? (c.providers ?? []) : [];
    if (providers.length <= 1) {
      const only = providers[0];
      return [
        { ...c, key: c.code, ...(only ? { provider: only.provider, label: providerLabel(only) } : {}) },
      ];
    }
    return providers.map((p) => ({
      ...c,
      key: `${c.code}-${p.provider}`,
      provider: p.provider,
      label: providerLabel(p),
    }));
  });
}

function RechargeForm({ currency, channels }: { currency: CurrencyKey; channels: PaymentChannel[] }) {
  const t = useT();
  const wallet = useWalletInfo();
  const recharge = useCreateRecharge();
  const continueOrder = useContinueOrder();
  const [channel, setChannel] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [channelError, setChannelError] = useState(false);

  const listed = methodOptions(channels.filter((c) => c.code !== 'usdt'));
  const payable = listed.filter((c) => !c.unavailable);
  const usdt = channels.find((c) => c.code === 'usdt');
  const active = payable.find((c) => c.key === channel) ?? null;
  // Limits and quick amounts of the chosen channel; before a choice, those of the first one.
  const limits = active ?? payable[0] ?? null;
  const check = limits ? checkRechargeAmount(amount, limits, currency) : null;
  const fee = parseAmount(limits?.fee ?? '0', currency) ?? 0n;
  const credited = check?.amount !== null && check?.amount !== undefined ? check.amount - fee : 0n;
  const amountError =
    check && touched
      ? check.empty
        ? t.message('InvalidAmount')
        : check.error && t.message(check.error.key, check.error.params)
      : undefined;

  const submit = () => {
    setTouched(true);
    if (!active) {
      setChannelError(true);
      return;
    }
    if (!check || check.amount === null || check.error) return;
    recharge.open(JSON.stringify([active.code, check.amount.toString(), active.provider]));
  };

  const pay = async () => {
    if (!active || !check?.amount) return;
    const order = await recharge.create(active.code, toMajor(check.amount, currency), active.provider);
    if (order) continueOrder(order);
  };

  return (
    <form
      className="ds-wallet-form"
      data-testid="recharge-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="ds-balance-line">
        <span className="ds-muted">{t('wallet.balance')}</span>
        <strong>{wallet.data ? formatMoney(wallet.data.balance, wallet.data.currency) : '…'}</strong>
      </div>
      <h2 className="ds-section-title">{t('recharge.method')}</h2>
      <MenuList radio label={t('recharge.method')}>
        {listed.map((option) =>
          option.unavailable ? (
            // Shown greyed out with its reason, not offered.
            <MenuRow
              key={option.key}
              testId={`recharge-channel-${option.key}`}
              title={
                <ChannelTitle
                  off
                  title={t(CHANNEL_LABELS[option.code])}
                  hint={channelHint(t, option, currency)}
                />
              }
            />
          ) : (
            <MenuRow
              key={option.key}
              checked={channel === option.key}
              onClick={() => {
                setChannel(option.key);
                setChannelError(false);
              }}
              testId={`recharge-channel-${option.key}`}
              title={
                <ChannelTitle
                  title={
                    option.label
                      ? `${t(CHANNEL_LABELS[option.code])} · ${option.label}`
                      : t(CHANNEL_LABELS[option.code])
                  }
                  hint={channelHint(t, option, currency)}
                />
              }
            />
          ),
        )}
        {usdt && (
          <MenuRow
            to={ROUTES.usdt}
            testId="recharge-channel-usdt"
            title={<ChannelTitle title={t(CHANNEL_LABELS.usdt)} hint={channelHint(t, usdt, currency)} />}
          />
        )}
      </MenuList>
      {channelError && (
        <p
          className="ds-field__error ds-wallet-form__inline-error"
          role="alert"
          data-testid="recharge-channel-error"
        >
          {t.message('PleaseSelectPaymentMethod')}
        </p>
      )}
      {limits && (
        <div className="ds-wallet-form__block">
          <TextField
            label={t('recharge.amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('recharge.amountPlaceholder')}
            prefix={<span className="ds-currency-prefix">{CURRENCIES[currency].symbol}</span>}
            testId="recharge-amount"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            onBlur={() => amount !== '' && setTouched(true)}
            error={amountError ?? undefined}
            hint={
              limits.maxAmount === null
                ? t('recharge.limitMin', { min: formatMoney(limits.minAmount, currency) })
                : t('recharge.limits', {
                    min: formatMoney(limits.minAmount, currency),
                    max: formatMoney(limits.maxAmount, currency),
                  })
            }
          />
          <QuickAmounts
            amounts={limits.quickAmounts.map((value) => ({
              value: plainAmount(value, currency),
              label: formatMoney(value, currency, { symbol: false, round: true }),
            }))}
            current={amount}
            onPick={setAmount}
          />
        </div>
      )}
      <Summary testId="recharge-quote">
        <SummaryRow label={t('recharge.fee')} value={formatMinor(fee, currency)} testId="recharge-fee" />
        <SummaryRow
          label={t('recharge.credited')}
          value={formatMinor(credited, currency)}
          strong
          testId="recharge-credited"
        />
      </Summary>
      <FooterBar>
        <Button block color="primary" size="large" type="submit" data-testid="recharge-submit">
          {t('recharge.submit')}
        </Button>
      </FooterBar>
      <ConfirmPopup
        visible={recharge.confirming}
        title={t('recharge.confirmTitle')}
        confirmText={t('recharge.pay')}
        confirmLoading={recharge.busy}
        onCancel={recharge.close}
        onConfirm={() => void pay()}
        content={
          active &&
          check?.amount != null && (
            <div data-testid="recharge-confirm">
              <Summary>
                <SummaryRow label={t('recharge.method')} value={t(CHANNEL_LABELS[active.code])} />
                <SummaryRow label={t('recharge.amount')} value={formatMinor(check.amount, currency)} />
                <SummaryRow label={t('recharge.fee')} value={formatMinor(fee, currency)} />
                <SummaryRow label={t('recharge.credited')} value={formatMinor(credited, currency)} strong />
              </Summary>
              {active.code === 'official' && (
                <p className="ds-wallet__note">
                  {t('recharge.officialConfirmNote', { minutes: active.windowMinutes ?? 5 })}
                </p>
              )}
              {active.code === 'gateway' && (
                <p className="ds-wallet__note">{t('recharge.gatewayConfirmNote')}</p>
              )}
            </div>
          )
        }
      />
    </form>
  );
}

/** The result of a card/e-wallet payment when the payer returns: asked every 2 s until it is settled. */
function GatewayResult({ orderNo }: { orderNo: string }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const result = useGatewayResult(orderNo);
  const status = result.data?.status;

  useEffect(() => {
    if (status === 'credited') refreshWallet(queryClient);
  }, [status, queryClient]);

  if (result.isPending) return <Loading />;
  if (result.isError) return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  const order = result.data;
  const again = (
    <Button
      block
      fill="outline"
      data-testid="recharge-again"
      onClick={() => void navigate(ROUTES.recharge, { replace: true })}
    >
      {t('recharge.again')}
    </Button>
  );
  const toWallet = (
    <Button
      block
      color="primary"
      data-testid="recharge-to-wallet"
      onClick={() => void navigate(ROUTES.wallet, { replace: true })}
    >
      {t('recharge.toWallet')}
    </Button>
  );
  switch (order.status) {
    case 'pending':
    case 'submitted':
      return (
        <section className="ds-result" data-testid="recharge-result-pending">
          <Spinner size={44} />
          <h2 className="ds-result__title">{t('recharge.waitingResult')}</h2>
          <p className="ds-result__amount">{formatMoney(order.amount, order.payCurrency)}</p>
          <p className="ds-muted">{t('recharge.waitingResultHint')}</p>
          <p className="ds-muted">{t('wallet.orderNoShort', { orderNo: order.orderNo })}</p>
        </section>
      );
    case 'credited': {
      // A Star Card paid here is active now: say so, and lead back to the episode that asked.
      const card = order.purpose?.kind === 'membership' ? order.purpose.tier : null;
      const back = card ? pendingReturn() : null;
      return (
        <section className="ds-result" data-testid="recharge-result-credited">
          <span className="ds-result__icon ds-result__icon--success">
            <CheckIcon />
          </span>
          <h2 className="ds-result__title" data-testid="recharge-result-title">
            {card ? t('recharge.cardActive', { card: t(TIER_LABELS[card]) }) : t('recharge.successTitle')}
          </h2>
          <p className="ds-result__amount ds-amount--in">
            {card
              ? formatMoney(order.amount, order.payCurrency)
              : formatMoney(order.creditAmount, order.currency, { sign: true })}
          </p>
          <p className="ds-muted">{t('wallet.orderNoShort', { orderNo: order.orderNo })}</p>
          <div className="ds-result__actions">
            {back && <ContinueWatching to={back} testId="recharge-continue" />}
            {card ? (
              <Button
                block
                fill={back ? 'outline' : 'solid'}
                color={back ? 'default' : 'primary'}
                data-testid="recharge-to-card"
                onClick={() => void navigate(ROUTES.starCards, { replace: true })}
              >
                {t('recharge.seeCard')}
              </Button>
            ) : (
              <>
                {toWallet}
                {again}
              </>
            )}
          </div>
        </section>
      );
    }
    case 'failed':
    case 'expired':
    case 'rejected':
      return (
        <section className="ds-result" data-testid="recharge-result-failed">
          <span className="ds-result__icon ds-result__icon--failure">
            <AlertIcon />
          </span>
          <h2 className="ds-result__title">{t('recharge.failedTitle')}</h2>
          <p className="ds-muted">{order.reason ?? t('recharge.failedHint')}</p>
          <p className="ds-muted">{t('wallet.orderNoShort', { orderNo: order.orderNo })}</p>
          <div className="ds-result__actions">
            {again}
            {toWallet}
          </div>
        </section>
      );
  }
}

function RechargeContent() {
  const t = useT();
  const channels = usePaymentChannels();
  if (channels.isPending) return <Loading />;
  if (channels.isError) return <LoadError error={channels.error} onRetry={() => void channels.refetch()} />;
  if (channels.data.channels.length === 0) {
    return (
      <EmptyState
        testId="recharge-unavailable"
        icon={<WalletIcon />}
        title={t('recharge.unavailableTitle')}
        description={t('recharge.unavailableDescription')}
      />
    );
  }
  return <RechargeForm currency={channels.data.currency} channels={channels.data.channels} />;
}

/** A payment's result page: titled for what was paid, a Star Card or a recharge. */
function GatewayResultPage({ orderNo }: { orderNo: string }) {
  const t = useT();
  // The same query as the result's (one request): its purpose names a card bought through here.
  const order = useGatewayResult(orderNo).data;
  const title =
    order?.purpose?.kind === 'membership'
      ? t('recharge.cardResultTitle')
      : order
        ? t('recharge.resultTitle')
        : t('recharge.paymentResultTitle');
  return (
    <WalletPage title={title} backUrl={ROUTES.wallet}>
      <GatewayResult orderNo={orderNo} />
    </WalletPage>
  );
}

/**
 * /pages/profile/recharge/index: channel, amount with its limits, fee 0 and what is credited, then
 * a confirmation; with ?orderNo=… the result of a card/e-wallet payment.
 */
export default function RechargePage() {
  const t = useT();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  return orderNo ? (
    <GatewayResultPage orderNo={orderNo} />
  ) : (
    <WalletPage title={t('recharge.title')} right={<RechargesLink />}>
      <RechargeContent />
    </WalletPage>
  );
}
