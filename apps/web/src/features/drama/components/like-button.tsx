import type { EpisodeInfo } from '@dramastar/contract';
import { useT } from '../../../shared/i18n';
import { HeartIcon } from '../../../shared/ui';
import { useToggleLike } from '../api/like';
import { useLikeState } from '../lib/engagement-store';
import { ActionButton } from './action-button';

/** An episode's like button with its count, in the Shorts rail and under the details player. */
export function LikeButton({
  episode,
  testId,
}: {
  episode: Pick<EpisodeInfo, 'id' | 'liked' | 'likeCount'>;
  testId: string | undefined;
}) {
  const t = useT();
  const like = useLikeState(episode.id, { liked: episode.liked, likeCount: episode.likeCount });
  const toggleLike = useToggleLike();
  return (
    <ActionButton
      icon={<HeartIcon filled={like.liked} />}
      label={t(like.liked ? 'drama.unlike' : 'drama.like')}
      caption={like.likeCount}
      active={like.liked}
      pressed={like.liked}
      testId={testId}
      onClick={() => toggleLike.toggle(episode.id, like.liked)}
    />
  );
}
