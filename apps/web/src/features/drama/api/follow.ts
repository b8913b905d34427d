import { api } from '@dramastar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { requireLogin } from '../../../shared/auth/login-panel-store';
import { useEngagement } from '../lib/engagement-store';
import { followStateQueryOptions } from './follow-state';
import { dramaKeys } from './keys';
import { seriesDetailQueryOptions } from './series-detail';

/** Follows (favoriting) or unfollows (cancelFavoriting) a series; guests get the login panel. */
export function useToggleFollow() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ seriesId, follow }: { seriesId: number; follow: boolean }) =>
      follow
        ? request(api.video.favoriting, { body: { seriesId } })
        : request(api.video.cancelFavoriting, { body: { seriesId } }),
    onSuccess: (result, { seriesId }) => {
      useEngagement.getState().setFollow(seriesId, result);
      queryClient.setQueryData(followStateQueryOptions(seriesId).queryKey, { favorited: result.favorited });
      queryClient.setQueryData(seriesDetailQueryOptions(seriesId).queryKey, (old) =>
        old
          ? {
              ...old,
              favorited: result.favorited,
              series: { ...old.series, favoriteCount: result.favoriteCount },
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: dramaKeys.following() });
    },
  });
  return {
    pending: mutation.isPending,
    toggle: (seriesId: number, favorited: boolean) => {
      if (!requireLogin() || mutation.isPending) return;
      mutation.mutate({ seriesId, follow: !favorited });
    },
    /** Unfollow from a list of followed series (already signed in). */
    unfollowAsync: (seriesId: number) => mutation.mutateAsync({ seriesId, follow: false }),
  };
}
