import { ROUTES } from '../../../shared/routes';

/** The details page of a series, optionally at an episode. */
export function detailsPath(seriesId: number, videoId?: number): string {
  const query = new URLSearchParams({ seriesId: String(seriesId) });
  if (videoId !== undefined) query.set('videoId', String(videoId));
  return `${ROUTES.videoDetails}?${query.toString()}`;
}

/**
 * The link a viewer shares: the series' landing page (at the episode shared, if one), carrying
 * the sharer's invite code when signed in, so a friend who signs up from it joins the sharer's
 * team.
 */
export function drainageLink(
  seriesId: number,
  inviteCode: string | null | undefined,
  videoId?: number,
): string {
  const query = new URLSearchParams({ seriesId: String(seriesId) });
  if (videoId !== undefined) query.set('videoId', String(videoId));
  if (inviteCode) query.set('inviteCode', inviteCode);
  return `${window.location.origin}/#${ROUTES.drainage}?${query.toString()}`;
}

/** A positive integer query parameter, or 0. */
export function idParam(value: string | null): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
