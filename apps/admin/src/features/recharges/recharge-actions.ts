import type { RechargeChannel, RechargeStatus } from '@dramastar/contract';
import type { TranslationKey } from '../../shared/i18n';

/**
 * Finance confirms a bank transfer that is pending, submitted or expired (money that arrived after
 * the window is still credited) and a USDT deposit once its hash is submitted; gateway payments are
 * settled by the gateway's webhook, never by hand.
 */
export function canConfirm(order: { channel: RechargeChannel; status: RechargeStatus }): boolean {
  if (order.channel === 'official') return ['pending', 'submitted', 'expired'].includes(order.status);
  if (order.channel === 'usdt') return order.status === 'submitted';
  return false;
}

/** An open bank or USDT order may be rejected (no money seen, or the wrong money). */
export function canReject(order: { channel: RechargeChannel; status: RechargeStatus }): boolean {
  return order.channel !== 'gateway' && ['pending', 'submitted', 'expired'].includes(order.status);
}

/** What the confirm dialog asks for. */
export function referenceLabel(channel: RechargeChannel): TranslationKey {
  return channel === 'usdt' ? 'recharges.usdtHash' : 'recharges.bankReference';
}

export const STATUS_COLORS: Record<RechargeStatus, string> = {
  pending: 'gold',
  submitted: 'blue',
  credited: 'green',
  failed: 'red',
  expired: 'default',
  rejected: 'volcano',
};
