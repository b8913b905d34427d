import {
  localeOf,
  type RechargeChannel,
  type RechargeStatus,
  type WithdrawalStage,
  type Language,
} from '@dramastar/contract';
import type { TranslationKey } from '../../../shared/i18n';
import type { WalletRecordType } from '../api/wallet-records';

export const RECORD_TYPE_LABELS: Record<WalletRecordType, TranslationKey> = {
  recharge: 'walletRecord.recharge',
  withdrawal: 'walletRecord.withdrawal',
  withdrawal_refund: 'walletRecord.withdrawalRefund',
  fee: 'walletRecord.fee',
  membership: 'walletRecord.membership',
  copyright_purchase: 'walletRecord.copyrightPurchase',
  copyright_revenue: 'walletRecord.copyrightRevenue',
  referral_reward: 'walletRecord.referralReward',
  welfare: 'walletRecord.welfare',
  red_packet: 'walletRecord.redPacket',
  task_reward: 'walletRecord.taskReward',
  checkin: 'walletRecord.checkin',
  daily_award: 'walletRecord.dailyAward',
  red_packet_refund: 'walletRecord.redPacketRefund',
  membership_refund: 'walletRecord.membershipRefund',
  salary: 'walletRecord.salary',
  dividend: 'walletRecord.dividend',
  refund_credit: 'walletRecord.refundCredit',
  goodwill_credit: 'walletRecord.goodwillCredit',
};

export function isRecordType(type: string): type is WalletRecordType {
  return Object.hasOwn(RECORD_TYPE_LABELS, type);
}

/** Movements whose reference is the order number of a withdrawal (they link to its details). */
export const WITHDRAWAL_RECORD_TYPES: readonly string[] = ['withdrawal', 'fee', 'withdrawal_refund'];

export const CHANNEL_LABELS: Record<RechargeChannel, TranslationKey> = {
  gateway: 'recharge.channelGateway',
  official: 'recharge.channelOfficial',
  usdt: 'recharge.channelUsdt',
};

export const RECHARGE_STATUS_LABELS: Record<RechargeStatus, TranslationKey> = {
  pending: 'recharge.statusPending',
  submitted: 'recharge.statusSubmitted',
  credited: 'recharge.statusCredited',
  failed: 'recharge.statusFailed',
  expired: 'recharge.statusExpired',
  rejected: 'recharge.statusRejected',
};

/** The spec's stage names: application initiated, review approved, bank processing, success received. */
export const STAGE_LABELS: Record<WithdrawalStage, TranslationKey> = {
  applied: 'withdraw.stageApplied',
  approved: 'withdraw.stageApproved',
  processing: 'withdraw.stageProcessing',
  paid: 'withdraw.stagePaid',
  failed: 'withdraw.stageFailed',
  rejected: 'withdraw.stageRejected',
};

/**
 * A stage still under way is named for what is happening, not for its outcome: "Under review",
 * never "Review approved · In progress".
 */
export const UNDERWAY_LABELS: Record<WithdrawalStage, TranslationKey> = {
  applied: 'withdraw.stageApplied',
  approved: 'withdraw.stageReviewing',
  processing: 'withdraw.stageProcessing',
  paid: 'withdraw.stagePaying',
  failed: 'withdraw.stageFailed',
  rejected: 'withdraw.stageRejected',
};

export type Tone = 'pending' | 'success' | 'failure';

export function rechargeTone(status: RechargeStatus): Tone {
  if (status === 'credited') return 'success';
  if (status === 'pending' || status === 'submitted') return 'pending';
  return 'failure';
}

export function withdrawalTone(status: WithdrawalStage): Tone {
  if (status === 'paid') return 'success';
  if (status === 'failed' || status === 'rejected') return 'failure';
  return 'pending';
}

/** Date and time in the user's language ("21 Nov 2026, 09:52"). */
export function dateTimeFormat(language: Language): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' });
}
