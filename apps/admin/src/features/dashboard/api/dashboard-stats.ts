import { adminDashboardApi, type CallQuery, type CallResult } from '@dramastar/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type DashboardStats = CallResult<typeof adminDashboardApi.stats>;
export type DashboardQuery = CallQuery<typeof adminDashboardApi.stats>;

export const dashboardStatsQueryKey = ['admin', 'dashboard-stats'] as const;

/** The per-day figures of one tenant; only asked when the operator may see them. */
export function useDashboardStats(query: DashboardQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...dashboardStatsQueryKey, query],
    queryFn: ({ signal }) => request(adminDashboardApi.stats, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
