import { OPENING_PATHS, SUCCESS_CODE } from '@dramastar/contract';
import { askAhead } from '../../../shared/api/request';
import { ROUTES } from '../../../shared/routes';
import { idParam } from '../lib/links';
import { openingEpisode } from '../lib/opening-episode';

interface Opening {
  episodes: { id: number; locked: boolean }[];
  stoppedInId: number | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** What the series' answer says the page will open, read without its schema (checked later). */
function opening(answer: unknown): Opening | null {
  if (!isRecord(answer) || answer.code !== SUCCESS_CODE || !isRecord(answer.data)) return null;
  const { episodes, progress } = answer.data;
  if (!Array.isArray(episodes)) return null;
  const stoppedIn = isRecord(progress) ? progress.videoId : undefined;
  return {
    episodes: episodes.filter(
      (e): e is Opening['episodes'][number] =>
        isRecord(e) && typeof e.id === 'number' && typeof e.locked === 'boolean',
    ),
    stoppedInId: typeof stoppedIn === 'number' ? stoppedIn : undefined,
  };
}

/**
 * A details page opened cold (a shared episode link): its series, then its opening episode's
 * signed address, are asked as the app starts, beside the page's scripts and the contract's
 * schemas rather than one after the other once they have loaded and the page has rendered. The
 * page's own calls take these answers (shared/api/request.ts). An episode shown locked is not
 * asked: the page shows its unlock prompt instead of playing.
 */
export async function openEpisodeAhead(hash: string): Promise<void> {
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  if (path !== ROUTES.videoDetails) return;
  const query = new URLSearchParams(search);
  const seriesId = idParam(query.get('seriesId'));
  if (seriesId === 0) return;
  const found = opening(await askAhead(OPENING_PATHS.series, { seriesId }));
  if (!found) return;
  const episode = openingEpisode(found.episodes, idParam(query.get('videoId')), found.stoppedInId);
  if (episode && !episode.locked) await askAhead(OPENING_PATHS.play, { videoId: episode.id });
}
