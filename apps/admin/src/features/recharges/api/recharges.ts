import { adminApi, type CallBody, type CallResult } from '@dramastar/contract';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type AdminRecharge = CallResult<typeof adminApi.recharges>['list'][number];
/** The list's filters and page, as the page keeps them (the call coerces the same from a query string). */
export type RechargeQuery = z.output<(typeof adminApi.recharges)['query']>;

export const rechargesQueryKey = ['admin', 'recharges'] as const;

export function useRecharges(query: RechargeQuery) {
  return useQuery({
    queryKey: [...rechargesQueryKey, query],
    queryFn: ({ signal }) => request(adminApi.recharges, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConfirmRecharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminApi.confirmRecharge>) =>
      request(adminApi.confirmRecharge, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRejectRecharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminApi.rejectRecharge>) =>
      request(adminApi.rejectRecharge, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
