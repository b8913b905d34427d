import { adminApi, type CallBody, type CallResult } from '@dramastar/contract';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type AdminWithdrawal = CallResult<typeof adminApi.withdrawals>['list'][number];
/** The list's filters and page, as the page keeps them (the call coerces the same from a query string). */
export type WithdrawalQuery = z.output<(typeof adminApi.withdrawals)['query']>;

export const withdrawalsQueryKey = ['admin', 'withdrawals'] as const;

export function useWithdrawals(query: WithdrawalQuery) {
  return useQuery({
    queryKey: [...withdrawalsQueryKey, query],
    queryFn: ({ signal }) => request(adminApi.withdrawals, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawalAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminApi.withdrawalAction>) =>
      request(adminApi.withdrawalAction, { body }),
    // The queue, the ledger health and the audit log all change.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Approves the selected withdrawals; the answer says which were refused and why. */
export function useBulkApprove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderNos: string[]) => request(adminApi.withdrawalBulkApprove, { body: { orderNos } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export type WithdrawalUserContext = CallResult<typeof adminApi.withdrawals>['users'][number];

/** A withdrawal's full payout account, for paying it (each look is audited; nothing is cached). */
export function usePayoutAccount() {
  return useMutation({
    mutationFn: (body: CallBody<typeof adminApi.withdrawalPayoutAccount>) =>
      request(adminApi.withdrawalPayoutAccount, { body }),
  });
}

/** Who did each step of a withdrawal and when (the user's application, then the operators'). */
export function useWithdrawalTimeline(orderNo: string) {
  return useQuery({
    queryKey: [...withdrawalsQueryKey, 'timeline', orderNo],
    queryFn: ({ signal }) => request(adminApi.withdrawalTimeline, { query: { orderNo }, signal }),
  });
}
