import {
  CONTENT_LIMITS,
  type EpisodeInfo,
  type HomeBuiltinSection,
  isHomeBuiltinSection,
  type Language,
  type SeriesSummary,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import {
  episodes,
  favorites,
  likes,
  type LocalizedText,
  series,
  viewHistory,
} from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { tenantMembership } from '../membership/membership.service.js';
import type { SessionUser } from '../auth/session.service.js';
import { canWatch, type Entitlements } from './entitlement.js';
import { type HomeSectionLayout, homeLayout, sectionTitle } from './home-sections.js';
import type { PointsService } from './points.service.js';
import type { StreamSigner } from './stream-signer.js';
import { containsPattern } from '../../db/like.js';

type SeriesRow = typeof series.$inferSelect;
type EpisodeRow = typeof episodes.$inferSelect;
interface Page {
  pageNum: number;
  pageSize: number;
}

export const localize = (text: LocalizedText, lang: Language): string => text[lang] ?? text.en;

/** Escapes LIKE wildcards so a search for "50%" looks for "50%". */

export interface CatalogDeps {
  db: Db;
  clock: Clock;
  entitlements: Entitlements;
  points: PointsService;
  signer: StreamSigner;
}

export function createCatalogService({ db, clock, entitlements, points, signer }: CatalogDeps) {
  const summary = (row: SeriesRow, episodeCount: number, lang: Language): SeriesSummary => ({
    id: row.id,
    title: localize(row.title, lang),
    description: localize(row.description, lang),
    cover: row.cover,
    tags: row.tags,
    category: row.category,
    episodeCount,
    freeEpisodes: row.freeEpisodes,
    favoriteCount: row.favoriteCount,
    likeCount: row.likeCount,
    playCount: row.playCount,
  });

  const published = (tenantId: string) => and(eq(series.tenantId, tenantId), eq(series.status, 'published'));

  /** Series rows as summaries, in the order given, with their episode counts. */
  async function summaries(rows: SeriesRow[], lang: Language): Promise<SeriesSummary[]> {
    if (rows.length === 0) return [];
    const counts = await db
      .select({ seriesId: episodes.seriesId, n: count() })
      .from(episodes)
      .where(
        inArray(
          episodes.seriesId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(episodes.seriesId);
    const byId = new Map(counts.map((c) => [c.seriesId, c.n]));
    return rows.map((r) => summary(r, byId.get(r.id) ?? 0, lang));
  }

  async function listPage(where: SQL | undefined, order: SQL[], page: Page, lang: Language) {
    const rows = await db
      .select()
      .from(series)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize);
    const [total] = await db.select({ n: count() }).from(series).where(where);
    return { list: await summaries(rows, lang), total: total?.n ?? 0 };
  }

  async function likedSet(viewer: SessionUser | null, episodeIds: number[]): Promise<Set<number>> {
    if (!viewer || episodeIds.length === 0) return new Set();
    const rows = await db
      .select({ id: likes.episodeId })
      .from(likes)
      .where(and(eq(likes.userId, viewer.userId), inArray(likes.episodeId, episodeIds)));
    return new Set(rows.map((r) => r.id));
  }

  async function episodeInfos(
    rows: { episode: EpisodeRow; freeEpisodes: number }[],
    viewer: SessionUser | null,
  ): Promise<EpisodeInfo[]> {
    const liked = await likedSet(
      viewer,
      rows.map((r) => r.episode.id),
    );
    const pass = viewer ? await entitlements.hasViewingPass(viewer) : false;
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
  ) {
    const seriesRows = [...new Map(rows.map((r) => [r.series.id, r.series])).values()];
    const seriesById = new Map((await summaries(seriesRows, lang)).map((s) => [s.id, s]));
    const infos = await episodeInfos(
      rows.map((r) => ({ episode: r.episode, freeEpisodes: r.series.freeEpisodes })),
      viewer,
    );
    return infos.flatMap((episode) => {
      const s = seriesById.get(episode.seriesId);
      return s ? [{ series: s, episode }] : [];
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

  const hot = [desc(series.playCount), desc(series.favoriteCount), asc(series.id)];

  return {
    /** The storage key of an episode's HLS files (for the stream route; the signature was checked). */
    episodeKey: (videoId: number) =>
      db.select({ hlsKey: episodes.hlsKey }).from(episodes).where(eq(episodes.id, videoId)).limit(1),

    /**
     * Banners, the tenant's sections (in its operators' order, hidden ones left out; built-in ones
     * computed here, custom ones their published series in order) and the categories.
     */
    async home(tenantId: string, lang: Language) {
      const rows = await db.select().from(series).where(published(tenantId));
      const layout = await homeLayout(db, tenantId);
      const all = await summaries(rows, lang);
      const byId = new Map(all.map((s) => [s.id, s]));
      const sorted = (compare: (a: SeriesRow, b: SeriesRow) => number) =>
        [...rows]
          .sort(compare)
          .flatMap((r) => byId.get(r.id) ?? [])
          .slice(0, 10);
      const hotOrder = (a: SeriesRow, b: SeriesRow) =>
        b.playCount - a.playCount || b.favoriteCount - a.favoriteCount || a.id - b.id;
      // The console's positions (sort_order 1, 2, …; 0 = none) come first in "new" and "free".
      const pinned = (a: SeriesRow, b: SeriesRow) =>
        (a.sortOrder === 0 ? 1 : 0) - (b.sortOrder === 0 ? 1 : 0) || a.sortOrder - b.sortOrder;
      const builtIn: Record<HomeBuiltinSection, () => SeriesSummary[]> = {
        hot: () => sorted(hotOrder),
        new: () =>
          sorted((a, b) => pinned(a, b) || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id),
        free: () => sorted((a, b) => pinned(a, b) || b.freeEpisodes - a.freeEpisodes || a.id - b.id),
        ranking: () => sorted((a, b) => b.favoriteCount - a.favoriteCount || hotOrder(a, b)),
      };
      const seriesOf = (section: HomeSectionLayout): SeriesSummary[] => {
        // Custom: the chosen series that are published (byId holds only those), in their order.
        if (section.kind === 'custom') return section.seriesIds.flatMap((id) => byId.get(id) ?? []);
        return isHomeBuiltinSection(section.key) ? builtIn[section.key]() : [];
      };
      // Banners: the series the console placed on the carousel, in its order; else the hottest five.
      const placed = rows
        .filter((r) => r.bannerOrder !== null)
        .sort((a, b) => (a.bannerOrder ?? 0) - (b.bannerOrder ?? 0) || a.id - b.id)
        .flatMap((r) => byId.get(r.id) ?? [])
        .slice(0, CONTENT_LIMITS.maxBanners);
      return {
        banners: placed.length > 0 ? placed : sorted(hotOrder).slice(0, 5),
        sections: layout.sections
          .filter((section) => section.visible)
          .map((section) => ({
            key: section.key,
            title: sectionTitle(section, lang),
            series: seriesOf(section),
          })),
        categories: [...new Set(rows.map((r) => r.category))].sort(),
      };
    },

    all(tenantId: string, page: Page & { category?: string | undefined }, lang: Language) {
      const where = page.category
        ? and(published(tenantId), eq(series.category, page.category))
        : published(tenantId);
      return listPage(where, hot, page, lang);
    },

    search(tenantId: string, keyword: string, page: Page, lang: Language) {
      const pattern = containsPattern(keyword);
      const where = and(
        published(tenantId),
        sql`(${series.title}->>'en' ilike ${pattern} or ${series.title}->>'vn' ilike ${pattern}
          or ${series.title}->>'id' ilike ${pattern} or ${series.description}->>'en' ilike ${pattern}
          or ${series.description}->>'vn' ilike ${pattern} or ${series.description}->>'id' ilike ${pattern}
          or ${series.tags}::text ilike ${pattern} or ${series.category} ilike ${pattern})`,
      );
      return listPage(where, hot, page, lang);
    },

    async detail(tenantId: string, seriesId: number, viewer: SessionUser | null, lang: Language) {
      const row = await requireSeries(tenantId, seriesId);
      const eps = await db
        .select()
        .from(episodes)
        .where(eq(episodes.seriesId, seriesId))
        .orderBy(asc(episodes.number));
      const [fav] = viewer
        ? await db
            .select({ at: favorites.createdAt })
            .from(favorites)
            .where(and(eq(favorites.userId, viewer.userId), eq(favorites.seriesId, seriesId)))
        : [];
      const [last] = viewer
        ? await db
            .select({
              videoId: viewHistory.episodeId,
              progress: viewHistory.progress,
              number: episodes.number,
            })
            .from(viewHistory)
            .innerJoin(episodes, eq(episodes.id, viewHistory.episodeId))
            .where(and(eq(viewHistory.userId, viewer.userId), eq(viewHistory.seriesId, seriesId)))
            .orderBy(desc(viewHistory.updatedAt))
            .limit(1)
        : [];
      return {
        series: summary(row, eps.length, lang),
        episodes: await episodeInfos(
          eps.map((episode) => ({ episode, freeEpisodes: row.freeEpisodes })),
          viewer,
        ),
        favorited: fav !== undefined,
        progress: last ?? null,
      };
    },

    /** The Shorts feed: every episode, series by series (hottest first), in episode order. */
    async feed(tenantId: string, page: Page, viewer: SessionUser | null, lang: Language) {
      // Without a viewing pass a series shows its free episodes and the first paid one (with the
      // unlock prompt), then the feed moves on to the next series instead of a run of locked ones.
      const pass = viewer ? await entitlements.hasViewingPass(viewer) : false;
      const where = pass
        ? published(tenantId)
        : and(published(tenantId), sql`${episodes.number} <= ${series.freeEpisodes} + 1`);
      const rows = await db
        .select({ episode: episodes, series })
        .from(episodes)
        .innerJoin(series, eq(series.id, episodes.seriesId))
        .where(where)
        // A stable order (plays change the "hot" order all the time), so pages never overlap.
        .orderBy(asc(series.id), asc(episodes.number))
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(episodes)
        .innerJoin(series, eq(series.id, episodes.seriesId))
        .where(where);
      return {
        list: await episodeItems(rows, viewer, lang),
        total: total?.n ?? 0,
      };
    },

    /**
     * Signs the playlist address of an episode the viewer may play (409 EpisodeLocked otherwise),
     * counts the play, and pays the tenant's paid-episode points the first time a user plays a paid episode.
     */
    async play(tenantId: string, videoId: number, viewer: SessionUser | null) {
      const { episode, series: s } = await requireEpisode(tenantId, videoId);
      const access = { number: episode.number, freeEpisodes: s.freeEpisodes };
      if (!(await canWatch(entitlements, viewer, access))) {
        throw new AppError('EpisodeLocked', {
          data: { seriesId: s.id, number: episode.number, freeEpisodes: s.freeEpisodes },
        });
      }
      await withTransaction(db, async (tx) => {
        await tx
          .update(series)
          .set({ playCount: sql`${series.playCount} + 1` })
          .where(eq(series.id, s.id));
        if (viewer && episode.number > s.freeEpisodes) {
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
        }
      });
      const signed = signer.url(episode.id, viewer?.userId ?? 0n, clock.now());
      return { videoId: episode.id, playlistUrl: signed.url, expiresAt: signed.expiresAt.toISOString() };
    },

    /** Follows or unfollows a series; idempotent, and the count moves only when the row did. */
    async setFavorite(viewer: SessionUser, seriesId: number, on: boolean) {
      await requireSeries(viewer.tenantId, seriesId);
      return withTransaction(db, async (tx) => {
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
    },

    async setLike(viewer: SessionUser, videoId: number, on: boolean) {
      const { series: s } = await requireEpisode(viewer.tenantId, videoId);
      return withTransaction(db, async (tx) => {
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
    },

    async isFavorite(viewer: SessionUser, seriesId: number) {
      const [row] = await db
        .select({ id: favorites.seriesId })
        .from(favorites)
        .where(and(eq(favorites.userId, viewer.userId), eq(favorites.seriesId, seriesId)));
      return { favorited: row !== undefined };
    },

    async myFavorites(viewer: SessionUser, page: Page, lang: Language) {
      const rows = await db
        .select({ series })
        .from(favorites)
        .innerJoin(series, eq(series.id, favorites.seriesId))
        .where(and(eq(favorites.userId, viewer.userId), published(viewer.tenantId)))
        .orderBy(desc(favorites.createdAt))
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(favorites)
        .innerJoin(series, eq(series.id, favorites.seriesId))
        .where(and(eq(favorites.userId, viewer.userId), published(viewer.tenantId)));
      return {
        list: await summaries(
          rows.map((r) => r.series),
          lang,
        ),
        total: total?.n ?? 0,
      };
    },

    async myLikes(viewer: SessionUser, page: Page, lang: Language) {
      const where = and(eq(likes.userId, viewer.userId), published(viewer.tenantId));
      const rows = await db
        .select({ episode: episodes, series })
        .from(likes)
        .innerJoin(episodes, eq(episodes.id, likes.episodeId))
        .innerJoin(series, eq(series.id, episodes.seriesId))
        .where(where)
        .orderBy(desc(likes.createdAt))
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(likes)
        .innerJoin(episodes, eq(episodes.id, likes.episodeId))
        .innerJoin(series, eq(series.id, episodes.seriesId))
        .where(where);
      return {
        list: await episodeItems(rows, viewer, lang),
        total: total?.n ?? 0,
      };
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
      const rows = await db
        .select({ progress: latest.progress, updatedAt: latest.updatedAt, series, episode: episodes })
        .from(latest)
        .innerJoin(series, eq(series.id, latest.seriesId))
        .innerJoin(episodes, eq(episodes.id, latest.episodeId))
        .where(published(viewer.tenantId))
        .orderBy(desc(latest.updatedAt))
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize);
      const [total] = await db
        .select({ n: sql<number>`count(distinct ${viewHistory.seriesId})`.mapWith(Number) })
        .from(viewHistory)
        .where(eq(viewHistory.userId, viewer.userId));
      const seriesRows = [...new Map(rows.map((r) => [r.series.id, r.series])).values()];
      const seriesById = new Map((await summaries(seriesRows, lang)).map((s) => [s.id, s]));
      return {
        list: rows.flatMap((r) => {
          const s = seriesById.get(r.series.id);
          return s
            ? [
                {
                  series: s,
                  videoId: r.episode.id,
                  number: r.episode.number,
                  progress: r.progress,
                  duration: r.episode.duration,
                  updatedAt: r.updatedAt.toISOString(),
                },
              ]
            : [];
        }),
        total: total?.n ?? 0,
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
