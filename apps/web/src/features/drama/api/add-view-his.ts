import { api } from '@dramastar/contract';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';

/**
 * Saves where the viewer is (`/sv/addViewHis`), for signed-in viewers only. Runs in the
 * background every few seconds: a failure is not toasted, the next save repeats it.
 */
export async function saveProgress(seriesId: number, videoId: number, seconds: number): Promise<void> {
  if (!useSession.getState().hasLogin) return;
  const progress = Math.min(86_400, Math.max(0, Math.round(seconds * 10) / 10));
  await request(api.video.addViewHis, { query: { seriesId, videoId, progress }, hideToast: true }).catch(
    () => undefined,
  );
}
