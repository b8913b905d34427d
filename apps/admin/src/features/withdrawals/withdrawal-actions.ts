import type { TranslationKey } from '../../shared/i18n';
import type { WITHDRAWAL_ACTIONS, WithdrawalStage } from '@dramastar/contract';

export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];

/**
 * The actions an operator may take on a withdrawal at each stage (the server's transitions):
 * applied → approve or reject; approved → process, reject or fail; processing → pay or fail.
 * Paid, rejected and failed are final.
 */
export function actionsFor(stage: WithdrawalStage): WithdrawalAction[] {
  switch (stage) {
    case 'applied':
      return ['approve', 'reject'];
    case 'approved':
      return ['process', 'reject', 'fail'];
    case 'processing':
      return ['pay', 'fail'];
    case 'paid':
    case 'failed':
    case 'rejected':
      return [];
  }
}

/** Reject and fail give the user back amount + fee and must say why. */
export function needsReason(action: WithdrawalAction): boolean {
  return action === 'reject' || action === 'fail';
}

export const ACTION_LABELS: Record<WithdrawalAction, TranslationKey> = {
  approve: 'withdrawal.action.approve',
  process: 'withdrawal.action.process',
  pay: 'withdrawal.action.pay',
  reject: 'withdrawal.action.reject',
  fail: 'withdrawal.action.fail',
};

/** Stages in their order on the timeline (the final stage is one of the last three). */
export const STAGE_COLORS: Record<WithdrawalStage, string> = {
  applied: 'gold',
  approved: 'blue',
  processing: 'geekblue',
  paid: 'green',
  failed: 'red',
  rejected: 'volcano',
};
