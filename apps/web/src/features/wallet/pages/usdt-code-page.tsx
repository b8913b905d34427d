import { txHashSchema, type RechargeOrder } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { formatMoney, plainAmount } from '../../../shared/money';
import { AlertIcon, EmptyState, FooterBar, TextField } from '../../../shared/ui';
import { useRechargeOrder } from '../api/recharge-order';
import { useVerifyRecharge } from '../api/verify-recharge';
import { CopyRow } from '../components/copy-row';
import { OrderResult, useRefreshWhenCredited } from '../components/order-result';
import { QrCode } from '../components/qr-code';
import { usdtText } from '../components/record-rows';
import { RechargesLink } from '../components/recharges-link';
import { LoadError, Loading, Summary, SummaryRow, WalletPage } from '../components/shell';
import { focusFirstError } from '../lib/focus-error';

const hashForm = z.object({ txHash: txHashSchema });

function Deposit({ order }: { order: RechargeOrder }) {
  const t = useT();
  const verify = useVerifyRecharge();
  const form = useZodForm(hashForm, { txHash: '' });
  const usdt = order.usdt;
  const formRef = useRef<HTMLFormElement>(null);
  const { loading, submit } = useSubmitOnce(async () => {
    if (!form.validate()) {
      focusFirstError(formRef.current);
      return;
    }
    try {
      await verify({ orderNo: order.orderNo, txHash: form.values.txHash.trim() });
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });
  if (!usdt) return null;
  return (
    <form
      ref={formRef}
      className="ds-wallet-form"
      data-testid="usdt-deposit"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <section className="ds-deposit">
        <p className="ds-deposit__send">{t('usdt.sendExactly')}</p>
        <p className="ds-result__amount" data-testid="usdt-send-amount">
          {usdtText(order.amount)}
        </p>
        <div className="ds-qr-frame">
          <QrCode value={usdt.address} label={t('usdt.qrLabel', { network: usdt.network })} size={184} />
        </div>
        <span className="ds-badge">{usdt.network}</span>
      </section>
      <div className="ds-card-block">
        <CopyRow label={t('usdt.address')} value={usdt.address} testId="usdt-address" />
        <CopyRow
          label={t('usdt.amount')}
          value={plainAmount(order.amount, 'USDT')}
          display={usdtText(order.amount)}
          testId="usdt-copy-amount"
        />
      </div>
      <p className="ds-notice">{t('usdt.networkWarning', { network: usdt.network })}</p>
      <div className="ds-wallet-form__block">
        <TextField
          label={t('usdt.txHash')}
          placeholder={t('usdt.txHashPlaceholder')}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={80}
          hint={t('usdt.txHashHint')}
          testId="usdt-tx-hash"
          error={form.error('txHash')}
          {...form.field('txHash')}
        />
      </div>
      <Summary>
        <SummaryRow label={t('usdt.rate')} value={`1 USDT = ${formatMoney(usdt.rate, order.currency)}`} />
        <SummaryRow
          label={t('recharge.credited')}
          value={formatMoney(order.creditAmount, order.currency)}
          strong
        />
      </Summary>
      <FooterBar>
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={loading}
          data-testid="usdt-submit-hash"
        >
          {t('usdt.submitHash')}
        </Button>
      </FooterBar>
    </form>
  );
}

function UsdtOrder({ orderNo }: { orderNo: string }) {
  const t = useT();
  const query = useRechargeOrder(orderNo);
  const order = query.data;
  useRefreshWhenCredited(order?.status);
  if (query.isPending) return <Loading />;
  if (query.isError || !order) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  switch (order.status) {
    case 'pending':
      return <Deposit order={order} />;
    case 'submitted':
      return (
        <OrderResult order={order} tone="waiting" title={t('usdt.submittedTitle')} testId="usdt-submitted">
          <p className="ds-muted">{t('usdt.submittedHint')}</p>
          {order.usdt?.txHash && (
            <p className="ds-mono ds-break ds-muted" data-testid="usdt-submitted-hash">
              {order.usdt.txHash}
            </p>
          )}
        </OrderResult>
      );
    case 'credited':
      return (
        <OrderResult order={order} tone="success" title={t('recharge.successTitle')} testId="usdt-credited" />
      );
    case 'expired':
    case 'failed':
    case 'rejected':
      return (
        <OrderResult order={order} tone="failure" title={t('usdt.rejectedTitle')} testId="usdt-rejected">
          <p className="ds-muted">{order.reason ?? t('recharge.failedHint')}</p>
        </OrderResult>
      );
  }
}

/**
 * /pages/profile/usdt/ercode?orderNo=…: the deposit address as a QR code with a copy button, the
 * exact amount, and the field for the transaction hash; then the wait for confirmation.
 */
export default function UsdtCodePage() {
  const t = useT();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  return (
    <WalletPage title={t('usdt.depositTitle')} right={<RechargesLink />}>
      {orderNo ? (
        <UsdtOrder orderNo={orderNo} />
      ) : (
        <EmptyState icon={<AlertIcon />} title={t.message('OrderNotFound')} testId="usdt-missing" />
      )}
    </WalletPage>
  );
}
