import { adminAnalyticsApi, type CallResult } from '@dramastar/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import type { AnalyticsQuery } from './analytics-overview';

export type AnalyticsSeriesDetail = CallResult<typeof adminAnalyticsApi.series>;

export const analyticsSeriesQueryKey = ['admin', 'analytics-series'] as const;

/** One series' episodes over the range: the drop-off curve and its paywall. */
export function useAnalyticsSeries(seriesId: number | null, query: AnalyticsQuery) {
  return useQuery({
    queryKey: [...analyticsSeriesQueryKey, seriesId, query],
    queryFn: ({ signal }) =>
      request(adminAnalyticsApi.series, { params: { seriesId: seriesId ?? 0 }, query, signal }),
    placeholderData: keepPreviousData,
    enabled: seriesId !== null,
  });
}
