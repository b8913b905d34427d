import { api, type CallBody, type RechargeOrder } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { walletKeys } from './keys';

export type VerifyRechargeBody = CallBody<typeof api.user.addAccountBalanceVerify>;

/**
 * "I have transferred" for a bank transfer, or the transaction hash of a USDT deposit. The answer
 * is the order's new state.
 */
export function useVerifyRecharge() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: VerifyRechargeBody): Promise<RechargeOrder> => {
      const order = await request(api.user.addAccountBalanceVerify, { body });
      queryClient.setQueryData(walletKeys.rechargeOrder(order.orderNo), order);
      void queryClient.invalidateQueries({ queryKey: walletKeys.recharges() });
      return order;
    },
    [queryClient],
  );
}
