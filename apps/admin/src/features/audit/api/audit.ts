import { adminApi, type CallResult } from '@dramastar/contract';
import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type AuditEntry = CallResult<typeof adminApi.audit>['list'][number];
/** The list's filters and page, as the page keeps them (the call coerces the same from a query string). */
export type AuditQuery = z.output<(typeof adminApi.audit)['query']>;

export const auditQueryKey = ['admin', 'audit'] as const;

export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: [...auditQueryKey, query],
    queryFn: ({ signal }) => request(adminApi.audit, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAuditActions() {
  return useQuery({
    queryKey: [...auditQueryKey, 'actions'],
    queryFn: ({ signal }) => request(adminApi.auditActions, { signal }),
  });
}
