import { api, type CallBody, type Withdrawal } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { withdrawalQueryOptions } from './withdrawal-process';
import { walletKeys } from './keys';

export type WithdrawalBody = CallBody<typeof api.account.applyWithdrawal>;

/**
 * Applies for a withdrawal (no automatic toast: the screen shows the refusal). On success the
 * wallet's balance, records and rules are stale, and the new withdrawal is known.
 */
export function useApplyWithdrawal() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: WithdrawalBody): Promise<Withdrawal> => {
      const withdrawal = await request(api.account.applyWithdrawal, { body });
      queryClient.setQueryData(withdrawalQueryOptions(withdrawal.orderNo).queryKey, withdrawal);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      return withdrawal;
    },
    [queryClient],
  );
}
