/** `m:ss` (or `h:mm:ss`) of a number of seconds. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** Share of an episode watched, 0…1. */
export function watchedShare(progress: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(1, Math.max(0, progress / duration));
}

/** Ranges of 30 episodes for long series: [1, 30], [31, 60], … */
export function episodeRanges(count: number, size = 30): [number, number][] {
  const ranges: [number, number][] = [];
  for (let start = 1; start <= count; start += size) ranges.push([start, Math.min(count, start + size - 1)]);
  return ranges;
}
