import { api } from '@dramastar/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

type Page = { list: readonly unknown[]; total: number };
type Ask = { userId: number; pageNum: number; signal: AbortSignal };

/** One of the viewer's own paged lists: asked with the viewer's own id (the server checks it). */
function useOwnList<T extends Page>(key: readonly unknown[], askPage: (ask: Ask) => Promise<T>) {
  const userId = useSession((s) => s.userInfo?.userId ?? null);
  return useInfiniteQuery({
    queryKey: [...key, userId] as const,
    queryFn: ({ pageParam, signal }) => askPage({ userId: Number(userId), pageNum: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: userId !== null && Number(userId) > 0,
  });
}

/** The series the signed-in viewer follows (`/sv/myFavo/:userId`). */
export const useFollowing = () =>
  useOwnList(dramaKeys.following(), ({ userId, pageNum, signal }) =>
    request(api.video.myFavo, { params: { userId }, body: { pageNum, pageSize: PAGE_SIZE }, signal }),
  );

/** The episodes the signed-in viewer liked, newest first (`/sv/myLikes/:userId`). */
export const useLikedEpisodes = () =>
  useOwnList(dramaKeys.liked(), ({ userId, pageNum, signal }) =>
    request(api.video.myLikes, { params: { userId }, body: { pageNum, pageSize: PAGE_SIZE }, signal }),
  );
