import { OPENING_PATHS, SUCCESS_CODE } from '@dramastar/contract';
import { askAhead } from '../../../shared/api/request';
import { ROUTES } from '../../../shared/routes';
import { firstVariant, initSegment, segmentAt } from '../lib/hls-playlist';
import { idParam } from '../lib/links';
import { openingEpisode, resumeAt } from '../lib/opening-episode';
import { warmRendition } from '../player/warm-start';

interface Opening {
  episodes: { id: number; locked: boolean; duration: number }[];
  progress: { videoId: number; progress: number } | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The answer's data when it is a success, read without its schema (the page's call checks it). */
const dataOf = (answer: unknown): Record<string, unknown> | null =>
  isRecord(answer) && answer.code === SUCCESS_CODE && isRecord(answer.data) ? answer.data : null;

/** What the series' answer says the page will open. */
function opening(answer: unknown): Opening | null {
  const data = dataOf(answer);
  if (!data || !Array.isArray(data.episodes)) return null;
  const { progress } = data;
  return {
    episodes: data.episodes.filter(
      (e): e is Opening['episodes'][number] =>
        isRecord(e) &&
        typeof e.id === 'number' &&
        typeof e.locked === 'boolean' &&
        typeof e.duration === 'number',
    ),
    progress:
      isRecord(progress) && typeof progress.videoId === 'number' && typeof progress.progress === 'number'
        ? { videoId: progress.videoId, progress: progress.progress }
        : null,
  };
}

/**
 * The episode's playlists and the segment it starts in, fetched into the browser's cache (each is
 * cacheable for the life of its signed address): the player's own requests for them, made once
 * its script has run, are answered there. With a master playlist that is the first rendition it
 * lists, the lowest, where the player starts a cold open (player/attach.ts). The player asks
 * nothing it would not ask anyway.
 */
async function warmStream(playlistUrl: string, startAt: number, startUrl: string | null): Promise<void> {
  const get = async (uri: string, base: string) => {
    const url = new URL(uri, new URL(base, document.baseURI)).href;
    const answer = await fetch(url);
    return answer.ok ? { url, answer } : null;
  };
  // The lowest rung's playlist is named by the play answer: asked beside the master playlist,
  // not after it (one round trip less before the first segment on a slow line).
  if (startUrl) {
    await Promise.all([
      get(playlistUrl, document.baseURI).then((master) => master?.answer.text()),
      warmRendition(startUrl, startAt),
    ]);
    return;
  }
  let media = await get(playlistUrl, document.baseURI);
  if (!media) return;
  let text = await media.answer.text();
  const variant = firstVariant(text);
  if (variant !== null) {
    media = await get(variant, media.url);
    if (!media) return;
    text = await media.answer.text();
  }
  const segment = segmentAt(text, startAt);
  if (segment === null) return;
  const init = initSegment(text);
  const parts = [init, segment].filter((uri): uri is string => uri !== null);
  // Read to the end, so that the cache holds the whole segment.
  await Promise.all(parts.map(async (uri) => (await get(uri, media.url))?.answer.arrayBuffer()));
}

/**
 * A details page opened cold (a shared episode link): its series, then its opening episode's
 * signed address, are asked as the app starts, beside the page's scripts and the contract's
 * schemas rather than one after the other once they have loaded and the page has rendered; then
 * the stream's playlist and first segment are fetched into the cache. The page's own calls take
 * these answers (shared/api/request.ts). An episode shown locked is not asked: the page shows its
 * unlock prompt instead of playing.
 */
export async function openEpisodeAhead(hash: string): Promise<void> {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  if (path !== ROUTES.videoDetails) return;
  const query = new URLSearchParams(search);
  const seriesId = idParam(query.get('seriesId'));
  if (seriesId === 0) return;
  const found = opening(await askAhead(OPENING_PATHS.series, { seriesId }));
  if (!found) return;
  const episode = openingEpisode(found.episodes, idParam(query.get('videoId')), found.progress?.videoId);
  if (!episode || episode.locked) return;
  const played = dataOf(await askAhead(OPENING_PATHS.play, { videoId: episode.id }));
  if (typeof played?.playlistUrl !== 'string') return;
  const startUrl = typeof played.startUrl === 'string' ? played.startUrl : null;
  await warmStream(played.playlistUrl, resumeAt(episode, found.progress), startUrl).catch(() => undefined);
}
