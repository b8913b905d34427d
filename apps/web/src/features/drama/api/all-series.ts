import { api } from '@dramastar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function allSeriesQueryOptions(category: string | null, tenantId: string) {
  return infiniteQueryOptions({
    queryKey: [...dramaKeys.allSeries(category), tenantId] as const,
    queryFn: ({ pageParam, signal }) =>
      request(api.video.allSeries, {
        query: { tenantId },
        body: { pageNum: pageParam, pageSize: PAGE_SIZE, ...(category ? { category } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 60_000,
  });
}

/** Every published series, page by page, optionally of one category. */
export function useAllSeries(category: string | null) {
  const tenantId = useSession((s) => s.tenantId);
  return useInfiniteQuery(allSeriesQueryOptions(category, tenantId));
}
