import { api, type CallBody, type RechargeOrder } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { walletKeys } from './keys';

export type AddBalanceBody = CallBody<typeof api.user.addBalance>;

/** Creates a recharge order (idempotent by its requestId) and remembers it for the next page. */
export function useAddBalance() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: AddBalanceBody): Promise<RechargeOrder> => {
      const order = await request(api.user.addBalance, { body });
      queryClient.setQueryData(walletKeys.rechargeOrder(order.orderNo), order);
      void queryClient.invalidateQueries({ queryKey: walletKeys.recharges() });
      return order;
    },
    [queryClient],
  );
}
