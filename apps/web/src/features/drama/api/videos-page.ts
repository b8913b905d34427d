import { api } from '@dramastar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function videosFeedQueryOptions(tenantId: string) {
  return infiniteQueryOptions({
    queryKey: [...dramaKeys.feed(), tenantId] as const,
    queryFn: ({ pageParam, signal }) =>
      request(api.video.videosPage, {
        query: { tenantId },
        body: { pageNum: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: 5 * 60_000,
  });
}

/** The Shorts feed: episodes one after another, series by series, page by page. */
export function useVideosFeed() {
  const tenantId = useSession((s) => s.tenantId);
  return useInfiniteQuery(videosFeedQueryOptions(tenantId));
}
