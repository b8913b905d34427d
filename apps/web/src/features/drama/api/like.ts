import { api } from '@dramastar/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { requireLogin } from '../../../shared/auth/login-panel-store';
import { useEngagement } from '../lib/engagement-store';

/** Likes or unlikes an episode (idempotent on the server); guests get the login panel instead. */
export function useToggleLike() {
  const mutation = useMutation({
    mutationFn: ({ videoId, like }: { videoId: number; like: boolean }) =>
      like
        ? request(api.video.liking, { body: { videoId } })
        : request(api.video.cancelLiking, { body: { videoId } }),
    onSuccess: (result, { videoId }) => useEngagement.getState().setLike(videoId, result),
  });
  return {
    pending: mutation.isPending,
    toggle: (videoId: number, liked: boolean) => {
      if (!requireLogin() || mutation.isPending) return;
      mutation.mutate({ videoId, like: !liked });
    },
  };
}
