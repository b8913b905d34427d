import { createHash } from 'node:crypto';
import { and, eq, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { DAY_MS } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { playViews } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';

/** A viewer's plays of one episode count once in this long (from the play that counted). */
export const PLAY_WINDOW_MINUTES = 30;
/**
 * Guests counted by their device id: at most this many new devices per client address and episode
 * in a window; more from one address count as that address (one viewer). Device ids are made by
 * the browser, so a script could send a new one with every play; a household or a carrier's
 * shared address rarely has more viewers of one episode within 30 minutes.
 */
export const DEVICES_PER_ADDRESS = 10;
/** Counted plays are kept this long: the console's unique viewers are counted over it. */
export const PLAY_VIEW_KEEP_DAYS = 30;

/** Who a play counts for (`play_view.viewer_key`), and for a device the address it came from. */
export type PlayViewer =
  | { kind: 'user'; key: string }
  | { kind: 'device'; key: string; addressKey: string }
  | { kind: 'address'; key: string };

/** A fixed-length key for a value we need not keep in clear (a device id, an address). */
const hashed = (kind: 'd' | 'a', value: string) =>
  `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`;

/**
 * The viewer of a play: the signed-in account, else the browser's device id (already checked
 * against the contract's pattern), else the client address.
 */
export function playViewer(who: {
  userId: bigint | null;
  deviceId: string | null;
  address: string;
}): PlayViewer {
  if (who.userId !== null) return { kind: 'user', key: `u:${who.userId}` };
  const addressKey = hashed('a', who.address);
  if (who.deviceId !== null) return { kind: 'device', key: hashed('d', who.deviceId), addressKey };
  return { kind: 'address', key: addressKey };
}

/** Distinct viewers of `seriesId` (a column or value) with a counted play since `since`. */
export function uniqueViewers(seriesId: SQL | number, since: Date): SQL<number> {
  return sql<number>`(select count(distinct pv.viewer_key)::int from ${playViews} pv
    where pv.series_id = ${seriesId} and pv.window_start > ${since})`;
}

/** The start of the period the console's unique viewers count over. */
export const viewersSince = (now: Date) => new Date(now.getTime() - PLAY_VIEW_KEEP_DAYS * DAY_MS);

/** Deletes counted plays past their keeping (the clean-up job; idempotent on any instance). */
export async function purgePlayViews(db: Db, clock: Clock): Promise<number> {
  const rows = await db
    .delete(playViews)
    .where(lt(playViews.windowStart, viewersSince(clock.now())))
    .returning({ episodeId: playViews.episodeId });
  return rows.length;
}

/**
 * Decides whether a play counts, by claiming it: a viewer's plays of an episode count once per
 * window, however many instances they reach at once (one conditional upsert each, the winner
 * counts). Guests' device ids beyond DEVICES_PER_ADDRESS per address and episode count as the
 * address.
 */
export function createPlayCounter(deps: { db: Db; clock: Clock; limiter: RateLimiter }) {
  const { db, clock, limiter } = deps;

  /** Claims the viewer's window on the episode: true when this play opened it (and counts). */
  async function claim(episode: { id: number; seriesId: number }, viewerKey: string, now: Date) {
    const windowOver = new Date(now.getTime() - PLAY_WINDOW_MINUTES * 60_000);
    // A window still open is read, not written: replays and refreshes cost no row lock or WAL.
    const [open] = await db
      .select({ windowStart: playViews.windowStart })
      .from(playViews)
      .where(
        and(
          eq(playViews.episodeId, episode.id),
          eq(playViews.viewerKey, viewerKey),
          gt(playViews.windowStart, windowOver),
        ),
      );
    if (open) return false;
    // The claim itself decides (two plays that both read nothing: one of them wins it).
    const claimed = await db
      .insert(playViews)
      .values({ episodeId: episode.id, viewerKey, seriesId: episode.seriesId, windowStart: now })
      .onConflictDoUpdate({
        target: [playViews.episodeId, playViews.viewerKey],
        set: { windowStart: now, seriesId: episode.seriesId },
        setWhere: lte(playViews.windowStart, windowOver),
      })
      .returning({ viewerKey: playViews.viewerKey });
    return claimed.length > 0;
  }

  return {
    async count(episode: { id: number; seriesId: number }, viewer: PlayViewer): Promise<boolean> {
      const now = clock.now();
      if (!(await claim(episode, viewer.key, now))) return false;
      if (viewer.kind !== 'device') return true;
      // A device new in its window takes one of its address's places for the episode.
      try {
        await limiter.hit(
          `play-devices:${viewer.addressKey}:${episode.id}`,
          DEVICES_PER_ADDRESS,
          PLAY_WINDOW_MINUTES * 60,
        );
        return true;
      } catch (error) {
        if (!(error instanceof AppError) || error.key !== 'TooManyRequests') throw error;
      }
      // No place left: the device's claim is given back and the play counts as the address's.
      await db
        .delete(playViews)
        .where(
          and(
            eq(playViews.episodeId, episode.id),
            eq(playViews.viewerKey, viewer.key),
            eq(playViews.windowStart, now),
          ),
        );
      return claim(episode, viewer.addressKey, now);
    },
  };
}

export type PlayCounter = ReturnType<typeof createPlayCounter>;
