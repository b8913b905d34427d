import { api } from '@dramastar/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys, nextPageParam, PAGE_SIZE } from './keys';

/** The episodes the signed-in viewer liked, newest first (`/sv/myLikes/:userId`, the viewer's own id). */
export function useLikedEpisodes() {
  const userId = useSession((s) => s.userInfo?.userId ?? null);
  return useInfiniteQuery({
    queryKey: [...dramaKeys.liked(), userId] as const,
    queryFn: ({ pageParam, signal }) =>
      request(api.video.myLikes, {
        params: { userId: Number(userId) },
        body: { pageNum: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: userId !== null && Number(userId) > 0,
  });
}
