import { api, type CallResult } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { dramaKeys } from './keys';

export type SeriesDetail = CallResult<typeof api.video.videos>;

export function seriesDetailQueryOptions(seriesId: number) {
  return queryOptions({
    queryKey: dramaKeys.series(seriesId),
    // The page shows a refusal itself (a missing series is a not-found view), so no toast.
    queryFn: ({ signal }) => request(api.video.videos, { params: { seriesId }, signal, hideToast: true }),
    enabled: seriesId > 0,
  });
}

/** A series with its episodes, this viewer's follow state and saved progress. */
export function useSeriesDetail(seriesId: number) {
  return useQuery(seriesDetailQueryOptions(seriesId));
}
