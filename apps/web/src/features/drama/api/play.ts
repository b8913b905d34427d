import { api, type CallResult } from '@dramastar/contract';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';

export type PlayResult = CallResult<typeof api.video.play>;

/** What the server says about a locked episode (409 `EpisodeLocked`). */
export interface LockedInfo {
  seriesId: number;
  number: number;
  freeEpisodes: number;
}

/**
 * A signed playlist address of an episode (valid 30 minutes). Refusals are not toasted: a locked
 * episode rejects with an ApiError whose `lockedInfo()` tells the unlock prompt what to say.
 */
export function fetchPlay(videoId: number, signal?: AbortSignal): Promise<PlayResult> {
  return request(api.video.play, { params: { videoId }, hideToast: true, signal });
}

export function lockedInfo(error: unknown): LockedInfo | null {
  if (!isApiError(error) || error.errorKey !== 'EpisodeLocked') return null;
  const data = error.body?.data as Partial<LockedInfo> | undefined;
  return {
    seriesId: typeof data?.seriesId === 'number' ? data.seriesId : 0,
    number: typeof data?.number === 'number' ? data.number : 0,
    freeEpisodes: typeof data?.freeEpisodes === 'number' ? data.freeEpisodes : 0,
  };
}
