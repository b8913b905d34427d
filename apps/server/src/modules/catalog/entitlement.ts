import type { SessionUser } from '../auth/session.service.js';

/**
 * Who may watch paid episodes. One function, so that memberships (Star Cards) and trial cards
 * extend it in one place. Until they exist nobody holds a viewing pass: paid episodes are locked
 * for everyone, and the server refuses to sign their addresses.
 */
export interface Entitlements {
  hasViewingPass(viewer: SessionUser): Promise<boolean>;
}

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
