import type { RechargeChannel, RechargeOrder } from '@dramastar/contract';
import { useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { newRequestId } from '../../../shared/request-id';
import { useAddBalance } from './add-balance';

/**
 * The confirm step of a recharge. Opening it makes a fresh requestId; paying sends it; a retry
 * after no answer sends the same one, so a double tap or a retry never makes two orders. A server
 * refusal (already toasted) closes the step: the next confirmation is a new request.
 */
export function useCreateRecharge() {
  const addBalance = useAddBalance();
  const [requestId, setRequestId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const create = async (
    channel: RechargeChannel,
    amount: string,
    /** The card channel's provider, when the tenant offers several. */
    provider?: string,
  ): Promise<RechargeOrder | null> => {
    if (running.current || requestId === null) return null;
    running.current = true;
    setBusy(true);
    try {
      return await addBalance({ channel, amount, requestId, ...(provider ? { provider } : {}) });
    } catch (error) {
      if (isApiError(error) && error.kind === 'api') setRequestId(null);
      else toastIfNoAnswer(error);
      return null;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return {
    confirming: requestId !== null,
    busy,
    open: () => setRequestId(newRequestId()),
    close: () => {
      if (!running.current) setRequestId(null);
    },
    create,
  };
}
