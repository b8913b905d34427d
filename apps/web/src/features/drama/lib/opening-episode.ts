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
