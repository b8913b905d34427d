import { api } from '@dramastar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

/** Idle while the keyword is empty. */
export function searchSeriesQueryOptions(keyword: string, tenantId: string) {
  return infiniteQueryOptions({
    queryKey: [...dramaKeys.search(keyword), tenantId] as const,
    queryFn: ({ pageParam, signal }) =>
      request(api.video.page, {
        query: { tenantId, keyword },
        body: { pageNum: pageParam, pageSize: PAGE_SIZE, keyword },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: keyword !== '',
    staleTime: 30_000,
  });
}

/** Keyword search over titles, descriptions and tags (`/sv/page`); idle while the keyword is empty. */
export function useSearchSeries(keyword: string) {
  const tenantId = useSession((s) => s.tenantId);
  return useInfiniteQuery(searchSeriesQueryOptions(keyword, tenantId));
}
