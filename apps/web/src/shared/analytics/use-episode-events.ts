import { ANALYTICS_PROGRESS_MARKS, type PlayEntry } from '@dramastar/contract';
import { useEffect } from 'react';
import { setPaywall, takeEntry, track } from './tracker';

export interface TrackedEpisode {
  seriesId: number;
  videoId: number;
  /** The element playing it. */
  video: () => HTMLVideoElement | null;
}

/**
 * Viewing events of the episode on screen: its start (the first `playing`), 25/50/75 % and its
 * end, each once per play, with the furthest second reached. `entry`: where the play started from.
 */
export function useEpisodeEvents(
  watching: TrackedEpisode | null,
  episode: number | undefined,
  entry: PlayEntry,
): void {
  useEffect(() => {
    if (!watching || !episode) return;
    const video = watching.video();
    if (!video) return;
    const ids = { seriesId: watching.seriesId, episodeId: watching.videoId, episode };
    let started = false;
    let completed = false;
    const marks = new Set<number>();
    const onPlaying = () => {
      if (
        started ||
        (video.dataset.videoId !== undefined && video.dataset.videoId !== String(watching.videoId))
      )
        return;
      started = true;
      track({ type: 'episode_start', ...ids, entry: takeEntry(entry) });
    };
    const onTime = () => {
      const duration = video.duration;
      if (!started || !(duration > 0)) return;
      const percent = (video.currentTime / duration) * 100;
      for (const mark of ANALYTICS_PROGRESS_MARKS)
        if (percent >= mark && !marks.has(mark)) {
          marks.add(mark);
          track({ type: 'episode_progress', ...ids, percent: mark, seconds: Math.round(video.currentTime) });
        }
    };
    const onEnded = () => {
      if (completed) return;
      completed = true;
      onTime();
      track({ type: 'episode_complete', ...ids, seconds: Math.round(video.duration || video.currentTime) });
    };
    if (!video.paused && video.readyState > 2) onPlaying();
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('ended', onEnded);
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('ended', onEnded);
    };
  }, [watching, episode, entry]);
}

/** A paid episode's unlock prompt is on screen (null: none): recorded once per episode shown. */
export function usePaywallShown(
  shown: { seriesId: number; episodeId: number; episode: number } | null,
): void {
  const key = shown ? `${shown.seriesId}:${shown.episodeId}:${shown.episode}` : '';
  useEffect(() => {
    if (!key) return;
    const [seriesId, episodeId, episode] = key.split(':').map(Number) as [number, number, number];
    setPaywall({ seriesId, episodeId, episode });
    return () => setPaywall(null);
  }, [key]);
}
