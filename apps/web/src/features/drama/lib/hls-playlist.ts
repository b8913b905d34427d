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
