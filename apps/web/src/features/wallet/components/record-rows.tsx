import type { RechargeOrder, walletRecord, Withdrawal } from '@dramastar/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { ROUTES } from '../../../shared/routes';
import { ChevronRightIcon } from '../../../shared/ui';
import { StatusBadge } from '../../../shared/ui/signed-in-page';
import {
  CHANNEL_LABELS,
  dateTimeFormat,
  isRecordType,
  RECHARGE_STATUS_LABELS,
  RECORD_TYPE_LABELS,
  rechargeTone,
  STAGE_LABELS,
  WITHDRAWAL_RECORD_TYPES,
  withdrawalTone,
} from '../lib/labels';
import { useBankNames } from '../api/bank-config';

export type WalletRecord = z.infer<typeof walletRecord>;

export function withdrawalDetailsPath(orderNo: string): string {
  return `${ROUTES.withdrawDetails}?orderNo=${encodeURIComponent(orderNo)}`;
}

/** A USDT amount as wallets write it: "12.5 USDT". */
export function usdtText(amount: string): string {
  return `${formatMoney(amount, 'USDT', { symbol: false })} USDT`;
}

/** Where a recharge order is continued or followed: its own page while it is open. */
export function rechargeOrderPath(order: Pick<RechargeOrder, 'orderNo' | 'channel'>): string {
  const query = `?orderNo=${encodeURIComponent(order.orderNo)}`;
  switch (order.channel) {
    case 'official':
      return `${ROUTES.rechargeOfficial}${query}`;
    case 'usdt':
      return `${ROUTES.usdtCode}${query}`;
    case 'gateway':
      return `${ROUTES.recharge}${query}`;
  }
}

function Row({ to, children, testId }: { to: string | null; children: ReactNode; testId: string }) {
  if (to === null) {
    return (
      <div className="ds-record" data-testid={testId}>
        {children}
      </div>
    );
  }
  return (
    <Link className="ds-record ds-record--link" to={to} data-testid={testId}>
      {children}
      <ChevronRightIcon className="ds-record__arrow" />
    </Link>
  );
}

/** One movement of the wallet: its kind, time and signed amount; withdrawal movements open their details. */
export function WalletRecordRow({ record }: { record: WalletRecord }) {
  const t = useT();
  const dates = dateTimeFormat(t.language);
  const incoming = !record.amount.trim().startsWith('-');
  const to =
    WITHDRAWAL_RECORD_TYPES.includes(record.type) && record.reference
      ? withdrawalDetailsPath(record.reference)
      : null;
  return (
    <li>
      <Row to={to} testId={`record-${record.id}`}>
        <span className="ds-row-main">
          <span className="ds-record__title">
            {isRecordType(record.type) ? t(RECORD_TYPE_LABELS[record.type]) : record.type}
          </span>
          <time className="ds-record__meta" dateTime={record.createdAt}>
            {dates.format(new Date(record.createdAt))}
          </time>
        </span>
        <span
          className={incoming ? 'ds-record__amount ds-amount--in' : 'ds-record__amount ds-amount--out'}
          data-testid={`record-${record.id}-amount`}
        >
          {formatMoney(record.amount, record.currency, { sign: true })}
        </span>
      </Row>
    </li>
  );
}

export function RechargeRow({ order }: { order: RechargeOrder }) {
  const t = useT();
  const dates = dateTimeFormat(t.language);
  return (
    <li>
      <Row to={rechargeOrderPath(order)} testId={`recharge-${order.orderNo}`}>
        <span className="ds-row-main">
          <span className="ds-record__title">{t(CHANNEL_LABELS[order.channel])}</span>
          <time className="ds-record__meta" dateTime={order.createdAt}>
            {dates.format(new Date(order.createdAt))}
          </time>
          <span className="ds-record__meta">{t('wallet.orderNoShort', { orderNo: order.orderNo })}</span>
        </span>
        <span className="ds-record__side">
          <span className="ds-record__amount ds-amount--in">
            {formatMoney(order.creditAmount, order.currency, { sign: true })}
          </span>
          {order.payCurrency !== order.currency && (
            <span className="ds-record__meta">{usdtText(order.amount)}</span>
          )}
          <StatusBadge tone={rechargeTone(order.status)} testId={`recharge-${order.orderNo}-status`}>
            {t(RECHARGE_STATUS_LABELS[order.status])}
          </StatusBadge>
        </span>
      </Row>
    </li>
  );
}

/** "BDO Unibank •••• 6789" (the bank's name from its code when known), or the USDT address. */
export function destinationText(
  withdrawal: Pick<Withdrawal, 'destination'>,
  bankName: (code: string | null) => string = (code) => code ?? '',
): string {
  const { destination } = withdrawal;
  if (destination.channel === 'usdt') return destination.account;
  return [bankName(destination.bank) || destination.bankName, destination.account].filter(Boolean).join(' ');
}

export function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const t = useT();
  const bankName = useBankNames();
  const dates = dateTimeFormat(t.language);
  return (
    <li>
      <Row to={withdrawalDetailsPath(withdrawal.orderNo)} testId={`withdrawal-${withdrawal.orderNo}`}>
        <span className="ds-row-main">
          <span className="ds-record__title">{t('walletRecord.withdrawal')}</span>
          <span className="ds-record__meta ds-record__ellipsis">{destinationText(withdrawal, bankName)}</span>
          <time className="ds-record__meta" dateTime={withdrawal.createdAt}>
            {dates.format(new Date(withdrawal.createdAt))}
          </time>
        </span>
        <span className="ds-record__side">
          <span className="ds-record__amount ds-amount--out">
            {formatMoney(withdrawal.amount, withdrawal.currency)}
          </span>
          <StatusBadge
            tone={withdrawalTone(withdrawal.status)}
            testId={`withdrawal-${withdrawal.orderNo}-status`}
          >
            {t(STAGE_LABELS[withdrawal.status])}
          </StatusBadge>
        </span>
      </Row>
    </li>
  );
}
