import type { SessionUser } from '../../http/actors.js';

/**
 * Who may watch paid episodes: one function (app.ts gives the real one: an active card of any
 * tier or an active trial card). Without a pass the server refuses to sign a paid episode's
 * address.
 */
export interface Entitlements {
  hasViewingPass(viewer: SessionUser): Promise<boolean>;
}

/** Nobody holds a pass (for tests of the locked side). */
export const noViewingPasses: Entitlements = { hasViewingPass: async () => false };

export interface EpisodeAccess {
  number: number;
  freeEpisodes: number;
}

/** The leading `freeEpisodes` play for everyone; the rest need a viewing pass. */
export async function canWatch(
  entitlements: Entitlements,
  viewer: SessionUser | null,
  episode: EpisodeAccess,
): Promise<boolean> {
  if (episode.number <= episode.freeEpisodes) return true;
  return viewer !== null && entitlements.hasViewingPass(viewer);
}
