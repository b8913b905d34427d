import { adminCreditApi, type CallBody, type CallQuery, type CallResult } from '@dramastar/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './request';

/**
 * Refunds and goodwill credits (docs/wallet.md): given from a user's page or a chat conversation,
 * approved or refused by a second operator above the threshold. Shared: the users, chat and
 * credits pages all use them.
 */
export type AdminCredit = CallResult<typeof adminCreditApi.list>['list'][number];
export type CreditLimits = CallResult<typeof adminCreditApi.limits>;
export type CreditQuery = CallQuery<typeof adminCreditApi.list>;

export const creditsKey = ['admin', 'credits'] as const;

export function useCredits(query: CreditQuery, enabled = true) {
  return useQuery({
    queryKey: [...creditsKey, 'list', query],
    queryFn: ({ signal }) => request(adminCreditApi.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** What the operator may still credit in the user's tenant today (asked each time the form opens). */
export function useCreditLimits(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...creditsKey, 'limits', userId],
    queryFn: ({ signal }) => request(adminCreditApi.limits, { query: { userId }, signal }),
    enabled,
    staleTime: 0,
  });
}

/** Credits, approvals and refusals move balances and limits: every users and credits query is read again. */
function useCreditMutation<B>(run: (body: B) => Promise<AdminCredit>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: creditsKey }),
        client.invalidateQueries({ queryKey: ['admin', 'users'] }),
        client.invalidateQueries({ queryKey: ['admin', 'dashboard', 'waiting'] }),
      ]);
    },
  });
}

export const useCreateCredit = () =>
  useCreditMutation((body: CallBody<typeof adminCreditApi.create>) =>
    request(adminCreditApi.create, { body }),
  );
export const useApproveCredit = () =>
  useCreditMutation((body: CallBody<typeof adminCreditApi.approve>) =>
    request(adminCreditApi.approve, { body }),
  );
export const useRejectCredit = () =>
  useCreditMutation((body: CallBody<typeof adminCreditApi.reject>) =>
    request(adminCreditApi.reject, { body }),
  );
