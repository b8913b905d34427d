import { api } from '@dramastar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

type Page = { list: readonly unknown[]; total: number };
type Ask = { userId: number; pageNum: number; signal: AbortSignal };
type UserId = string | number | null;

/** One of the viewer's own paged lists: asked with the viewer's own id (the server checks it). */
function ownListQueryOptions<T extends Page>(
  key: readonly unknown[],
  userId: UserId,
  askPage: (ask: Ask) => Promise<T>,
) {
  return infiniteQueryOptions({
    queryKey: [...key, userId] as const,
    queryFn: ({ pageParam, signal }) => askPage({ userId: Number(userId), pageNum: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export const followingQueryOptions = (userId: UserId) =>
  ownListQueryOptions(dramaKeys.following(), userId, ({ userId, pageNum, signal }) =>
    request(api.video.myFavo, { params: { userId }, body: { pageNum, pageSize: PAGE_SIZE }, signal }),
  );

export const likedEpisodesQueryOptions = (userId: UserId) =>
  ownListQueryOptions(dramaKeys.liked(), userId, ({ userId, pageNum, signal }) =>
    request(api.video.myLikes, { params: { userId }, body: { pageNum, pageSize: PAGE_SIZE }, signal }),
  );

/** The viewer's own id, and whether their own lists can be asked (signed in, with an id). */
function useOwnId() {
  const userId = useSession((s) => s.userInfo?.userId ?? null);
  return { userId, enabled: userId !== null && Number(userId) > 0 };
}

/** The series the signed-in viewer follows (`/sv/myFavo/:userId`). */
export function useFollowing() {
  const { userId, enabled } = useOwnId();
  return useInfiniteQuery({ ...followingQueryOptions(userId), enabled });
}

/** The episodes the signed-in viewer liked, newest first (`/sv/myLikes/:userId`). */
export function useLikedEpisodes() {
  const { userId, enabled } = useOwnId();
  return useInfiniteQuery({ ...likedEpisodesQueryOptions(userId), enabled });
}
