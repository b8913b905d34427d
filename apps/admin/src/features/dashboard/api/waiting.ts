import { adminDashboardApi, type CallResult } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type WaitingCount = CallResult<typeof adminDashboardApi.waiting>['list'][number];

/** What waits in the operator's queues (every minute, and whenever the dashboard opens). */
export function useWaiting(tenantId: string | undefined) {
  return useQuery({
    queryKey: ['admin', 'dashboard', 'waiting', tenantId],
    queryFn: ({ signal }) => request(adminDashboardApi.waiting, { query: { tenantId }, signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
