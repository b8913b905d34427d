import type { RechargeOrder } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { AlertIcon, CheckIcon, ClockIcon } from '../../../shared/ui';
import { refreshWallet } from '../api/keys';

/** Once an order is credited the balance and the records are refreshed. */
export function useRefreshWhenCredited(status: RechargeOrder['status'] | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === 'credited') refreshWallet(queryClient);
  }, [status, queryClient]);
}

/** The end (or the wait) of a bank-transfer or USDT recharge: icon, title, amount, explanation, actions. */
export function OrderResult({
  order,
  tone,
  title,
  children,
  testId,
}: {
  order: RechargeOrder;
  tone: 'success' | 'failure' | 'waiting';
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const icon = tone === 'success' ? <CheckIcon /> : tone === 'failure' ? <AlertIcon /> : <ClockIcon />;
  return (
    <section className="ds-result" data-testid={testId}>
      <span className={`ds-result__icon ds-result__icon--${tone}`}>{icon}</span>
      <h2 className="ds-result__title">{title}</h2>
      <p className={tone === 'success' ? 'ds-result__amount ds-amount--in' : 'ds-result__amount'}>
        {formatMoney(order.creditAmount, order.currency, { sign: tone === 'success' })}
      </p>
      {children}
      <div className="ds-result__actions">
        {tone === 'failure' && (
          <Button
            block
            color="primary"
            data-testid="order-new"
            onClick={() => void navigate(ROUTES.recharge)}
          >
            {t('recharge.newOrder')}
          </Button>
        )}
        <Button
          block
          fill={tone === 'failure' ? 'outline' : 'solid'}
          color={tone === 'failure' ? 'default' : 'primary'}
          data-testid="order-to-wallet"
          onClick={() => void navigate(ROUTES.wallet)}
        >
          {t('recharge.toWallet')}
        </Button>
      </div>
    </section>
  );
}
