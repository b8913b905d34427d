import { adminUsersApi, type CallBody, type CallResult } from '@dramastar/contract';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type AdminUser = CallResult<typeof adminUsersApi.search>['list'][number];
export type UserDetail = CallResult<typeof adminUsersApi.detail>;
export type UserSession = CallResult<typeof adminUsersApi.sessions>['list'][number];
/** The search box, filters and page, as the page keeps them. */
export type UserQuery = z.output<(typeof adminUsersApi.search)['query']>;
export type UserPage = { userId: string; pageNum: number; pageSize: number };

export const usersQueryKey = ['admin', 'users'] as const;

export function useUserSearch(query: UserQuery) {
  return useQuery({
    queryKey: [...usersQueryKey, 'search', query],
    queryFn: ({ signal }) => request(adminUsersApi.search, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(userId: string) {
  return useQuery({
    queryKey: [...usersQueryKey, 'detail', userId],
    queryFn: ({ signal }) => request(adminUsersApi.detail, { query: { userId }, signal }),
    staleTime: 0,
  });
}

export function useUserLedger(query: UserPage & { currency?: UserDetail['balances'][number]['currency'] }) {
  return useQuery({
    queryKey: [...usersQueryKey, 'ledger', query],
    queryFn: ({ signal }) => request(adminUsersApi.ledger, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserRecharges(query: UserPage) {
  return useQuery({
    queryKey: [...usersQueryKey, 'recharges', query],
    queryFn: ({ signal }) => request(adminUsersApi.recharges, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserWithdrawals(query: UserPage) {
  return useQuery({
    queryKey: [...usersQueryKey, 'withdrawals', query],
    queryFn: ({ signal }) => request(adminUsersApi.withdrawals, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUserSessions(query: UserPage) {
  return useQuery({
    queryKey: [...usersQueryKey, 'sessions', query],
    queryFn: ({ signal }) => request(adminUsersApi.sessions, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Freeze or unfreeze (both need a reason); every users query is read again afterwards. */
export function useSetUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      ...body
    }: CallBody<typeof adminUsersApi.freeze> & { action: 'freeze' | 'unfreeze' }) =>
      request(action === 'freeze' ? adminUsersApi.freeze : adminUsersApi.unfreeze, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminUsersApi.revokeSession>) =>
      request(adminUsersApi.revokeSession, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
