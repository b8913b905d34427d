import { api } from '@dramastar/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys, nextPageParam, PAGE_SIZE } from './keys';

/** The series the signed-in viewer follows (`/sv/myFavo/:userId`, the viewer's own id). */
export function useFollowing() {
  const userId = useSession((s) => s.userInfo?.userId ?? null);
  return useInfiniteQuery({
    queryKey: [...dramaKeys.following(), userId] as const,
    queryFn: ({ pageParam, signal }) =>
      request(api.video.myFavo, {
        params: { userId: Number(userId) },
        body: { pageNum: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: userId !== null && Number(userId) > 0,
  });
}
