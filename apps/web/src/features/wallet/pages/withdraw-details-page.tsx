import { Steps } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { AlertIcon, EmptyState } from '../../../shared/ui';
import { StatusBadge } from '../../../shared/ui/signed-in-page';
import { useBankNames } from '../api/bank-config';
import { useWithdrawal } from '../api/withdrawal-process';
import { CopyRow } from '../components/copy-row';
import { destinationText } from '../components/record-rows';
import { LoadError, Loading, Summary, SummaryRow, WalletPage } from '../components/shell';
import { dateTimeFormat, STAGE_LABELS, UNDERWAY_LABELS, withdrawalTone } from '../lib/labels';
import { withdrawalTimeline } from '../lib/withdrawal-timeline';

function Details({ orderNo }: { orderNo: string }) {
  const t = useT();
  const query = useWithdrawal(orderNo);
  const bankName = useBankNames();
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const withdrawal = query.data;
  const { currency, destination } = withdrawal;
  const dates = dateTimeFormat(t.language);
  const steps = withdrawalTimeline(withdrawal);
  const current = steps.findIndex((step) => step.status === 'process' || step.status === 'error');
  return (
    <div data-testid="withdraw-details">
      <section className="ds-result">
        <div className="ds-result__amount" data-testid="withdraw-details-amount">
          {formatMoney(withdrawal.amount, currency)}
        </div>
        <StatusBadge tone={withdrawalTone(withdrawal.status)} testId="withdraw-details-status">
          {t(STAGE_LABELS[withdrawal.status])}
        </StatusBadge>
      </section>
      {withdrawal.reason && (withdrawal.status === 'failed' || withdrawal.status === 'rejected') && (
        <p className="ds-notice ds-notice--error" data-testid="withdraw-details-reason">
          {t('withdraw.reason', { reason: withdrawal.reason })}
        </p>
      )}
      <Summary testId="withdraw-details-summary">
        <SummaryRow label={t('withdraw.time')} value={dates.format(new Date(withdrawal.createdAt))} />
        <SummaryRow label={t('withdraw.amount')} value={formatMoney(withdrawal.amount, currency)} />
        <SummaryRow
          label={t(destination.channel === 'usdt' ? 'withdraw.arrivingAddress' : 'withdraw.arrivingCard')}
          value={
            <span className="ds-two-lines ds-two-lines--end">
              <span className="ds-break">{destinationText(withdrawal, bankName)}</span>
              {destination.channel === 'bank' && (
                <span className="ds-muted">
                  {[destination.bankName, destination.accountName].filter(Boolean).join(' · ')}
                </span>
              )}
            </span>
          }
          testId="withdraw-details-destination"
        />
        <SummaryRow
          label={t('withdraw.fees')}
          value={formatMoney(withdrawal.fee, currency)}
          testId="withdraw-details-fee"
        />
        <SummaryRow label={t('withdraw.total')} value={formatMoney(withdrawal.total, currency)} strong />
      </Summary>
      <div className="ds-card-block">
        <CopyRow label={t('wallet.orderNo')} value={withdrawal.orderNo} testId="withdraw-details-order" />
      </div>
      <h2 className="ds-section-title">{t('withdraw.progress')}</h2>
      <div className="ds-timeline" data-testid="withdraw-timeline">
        <Steps direction="vertical" current={current === -1 ? steps.length - 1 : current}>
          {steps.map((step) => (
            <Steps.Step
              key={step.stage}
              status={step.status}
              title={t((step.status === 'process' ? UNDERWAY_LABELS : STAGE_LABELS)[step.stage])}
              description={
                step.at
                  ? dates.format(new Date(step.at))
                  : step.status === 'process'
                    ? t('withdraw.stageInProgress')
                    : undefined
              }
              data-testid={`withdraw-step-${step.stage}`}
            />
          ))}
        </Steps>
      </div>
    </div>
  );
}

/** /pages/profile/withdraw/details/index (also withdraw-details/index) ?orderNo=…: one withdrawal and its stages. */
export default function WithdrawDetailsPage() {
  const t = useT();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo')?.trim() ?? '';
  return (
    <WalletPage title={t('withdraw.detailsTitle')}>
      {orderNo ? (
        <Details orderNo={orderNo} />
      ) : (
        <EmptyState
          icon={<AlertIcon />}
          title={t.message('WithdrawalNotFound')}
          testId="withdraw-details-missing"
        />
      )}
    </WalletPage>
  );
}
