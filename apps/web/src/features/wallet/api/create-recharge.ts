import type { RechargeChannel, RechargeOrder } from '@dramastar/contract';
import { useState } from 'react';
import { useMoneyAction } from '../../../shared/api/money-action';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useAddBalance } from './add-balance';

/**
 * The confirm step of a recharge (one money action: a double tap or a retry after no answer never
 * makes two orders). A server refusal (already toasted) closes the step: the next confirmation is
 * a new request.
 */
export function useCreateRecharge() {
  const addBalance = useAddBalance();
  const action = useMoneyAction();
  const [confirming, setConfirming] = useState(false);

  const create = async (
    channel: RechargeChannel,
    amount: string,
    /** The card channel's provider, when the tenant offers several. */
    provider?: string,
  ): Promise<RechargeOrder | null> => {
    const outcome = await action.run((requestId) =>
      addBalance({ channel, amount, requestId, ...(provider ? { provider } : {}) }),
    );
    if (outcome?.kind === 'done') return outcome.answer;
    if (outcome?.kind === 'refused') setConfirming(false);
    if (outcome?.kind === 'noAnswer') toastIfNoAnswer(outcome.error);
    return null;
  };

  return {
    confirming,
    busy: action.busy,
    /** Opens the step for a recharge (`what`: its channel and amount; the same after no answer is the same request). */
    open: (what: string) => {
      action.begin(what);
      setConfirming(true);
    },
    close: () => {
      if (!action.busy) setConfirming(false);
    },
    create,
  };
}
