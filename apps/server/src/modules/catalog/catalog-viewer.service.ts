import type { Language } from '@dramastar/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { episodes, favorites, likes, series, viewHistory } from '../../db/schema/index.js';
import { onePage, type Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { SessionUser } from '../../http/actors.js';
import type { CatalogCache } from './catalog-cache.js';
import { type CatalogRows, published, summary } from './catalog-rows.js';

/**
 * The viewer's own state in the catalogue: the series they follow, the episodes they like and
 * their viewing history (where they stopped in each series).
 */
export function createCatalogViewerService({
  db,
  clock,
  cache: { forgetSeries },
  rows: { episodeItems, requireSeries, requireEpisode },
}: {
  db: Db;
  clock: Clock;
  cache: CatalogCache;
  rows: CatalogRows;
}) {
  return {
    /** Follows or unfollows a series; idempotent, and the count moves only when the row did. */
    async setFavorite(viewer: SessionUser, seriesId: number, on: boolean) {
      await requireSeries(viewer.tenantId, seriesId);
      const done = await withTransaction(db, async (tx) => {
        const changed = on
          ? await tx
              .insert(favorites)
              .values({ userId: viewer.userId, seriesId, createdAt: clock.now() })
              .onConflictDoNothing()
              .returning({ id: favorites.seriesId })
          : await tx
              .delete(favorites)
              .where(and(eq(favorites.userId, viewer.userId), eq(favorites.seriesId, seriesId)))
              .returning({ id: favorites.seriesId });
        const [row] = await tx
          .update(series)
          .set({ favoriteCount: sql`${series.favoriteCount} + ${changed.length > 0 ? (on ? 1 : -1) : 0}` })
          .where(eq(series.id, seriesId))
          .returning({ favoriteCount: series.favoriteCount });
        return { favorited: on, favoriteCount: row?.favoriteCount ?? 0 };
      });
      // The viewer sees the new count when the series opens again here (elsewhere within the TTL).
      forgetSeries(viewer.tenantId, seriesId);
      return done;
    },

    async setLike(viewer: SessionUser, videoId: number, on: boolean) {
      const { series: s } = await requireEpisode(viewer.tenantId, videoId);
      const done = await withTransaction(db, async (tx) => {
        const changed = on
          ? await tx
              .insert(likes)
              .values({ userId: viewer.userId, episodeId: videoId, createdAt: clock.now() })
              .onConflictDoNothing()
              .returning({ id: likes.episodeId })
          : await tx
              .delete(likes)
              .where(and(eq(likes.userId, viewer.userId), eq(likes.episodeId, videoId)))
              .returning({ id: likes.episodeId });
        const delta = changed.length > 0 ? (on ? 1 : -1) : 0;
        const [row] = await tx
          .update(episodes)
          .set({ likeCount: sql`${episodes.likeCount} + ${delta}` })
          .where(eq(episodes.id, videoId))
          .returning({ likeCount: episodes.likeCount });
        if (delta !== 0) {
          await tx
            .update(series)
            .set({ likeCount: sql`${series.likeCount} + ${delta}` })
            .where(eq(series.id, s.id));
        }
        return { liked: on, likeCount: row?.likeCount ?? 0 };
      });
      forgetSeries(viewer.tenantId, s.id);
      return done;
    },

    async isFavorite(viewer: SessionUser, seriesId: number) {
      const [row] = await db
        .select({ id: favorites.seriesId })
        .from(favorites)
        .where(and(eq(favorites.userId, viewer.userId), eq(favorites.seriesId, seriesId)));
      return { favorited: row !== undefined };
    },

    async myFavorites(viewer: SessionUser, page: Page, lang: Language) {
      const where = and(eq(favorites.userId, viewer.userId), published(viewer.tenantId));
      const { rows, total } = await onePage(
        db,
        db
          .select({ series })
          .from(favorites)
          .innerJoin(series, eq(series.id, favorites.seriesId))
          .where(where)
          .orderBy(desc(favorites.createdAt))
          .$dynamic(),
        page,
        db
          .select({ n: count() })
          .from(favorites)
          .innerJoin(series, eq(series.id, favorites.seriesId))
          .where(where),
      );
      return { list: rows.map((r) => summary(r.series, lang)), total };
    },

    async myLikes(viewer: SessionUser, page: Page, lang: Language) {
      const where = and(eq(likes.userId, viewer.userId), published(viewer.tenantId));
      const { rows, total } = await onePage(
        db,
        db
          .select({ episode: episodes, series })
          .from(likes)
          .innerJoin(episodes, eq(episodes.id, likes.episodeId))
          .innerJoin(series, eq(series.id, episodes.seriesId))
          .where(where)
          .orderBy(desc(likes.createdAt))
          .$dynamic(),
        page,
        db
          .select({ n: count() })
          .from(likes)
          .innerJoin(episodes, eq(episodes.id, likes.episodeId))
          .innerJoin(series, eq(series.id, episodes.seriesId))
          .where(where),
      );
      return { list: await episodeItems(rows, viewer, lang), total };
    },

    /** Keeps the latest progress per user and episode. */
    async addHistory(viewer: SessionUser, seriesId: number, videoId: number, progress: number) {
      const { episode } = await requireEpisode(viewer.tenantId, videoId);
      if (episode.seriesId !== seriesId) throw new AppError('NotFound', { field: 'videoId' });
      const now = clock.now();
      const value = Math.min(progress, episode.duration);
      await db
        .insert(viewHistory)
        .values({ userId: viewer.userId, episodeId: videoId, seriesId, progress: value, updatedAt: now })
        .onConflictDoUpdate({
          target: [viewHistory.userId, viewHistory.episodeId],
          set: { progress: value, updatedAt: now },
        });
    },

    async deleteHistory(viewer: SessionUser, seriesId: number) {
      await db
        .delete(viewHistory)
        .where(and(eq(viewHistory.userId, viewer.userId), eq(viewHistory.seriesId, seriesId)));
    },

    /** One entry per series: the episode watched last and where it stopped, newest first. */
    async history(viewer: SessionUser, page: Page, lang: Language) {
      const latest = db
        .selectDistinctOn([viewHistory.seriesId], {
          seriesId: viewHistory.seriesId,
          episodeId: viewHistory.episodeId,
          progress: viewHistory.progress,
          updatedAt: viewHistory.updatedAt,
        })
        .from(viewHistory)
        .where(eq(viewHistory.userId, viewer.userId))
        .orderBy(viewHistory.seriesId, desc(viewHistory.updatedAt))
        .as('latest');
      const { rows, total } = await onePage(
        db,
        db
          .select({ progress: latest.progress, updatedAt: latest.updatedAt, series, episode: episodes })
          .from(latest)
          .innerJoin(series, eq(series.id, latest.seriesId))
          .innerJoin(episodes, eq(episodes.id, latest.episodeId))
          .where(published(viewer.tenantId))
          .orderBy(desc(latest.updatedAt))
          .$dynamic(),
        page,
        // Counted as the rows are shown: a series withdrawn since is in neither.
        db
          .select({ n: count() })
          .from(latest)
          .innerJoin(series, eq(series.id, latest.seriesId))
          .innerJoin(episodes, eq(episodes.id, latest.episodeId))
          .where(published(viewer.tenantId)),
      );
      return {
        list: rows.map((r) => ({
          series: summary(r.series, lang),
          videoId: r.episode.id,
          number: r.episode.number,
          progress: r.progress,
          duration: r.episode.duration,
          updatedAt: r.updatedAt.toISOString(),
        })),
        total,
      };
    },
  };
}
