import { api } from '@dramastar/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

/** The watch list: one entry per series, last watched first (signed-in viewers). */
export function useWatchHistory() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: [...dramaKeys.history(), 'all'] as const,
    queryFn: ({ pageParam, signal }) =>
      request(api.video.queryViewHis, { body: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin,
  });
}

/** The first few entries, for the home page's "Continue watching" row. */
export function useRecentHistory(size = 10) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: [...dramaKeys.history(), 'recent', size] as const,
    queryFn: ({ signal }) =>
      request(api.video.queryViewHis, { body: { pageNum: 1, pageSize: size }, signal }),
    enabled: hasLogin,
  });
}
