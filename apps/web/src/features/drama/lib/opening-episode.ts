/**
 * The episode the details page opens with: the one the link asks for, else the one the viewer
 * stopped in, else the first.
 */
export function openingEpisode<E extends { id: number }>(
  episodes: readonly E[],
  requestedId: number,
  stoppedInId: number | undefined,
): E | undefined {
  return (
    episodes.find((e) => e.id === requestedId) ?? episodes.find((e) => e.id === stoppedInId) ?? episodes[0]
  );
}

/**
 * Where the episode starts: where the viewer stopped in it, but not in its last moments (the
 * last 3 s, or the last tenth of a short episode): an episode watched to its end starts over.
 */
export function resumeAt(
  episode: { id: number; duration: number },
  progress: { videoId: number; progress: number } | null | undefined,
): number {
  if (!progress || progress.videoId !== episode.id) return 0;
  const margin = Math.min(3, episode.duration / 10);
  return progress.progress < episode.duration - margin ? progress.progress : 0;
}
