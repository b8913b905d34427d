import { initSegment, segmentAt } from '../lib/hls-playlist';
import { noteWarmFetch } from './estimate';

/**
 * Fetches a media playlist (the play answer's `startUrl`: the lowest rung, where a cold start
 * begins) and then its init segment and the segment holding second `startAt` into the browser's
 * cache, beside the player's own request for the master playlist. Each is cacheable for the life
 * of its signed address, so the player's requests for them, made once the master playlist is
 * read, are answered from the cache (or join the request in flight) instead of starting there:
 * one round trip less before the first frame. It asks nothing the player would not ask anyway.
 * What each took is noted (`noteWarmFetch`): the player's estimate must not take the cache's
 * answer for the network's speed.
 */
export async function warmRendition(
  startUrl: string,
  startAt: number,
  fetcher: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<void> {
  const url = new URL(startUrl, document.baseURI).href;
  const answer = await fetcher(url);
  if (!answer.ok) return;
  const text = await answer.text();
  const parts = [initSegment(text), segmentAt(text, startAt)].filter((uri): uri is string => uri !== null);
  // Read to the end, so that the cache holds the whole file.
  // Each timed, so the player's bandwidth estimate can ignore the cache's answer (estimate.ts).
  await Promise.all(
    parts.map(async (uri) => {
      const href = new URL(uri, url).href;
      const asked = performance.now();
      const part = await fetcher(href);
      if (!part.ok) return;
      const bytes = (await part.arrayBuffer()).byteLength;
      noteWarmFetch(href, { bytes, ms: performance.now() - asked });
    }),
  );
}
