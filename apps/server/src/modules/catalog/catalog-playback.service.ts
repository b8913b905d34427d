import { and, asc, eq, sql } from 'drizzle-orm';
import { episodes, series, subtitleTracks } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { tenantMembership } from '../tenant/membership-settings.js';
import type { SessionUser } from '../../http/actors.js';
import { canWatch } from './entitlement.js';
import { createPlayCounter, playViewer } from './play-views.js';
import { LEGACY_PLAYLIST, MASTER_PLAYLIST } from './stream-signer.js';
import { subtitleFile } from './subtitle-tracks.js';
import type { CatalogDeps, CatalogRows } from './catalog-rows.js';

/**
 * Playing an episode: the entitlement check, the signed playlist and subtitle addresses, the play
 * count (counted here, added to the series by `flushPlays`) and the paid-episode points; and the
 * storage keys the stream routes serve once a signature was checked.
 */
export function createCatalogPlaybackService({
  db,
  clock,
  entitlements,
  points,
  signer,
  limiter,
  rows: { requireEpisode },
}: Omit<CatalogDeps, 'recentViewers'> & { rows: CatalogRows }) {
  const playCounter = createPlayCounter({ db, clock, limiter });
  /**
   * Plays counted on this instance and not yet added to their series, by series id. A play's
   * only write is its viewer's claim (play-views.ts), never the series' row (plays of one series
   * do not queue on it); `flushPlays` adds them in one update per series (a job every few
   * seconds, and on close).
   */
  const pendingPlays = new Map<number, number>();

  return {
    /**
     * Adds the plays counted since the last flush to their series (each a relative update, so
     * instances flushing at once add up). Counts a failed update would lose are kept for the next.
     */
    async flushPlays(): Promise<number> {
      const batch = [...pendingPlays];
      pendingPlays.clear();
      let flushed = 0;
      for (const [index, [seriesId, plays]] of batch.entries()) {
        try {
          await db
            .update(series)
            .set({ playCount: sql`${series.playCount} + ${plays}` })
            .where(eq(series.id, seriesId));
          flushed += plays;
        } catch (error) {
          for (const [id, left] of batch.slice(index))
            pendingPlays.set(id, (pendingPlays.get(id) ?? 0) + left);
          throw error;
        }
      }
      return flushed;
    },

    /** The storage key of an episode's subtitle file in `language`, or undefined. */
    subtitleKey: async (videoId: number, language: string) => {
      const [row] = await db
        .select({ key: subtitleTracks.storageKey })
        .from(subtitleTracks)
        .where(and(eq(subtitleTracks.episodeId, videoId), eq(subtitleTracks.language, language)));
      return row?.key;
    },

    /** The storage key of an episode's HLS files and its ladder (for the stream route; the signature was checked). */
    episodeKey: (videoId: number) =>
      db
        .select({ hlsKey: episodes.hlsKey, renditions: episodes.renditions })
        .from(episodes)
        .where(eq(episodes.id, videoId))
        .limit(1),

    /**
     * Signs the playlist address of an episode the viewer may play (409 EpisodeLocked otherwise),
     * counts the play once per viewer and episode in 30 minutes (the account, else the browser's
     * device id, else the address: play-views.ts; added to its series by `flushPlays`), and pays
     * the tenant's paid-episode points the first time a user plays a paid episode.
     */
    async play(
      tenantId: string,
      videoId: number,
      viewer: SessionUser | null,
      client: { deviceId: string | null; address: string },
    ) {
      const { episode, series: s } = await requireEpisode(tenantId, videoId);
      const access = { number: episode.number, freeEpisodes: s.freeEpisodes };
      if (!(await canWatch(entitlements, viewer, access))) {
        throw new AppError('EpisodeLocked', {
          data: { seriesId: s.id, number: episode.number, freeEpisodes: s.freeEpisodes },
        });
      }
      const counted = await playCounter.count(
        { id: episode.id, seriesId: s.id },
        playViewer({ userId: viewer?.userId ?? null, ...client }),
      );
      if (counted) pendingPlays.set(s.id, (pendingPlays.get(s.id) ?? 0) + 1);
      if (viewer && episode.number > s.freeEpisodes) {
        await withTransaction(db, async (tx) => {
          // The tenant's points rules, read in this transaction (0 = no points for it).
          const { settings } = await tenantMembership(tx, tenantId);
          if (settings.points.paidEpisode > 0) {
            await points.award(tx, {
              userId: viewer.userId,
              amount: settings.points.paidEpisode,
              kind: 'paid_episode',
              idempotencyKey: `paid_episode:${viewer.userId}:${episode.id}`,
            });
          }
        });
      }
      // The ladder's master playlist (made per play from the row), or an older episode's one playlist.
      const file = episode.renditions.length > 0 ? MASTER_PLAYLIST : LEGACY_PLAYLIST;
      const now = clock.now();
      const viewerId = viewer?.userId ?? 0n;
      const signed = signer.url(episode.id, viewerId, now, file);
      // Each track behind the same signed prefix as the playlist (same viewer, same expiry).
      const tracks = await db
        .select({ language: subtitleTracks.language, label: subtitleTracks.label })
        .from(subtitleTracks)
        .where(eq(subtitleTracks.episodeId, episode.id))
        .orderBy(asc(subtitleTracks.language));
      // The lowest rung (renditions are stored lowest first), where a cold start begins.
      const lowest = [...episode.renditions].sort((a, b) => a.bandwidth - b.bandwidth)[0];
      return {
        videoId: episode.id,
        playlistUrl: signed.url,
        startUrl: lowest ? signer.url(episode.id, viewerId, now, `${lowest.name}.m3u8`).url : null,
        startCodecs: lowest?.codecs ?? null,
        startPlaylist: null as string | null,
        expiresAt: signed.expiresAt.toISOString(),
        subtitles: tracks.map((t) => ({
          language: t.language,
          label: t.label,
          url: signer.url(episode.id, viewerId, now, subtitleFile(t.language)).url,
        })),
      };
    },
  };
}
