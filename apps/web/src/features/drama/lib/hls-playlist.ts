/**
 * The address of the media segment of an HLS media playlist that holds second `at` (the last
 * one past the end), relative as the playlist writes it; null for a playlist without segments.
 */
export function segmentAt(playlist: string, at: number): string | null {
  let start = 0;
  let duration: number | null = null;
  let last: string | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line !== '' && !line.startsWith('#')) {
      last = line;
      const length = duration !== null && Number.isFinite(duration) ? duration : 0;
      if (at < start + length) return line;
      start += length;
      duration = null;
    }
  }
  return last;
}

/**
 * The first variant a master playlist lists (the lowest rendition, where the player starts on a
 * cold open), or null when `playlist` is a media playlist.
 */
export function firstVariant(playlist: string): string | null {
  const lines = playlist.split('\n').map((line) => line.trim());
  const at = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  if (at === -1) return null;
  return lines.slice(at + 1).find((line) => line !== '' && !line.startsWith('#')) ?? null;
}

/** The init segment (`#EXT-X-MAP:URI="…"`) of an fMP4 media playlist, or null. */
export function initSegment(playlist: string): string | null {
  return /#EXT-X-MAP:[^\n]*URI="([^"]+)"/.exec(playlist)?.[1] ?? null;
}
