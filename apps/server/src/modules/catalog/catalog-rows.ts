import type { EpisodeInfo, Language, SeriesSummary } from '@dramastar/contract';
import { and, type Column, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { type LocalDay, onLocalDay } from '../../db/days.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { episodes, likes, type LocalizedText, series, viewHistory } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { SessionUser } from '../../http/actors.js';
import type { Entitlements } from './entitlement.js';
import type { PointsService } from './points.service.js';
import type { StreamSigner } from './stream-signer.js';

/** What the catalogue service is made with (app.ts). */
export interface CatalogDeps {
  db: Db;
  clock: Clock;
  entitlements: Entitlements;
  points: PointsService;
  signer: StreamSigner;
  /** Guests' device ids per address (play-views.ts). */
  limiter: RateLimiter;
  /** The "hot" order: a series' recent distinct viewers, from the analytics module's rollups. */
  recentViewers: RecentViewers;
}

/**
 * A series' distinct viewers of the recent days as an SQL expression on the caller's series columns
 * (the analytics module's `recentViewers`, handed down so the catalogue sorts by it in its own query).
 */
export type RecentViewers = (tenantId: SQL | Column, seriesId: SQL | Column, now: Date) => SQL<number>;

export type SeriesRow = typeof series.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;

export const localize = (text: LocalizedText, lang: Language): string => text[lang] ?? text.en;

/** How many episodes the user has watched some of (last watched on the day `on`, or ever): the watch task's progress. */
export async function watchedEpisodeCount(db: DbOrTx, userId: bigint, on?: LocalDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(viewHistory)
    .where(
      and(
        eq(viewHistory.userId, userId),
        gt(viewHistory.progress, 0),
        on ? onLocalDay(viewHistory.updatedAt, on) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export const summary = (row: SeriesRow, lang: Language): SeriesSummary => ({
  id: row.id,
  title: localize(row.title, lang),
  description: localize(row.description, lang),
  cover: row.cover,
  tags: row.tags,
  category: row.category,
  episodeCount: row.episodeCount,
  freeEpisodes: row.freeEpisodes,
  favoriteCount: row.favoriteCount,
  likeCount: row.likeCount,
  playCount: row.playCount,
});

export const published = (tenantId: string) =>
  and(eq(series.tenantId, tenantId), eq(series.status, 'published'));

/**
 * The reads every side of the catalogue shares: a published series or episode (404 otherwise) and
 * episodes as a viewer sees them (liked or not, locked or not).
 */
export function createCatalogRows({ db, entitlements }: { db: Db; entitlements: Entitlements }) {
  async function likedSet(viewer: SessionUser | null, episodeIds: number[]): Promise<Set<number>> {
    if (!viewer || episodeIds.length === 0) return new Set();
    const rows = await db
      .select({ id: likes.episodeId })
      .from(likes)
      .where(and(eq(likes.userId, viewer.userId), inArray(likes.episodeId, episodeIds)));
    return new Set(rows.map((r) => r.id));
  }

  /** Episodes as the viewer sees them: liked or not, and locked unless free or the viewer holds a pass. */
  async function episodeInfos(
    rows: { episode: EpisodeRow; freeEpisodes: number }[],
    viewer: SessionUser | null,
    knownPass?: boolean,
  ): Promise<EpisodeInfo[]> {
    const [liked, pass] = await Promise.all([
      likedSet(
        viewer,
        rows.map((r) => r.episode.id),
      ),
      knownPass ?? (viewer ? entitlements.hasViewingPass(viewer) : false),
    ]);
    return rows.map(({ episode, freeEpisodes }) => {
      const free = episode.number <= freeEpisodes;
      return {
        id: episode.id,
        seriesId: episode.seriesId,
        number: episode.number,
        duration: episode.duration,
        poster: episode.poster,
        free,
        locked: !free && !pass,
        likeCount: episode.likeCount,
        liked: liked.has(episode.id),
      };
    });
  }

  /** Rows of (episode, series) as feed items: each episode with its series' summary. */
  async function episodeItems(
    rows: { episode: EpisodeRow; series: SeriesRow }[],
    viewer: SessionUser | null,
    lang: Language,
    knownPass?: boolean,
  ) {
    const infos = await episodeInfos(
      rows.map((r) => ({ episode: r.episode, freeEpisodes: r.series.freeEpisodes })),
      viewer,
      knownPass,
    );
    return infos.flatMap((episode, i) => {
      const s = rows[i]?.series;
      return s ? [{ series: summary(s, lang), episode }] : [];
    });
  }

  async function requireSeries(tenantId: string, seriesId: number): Promise<SeriesRow> {
    const [row] = await db
      .select()
      .from(series)
      .where(and(eq(series.id, seriesId), published(tenantId)))
      .limit(1);
    if (!row) throw new AppError('NotFound', { field: 'seriesId' });
    return row;
  }

  async function requireEpisode(tenantId: string, videoId: number) {
    const [row] = await db
      .select({ episode: episodes, series })
      .from(episodes)
      .innerJoin(series, eq(series.id, episodes.seriesId))
      .where(and(eq(episodes.id, videoId), published(tenantId)))
      .limit(1);
    if (!row) throw new AppError('NotFound', { field: 'videoId' });
    return row;
  }

  return { episodeInfos, episodeItems, requireSeries, requireEpisode };
}

export type CatalogRows = ReturnType<typeof createCatalogRows>;
