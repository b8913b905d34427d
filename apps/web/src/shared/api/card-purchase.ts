import { api, type CallResult, type MembershipTier, type RechargeOrder } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useMoneyAction } from './money-action';
import { request } from './request';
import type { PaymentMethod } from '../purchase';

export type PurchaseResult = CallResult<typeof api.user.openvipByBalance>;

export type PurchaseOutcome =
  | { kind: 'card'; result: PurchaseResult }
  | { kind: 'order'; order: RechargeOrder }
  | { kind: 'refused'; message: string; errorKey: string | undefined }
  | { kind: 'noAnswer' };

/**
 * The purchase of a card from the confirmation sheet, one money action per opening. When no answer
 * came, the same request (the same id and method) is sent again, even after the sheet was closed
 * and reopened for that tier, so a retry can never buy twice. A refusal made nothing: the next try
 * is a new request. Refusals are shown in the sheet, not toasted.
 */
export function useCardPurchase() {
  const queryClient = useQueryClient();
  const action = useMoneyAction();
  const [tier, setTier] = useState<MembershipTier | null>(null);
  /** The tier and method of a request still without an answer. */
  const [unanswered, setUnanswered] = useState<{ tier: MembershipTier; method: PaymentMethod } | null>(null);
  const [open, setOpen] = useState(false);
  /** Counts the openings: each one mounts the sheet afresh. */
  const [opening, setOpening] = useState(0);

  const start = (next: MembershipTier) => {
    // Another tier is another request: the unanswered one is not retried from there.
    action.begin(next);
    setUnanswered((u) => (u?.tier === next ? u : null));
    setTier(next);
    setOpen(true);
    setOpening((n) => n + 1);
  };

  const pay = async (method: PaymentMethod): Promise<PurchaseOutcome | null> => {
    if (tier === null) return null;
    const outcome = await action.run(
      (requestId): Promise<Extract<PurchaseOutcome, { kind: 'card' | 'order' }>> =>
        method === 'balance'
          ? request(api.user.openvipByBalance, { body: { tier, requestId }, hideToast: true }).then(
              (result) => ({ kind: 'card', result }) as const,
            )
          : request(api.user.openvip, { body: { tier, channel: method, requestId }, hideToast: true }).then(
              (order) => ({ kind: 'order', order }) as const,
            ),
    );
    if (outcome === null) return null;
    setUnanswered(outcome.kind === 'noAnswer' ? { tier, method } : null);
    if (outcome.kind === 'noAnswer') return { kind: 'noAnswer' };
    if (outcome.kind === 'refused') {
      return { kind: 'refused', message: outcome.error.message, errorKey: outcome.error.errorKey };
    }
    // What the viewer may watch changed (series, balance, cards): every query is marked stale.
    void queryClient.invalidateQueries();
    // The next purchase is another request, from the same sheet too.
    action.begin(tier);
    return outcome.answer;
  };

  return {
    visible: open,
    /** The tier of the sheet (kept while it closes, so it does not empty as it slides away). */
    tier,
    opening,
    /** The method of a request still without an answer: the retry must use it. */
    lockedMethod: unanswered?.method ?? null,
    busy: action.busy,
    start,
    close: () => {
      if (!action.busy) setOpen(false);
    },
    pay,
  };
}
