import { api } from '@dramastar/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function watchHistoryQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...dramaKeys.history(), 'all'] as const,
    queryFn: ({ pageParam, signal }) =>
      request(api.video.queryViewHis, { body: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The watch list: one entry per series, last watched first (signed-in viewers). */
export function useWatchHistory() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...watchHistoryQueryOptions(), enabled: hasLogin });
}

export function recentHistoryQueryOptions(size: number) {
  return queryOptions({
    queryKey: [...dramaKeys.history(), 'recent', size] as const,
    queryFn: ({ signal }) =>
      request(api.video.queryViewHis, { body: { pageNum: 1, pageSize: size }, signal }),
  });
}

/** The first few entries, for the home page's "Continue watching" row. */
export function useRecentHistory(size = 10) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...recentHistoryQueryOptions(size), enabled: hasLogin });
}
