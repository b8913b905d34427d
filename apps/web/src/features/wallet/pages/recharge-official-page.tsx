import type { RechargeOrder } from '@dramastar/contract';
import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';
import { useT } from '../../../shared/i18n';
import { formatMoney, plainAmount } from '../../../shared/money';
import { AlertIcon, ClockIcon, EmptyState, FooterBar } from '../../../shared/ui';
import { useRechargeOrder } from '../api/recharge-order';
import { useVerifyRecharge } from '../api/verify-recharge';
import { CopyRow } from '../components/copy-row';
import { OrderResult, useRefreshWhenCredited } from '../components/order-result';
import { RechargesLink } from '../components/recharges-link';
import { LoadError, Loading, WalletPage } from '../components/shell';
import { formatCountdown, useDeadline } from '../lib/deadline';

/** The transfer window in minutes (spec: 5), from the order's own times. */
function windowMinutes(order: RechargeOrder): number {
  if (!order.expiresAt) return 5;
  return Math.max(1, Math.round((Date.parse(order.expiresAt) - Date.parse(order.createdAt)) / 60_000));
}

function AccountDetails({ order }: { order: RechargeOrder }) {
  const t = useT();
  const official = order.official;
  return (
    <div className="ds-card-block" data-testid="official-account">
      <CopyRow
        label={t('official.amount')}
        value={plainAmount(order.amount, order.payCurrency)}
        display={formatMoney(order.amount, order.payCurrency)}
        testId="official-amount"
      />
      {official && (
        <>
          <CopyRow label={t('official.bankName')} value={official.bankName} testId="official-bank" />
          <CopyRow
            label={t('official.accountName')}
            value={official.accountName}
            testId="official-account-name"
          />
          <CopyRow
            label={t('official.accountNumber')}
            value={official.accountNumber}
            testId="official-account-number"
          />
          <CopyRow
            label={t('official.reference')}
            value={official.reference}
            highlight
            testId="official-reference"
          />
        </>
      )}
    </div>
  );
}

function OfficialOrder({ orderNo }: { orderNo: string }) {
  const t = useT();
  const query = useRechargeOrder(orderNo);
  const verify = useVerifyRecharge();
  const order = query.data;
  const deadline = useDeadline(order?.status === 'pending' ? order.expiresAt : null);
  useRefreshWhenCredited(order?.status);

  const { loading, submit } = useSubmitOnce(async () => {
    try {
      await verify({ orderNo });
    } catch (error) {
      toastIfNoAnswer(error);
      // The window closed meanwhile, or the order changed: show what it is now.
      if (isApiError(error) && error.kind === 'api') void query.refetch();
    }
  });

  if (query.isPending) return <Loading />;
  if (query.isError || !order) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const expired = (
    <OrderResult order={order} tone="failure" title={t('official.expiredTitle')} testId="official-expired">
      <p className="ds-muted">
        {t('official.expiredHint', {
          minutes: windowMinutes(order),
          reference: order.official?.reference ?? order.orderNo,
        })}
      </p>
    </OrderResult>
  );
  switch (order.status) {
    case 'expired':
      return expired;
    case 'pending':
      // The window closes on this device's clock too, without waiting for the server to say so.
      if (deadline.passed) return expired;
      return (
        <div data-testid="official-pending">
          <section className="ds-countdown" role="timer" aria-live="off">
            <span className="ds-countdown__label">
              <ClockIcon /> {t('official.timeLeft')}
            </span>
            <span className="ds-countdown__value" data-testid="official-countdown">
              {formatCountdown(deadline.remaining)}
            </span>
          </section>
          <ol className="ds-how">
            <li>{t('official.step1', { amount: formatMoney(order.amount, order.payCurrency) })}</li>
            <li>{t('official.step2')}</li>
            <li>{t('official.step3', { minutes: windowMinutes(order) })}</li>
          </ol>
          <AccountDetails order={order} />
          <FooterBar>
            <Button
              block
              color="primary"
              size="large"
              loading={loading}
              data-testid="official-transferred"
              onClick={() => void submit()}
            >
              {t('official.transferred')}
            </Button>
          </FooterBar>
        </div>
      );
    case 'submitted':
      return (
        <>
          <OrderResult
            order={order}
            tone="waiting"
            title={t('official.submittedTitle')}
            testId="official-submitted"
          >
            <p className="ds-muted">{t('official.submittedHint')}</p>
          </OrderResult>
          <AccountDetails order={order} />
        </>
      );
    case 'credited':
      return (
        <OrderResult
          order={order}
          tone="success"
          title={t('recharge.successTitle')}
          testId="official-credited"
        />
      );
    case 'failed':
    case 'rejected':
      return (
        <OrderResult
          order={order}
          tone="failure"
          title={t('official.rejectedTitle')}
          testId="official-rejected"
        >
          <p className="ds-muted">{order.reason ?? t('recharge.failedHint')}</p>
        </OrderResult>
      );
  }
}

/**
 * /pages/profile/recharge/official?orderNo=…: the account to transfer to with copy buttons, the
 * reference for the transfer note, a live countdown to the 5-minute limit and "I have transferred";
 * then the wait for finance, or expired.
 */
export default function RechargeOfficialPage() {
  const t = useT();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  return (
    <WalletPage title={t('official.title')} right={<RechargesLink />}>
      {orderNo ? (
        <OfficialOrder orderNo={orderNo} />
      ) : (
        <EmptyState icon={<AlertIcon />} title={t.message('OrderNotFound')} testId="official-missing" />
      )}
    </WalletPage>
  );
}
