import { toMajor, usdtCredit, type CurrencyKey, type PaymentChannel } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { formatMinor, formatMoney, plainAmount } from '../../../shared/money';
import { rechargeOrderPath, usdtText } from '../components/record-rows';
import { EmptyState, FooterBar, ConfirmPopup, TextField, WalletIcon } from '../../../shared/ui';
import { useCreateRecharge } from '../api/create-recharge';
import { usePaymentChannels } from '../api/query-pc';
import { QuickAmounts } from '../components/quick-amounts';
import { RechargesLink } from '../components/recharges-link';
import { LoadError, Loading, Summary, SummaryRow, WalletPage } from '../components/shell';
import { checkRechargeAmount } from '../lib/recharge-form';

function UsdtForm({ channel, currency }: { channel: PaymentChannel; currency: CurrencyKey }) {
  const t = useT();
  const navigate = useNavigate();
  const recharge = useCreateRecharge();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const rate = channel.usdt?.rate ?? '0';
  const network = channel.usdt?.network ?? 'TRC20';
  const check = checkRechargeAmount(amount, channel, 'USDT');
  const usdtAmount = check.amount !== null ? toMajor(check.amount, 'USDT') : null;
  // What the wallet receives, worked out before paying with the contract's own rounding (down).
  const credited = usdtAmount !== null ? usdtCredit(usdtAmount, rate, currency) : 0n;
  const error = touched
    ? check.empty
      ? t.message('InvalidAmount')
      : check.error && t.message(check.error.key, check.error.params)
    : undefined;

  const pay = async () => {
    if (usdtAmount === null) return;
    const order = await recharge.create('usdt', usdtAmount);
    if (order) void navigate(rechargeOrderPath(order), { replace: true });
  };

  return (
    <form
      className="ds-wallet-form"
      data-testid="usdt-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (check.amount !== null && !check.error) recharge.open(JSON.stringify(['usdt', usdtAmount]));
      }}
    >
      <section className="ds-rate" data-testid="usdt-rate">
        <span className="ds-muted">{t('usdt.rate')}</span>
        <strong>1 USDT = {formatMoney(rate, currency)}</strong>
        <span className="ds-badge">{network}</span>
      </section>
      <div className="ds-wallet-form__block">
        <TextField
          label={t('usdt.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('recharge.amountPlaceholder')}
          suffix={<span className="ds-currency-suffix">USDT</span>}
          testId="usdt-amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => amount !== '' && setTouched(true)}
          error={error ?? undefined}
          hint={
            channel.maxAmount === null
              ? t('recharge.limitMin', { min: usdtText(channel.minAmount) })
              : t('recharge.limits', { min: usdtText(channel.minAmount), max: usdtText(channel.maxAmount) })
          }
        />
        <QuickAmounts
          amounts={channel.quickAmounts.map((value) => ({
            value: plainAmount(value, 'USDT'),
            label: formatMoney(value, 'USDT', { symbol: false, round: true }),
          }))}
          current={amount}
          onPick={setAmount}
        />
      </div>
      <Summary testId="usdt-quote">
        <SummaryRow label={t('usdt.youPay')} value={usdtAmount ? usdtText(usdtAmount) : '—'} />
        <SummaryRow label={t('recharge.fee')} value={usdtText(channel.fee)} testId="usdt-fee" />
        <SummaryRow
          label={t('recharge.credited')}
          value={formatMinor(credited, currency)}
          strong
          testId="usdt-credited"
        />
      </Summary>
      <p className="ds-notice">{t('usdt.networkWarning', { network })}</p>
      <FooterBar>
        <Button block color="primary" size="large" type="submit" data-testid="usdt-submit">
          {t('usdt.submit')}
        </Button>
      </FooterBar>
      <ConfirmPopup
        visible={recharge.confirming}
        title={t('recharge.confirmTitle')}
        confirmText={t('usdt.confirm')}
        confirmLoading={recharge.busy}
        onCancel={recharge.close}
        onConfirm={() => void pay()}
        content={
          usdtAmount && (
            <div data-testid="usdt-confirm">
              <Summary>
                <SummaryRow label={t('usdt.youPay')} value={usdtText(usdtAmount)} />
                <SummaryRow label={t('usdt.rate')} value={`1 USDT = ${formatMoney(rate, currency)}`} />
                <SummaryRow label={t('recharge.fee')} value={usdtText(channel.fee)} />
                <SummaryRow label={t('recharge.credited')} value={formatMinor(credited, currency)} strong />
              </Summary>
            </div>
          )
        }
      />
    </form>
  );
}

function UsdtContent() {
  const t = useT();
  const channels = usePaymentChannels();
  if (channels.isPending) return <Loading />;
  if (channels.isError) return <LoadError error={channels.error} onRetry={() => void channels.refetch()} />;
  const channel = channels.data.channels.find((c) => c.code === 'usdt');
  if (!channel?.usdt) {
    return (
      <EmptyState
        testId="usdt-unavailable"
        icon={<WalletIcon />}
        title={t('recharge.unavailableTitle')}
        description={t('usdt.unavailable')}
      />
    );
  }
  return <UsdtForm channel={channel} currency={channels.data.currency} />;
}

/** /pages/profile/usdt/index: the USDT amount, the tenant's rate and what will be credited, then the order. */
export default function UsdtPage() {
  const t = useT();
  return (
    <WalletPage title={t('usdt.title')} right={<RechargesLink />}>
      <UsdtContent />
    </WalletPage>
  );
}
