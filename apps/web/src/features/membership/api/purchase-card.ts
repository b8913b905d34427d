import { api, type CallResult, type MembershipTier, type RechargeOrder } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';
import { newRequestId } from '../../../shared/request-id';
import type { PaymentMethod } from '../lib/purchase';
import { refreshEntitlements } from './keys';

export type PurchaseResult = CallResult<typeof api.user.openvipByBalance>;

export type PurchaseOutcome =
  | { kind: 'card'; result: PurchaseResult }
  | { kind: 'order'; order: RechargeOrder }
  | { kind: 'refused'; message: string; errorKey: string | undefined }
  | { kind: 'noAnswer' };

interface Attempt {
  tier: MembershipTier;
  requestId: string;
  /** Set once a request with this id went out without an answer: a retry must be the same request. */
  unanswered: PaymentMethod | null;
}

/**
 * The purchase of a card from the confirmation sheet. Opening the sheet makes a requestId; paying
 * sends it. When no answer came, the same id (and the same method) is used again, even after the
 * sheet was closed and reopened for that tier, so a retry can never buy twice. A refusal made
 * nothing: the next try gets a new id. Refusals are shown in the sheet, not toasted.
 */
export function useCardPurchase() {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [open, setOpen] = useState(false);
  /** Counts the openings: each one mounts the sheet afresh. */
  const [opening, setOpening] = useState(0);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const start = (tier: MembershipTier) => {
    setAttempt((current) =>
      current?.tier === tier && current.unanswered !== null
        ? current
        : { tier, requestId: newRequestId(), unanswered: null },
    );
    setOpen(true);
    setOpening((n) => n + 1);
  };

  const pay = async (method: PaymentMethod): Promise<PurchaseOutcome | null> => {
    if (running.current || attempt === null) return null;
    const { tier, requestId } = attempt;
    running.current = true;
    setBusy(true);
    try {
      if (method === 'balance') {
        const result = await request(api.user.openvipByBalance, {
          body: { tier, requestId },
          hideToast: true,
        });
        setAttempt({ tier, requestId: newRequestId(), unanswered: null });
        refreshEntitlements(queryClient);
        return { kind: 'card', result };
      }
      const order = await request(api.user.openvip, {
        body: { tier, channel: method, requestId },
        hideToast: true,
      });
      setAttempt({ tier, requestId: newRequestId(), unanswered: null });
      refreshEntitlements(queryClient);
      return { kind: 'order', order };
    } catch (error) {
      if (isApiError(error) && error.kind === 'api') {
        setAttempt({ tier, requestId: newRequestId(), unanswered: null });
        return { kind: 'refused', message: error.message, errorKey: error.errorKey };
      }
      setAttempt({ tier, requestId, unanswered: method });
      return { kind: 'noAnswer' };
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    visible: open,
    /** The tier of the sheet (kept while it closes, so it does not empty as it slides away). */
    tier: attempt?.tier ?? null,
    opening,
    /** The method of a request still without an answer: the retry must use it. */
    lockedMethod: attempt?.unanswered ?? null,
    busy,
    start,
    close: () => {
      if (!running.current) setOpen(false);
    },
    pay,
  };
}
