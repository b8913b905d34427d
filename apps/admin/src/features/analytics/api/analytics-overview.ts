import { adminAnalyticsApi, type CallQuery, type CallResult } from '@dramastar/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type AnalyticsOverview = CallResult<typeof adminAnalyticsApi.overview>;
export type AnalyticsQuery = CallQuery<typeof adminAnalyticsApi.overview>;

export const analyticsOverviewQueryKey = ['admin', 'analytics-overview'] as const;

/** Funnel, retention, paying users and series of one tenant over a range (from the rollups). */
export function useAnalyticsOverview(query: AnalyticsQuery) {
  return useQuery({
    queryKey: [...analyticsOverviewQueryKey, query],
    queryFn: ({ signal }) => request(adminAnalyticsApi.overview, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
