import {
  CONTENT_LIMITS,
  type EpisodeInfo,
  type HomeBuiltinSection,
  isHomeBuiltinSection,
  LANGUAGES,
  type Language,
  type SeriesSummary,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { answerCache } from '../../answer-cache.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import {
  episodes,
  favorites,
  likes,
  type LocalizedText,
  series,
  subtitleTracks,
  viewHistory,
} from '../../db/schema/index.js';
import { onePage, pageOf, type Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { tenantMembership } from '../tenant/membership-settings.js';
import type { SessionUser } from '../../http/actors.js';
import { canWatch, type Entitlements } from './entitlement.js';
import { homeLayout, sectionTitle } from './home-sections.js';
import type { PointsService } from './points.service.js';
import { recentViewers } from './series-viewers.js';
import { createPlayCounter, playViewer } from './play-views.js';
import { LEGACY_PLAYLIST, MASTER_PLAYLIST, type StreamSigner } from './stream-signer.js';
import { subtitleFile } from './subtitle-tracks.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { containsPattern } from '../../db/like.js';
import { rowsOf } from '../../db/rows.js';

type SeriesRow = typeof series.$inferSelect;
type EpisodeRow = typeof episodes.$inferSelect;
/** A page of series rows (as cached: every language), their total. */
interface SeriesPage {
  list: SeriesRow[];
  total: number;
}

export const localize = (text: LocalizedText, lang: Language): string => text[lang] ?? text.en;

/**
 * Tenant-wide catalogue answers (home, series pages, search, a series with its episodes, feed
 * pages) are kept in memory per instance and tenant: every committed console change of the
 * tenant's content forgets them on every instance (app.ts: `catalogChanged`), and they are read
 * again after this in any case (so plays, likes and follows by other viewers show within it).
 */
export const CATALOG_CACHE_TTL_MS = 10_000;
/** The notification (with the tenant's id after it) that a tenant's catalogue changed. */
export const CATALOG_CHANGED = 'catalog:';
/** How often each instance adds the plays it counted to their series (`flushPlays`). */
export const PLAY_COUNT_FLUSH_MS = 5_000;
/** Cached answers per tenant (pages and search words make many keys); the oldest make room. */
export const CATALOG_CACHE_MAX = 5_000;

export interface CatalogDeps {
  db: Db;
  clock: Clock;
  entitlements: Entitlements;
  points: PointsService;
  signer: StreamSigner;
  /** Guests' device ids per address (play-views.ts). */
  limiter: RateLimiter;
}

export function createCatalogService({ db, clock, entitlements, points, signer, limiter }: CatalogDeps) {
  const playCounter = createPlayCounter({ db, clock, limiter });
  const caches = new Map<string, ReturnType<typeof answerCache<unknown>>>();
  /** A tenant-wide answer from this instance's cache (never anything that depends on the viewer). */
  function cached<T>(tenantId: string, key: string, load: () => Promise<T>): Promise<T> {
    let cache = caches.get(tenantId);
    if (!cache) {
      cache = answerCache<unknown>(clock, { ttlMs: CATALOG_CACHE_TTL_MS, max: CATALOG_CACHE_MAX });
      caches.set(tenantId, cache);
    }
    return cache.get(key, load) as Promise<T>;
  }
  /**
   * Plays counted on this instance and not yet added to their series, by series id. A play's
   * only write is its viewer's claim (play-views.ts), never the series' row (plays of one series
   * do not queue on it); `flushPlays` adds them in one update per series (a job every few
   * seconds, and on close).
   */
  const pendingPlays = new Map<number, number>();
  const seriesKey = (seriesId: number) => `series:${seriesId}`;
  /** A series' episodes, and its guest answer in each language, are read again on next ask. */
  const forgetSeries = (tenantId: string, seriesId: number) => {
    const cache = caches.get(tenantId);
    cache?.forget(seriesKey(seriesId));
    LANGUAGES.forEach(({ key }) => cache?.forget(`${seriesKey(seriesId)}:guest:${key}`));
  };

  const summary = (row: SeriesRow, lang: Language): SeriesSummary => ({
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

  const published = (tenantId: string) => and(eq(series.tenantId, tenantId), eq(series.status, 'published'));

  const localizedPage = (page: SeriesPage, lang: Language) => ({
    list: page.list.map((row) => summary(row, lang)),
    total: page.total,
  });

  async function listPage(where: SQL | undefined, order: SQL[], page: Page): Promise<SeriesPage> {
    const { rows, total } = await onePage(
      db,
      db
        .select()
        .from(series)
        .where(where)
        .orderBy(...order)
        .$dynamic(),
      page,
      { from: series, where },
    );
    return { list: rows, total };
  }

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

  // "Hot" and the leader board ("ranking") order by distinct viewers of the last 30 days, read
  // from the analytics rollups (recentViewers, series-viewers.ts), not a counter of plays.
  const viewers = () => desc(recentViewers(series.tenantId, series.id, clock.now()));
  const hotOrder = () => [viewers(), desc(series.favoriteCount), asc(series.id)];
  // The console's positions (sort_order 1, 2, …; 0 = none) come first in "new" and "free".
  const pinned = [sql`${series.sortOrder} = 0`, asc(series.sortOrder)];
  const sectionOrder = (key: HomeBuiltinSection): SQL[] => {
    switch (key) {
      case 'hot':
        return hotOrder();
      case 'new':
        return [...pinned, desc(series.createdAt), desc(series.id)];
      case 'free':
        return [...pinned, desc(series.freeEpisodes), asc(series.id)];
      case 'ranking':
        return [desc(series.favoriteCount), viewers(), asc(series.id)];
    }
  };
  /** The first `n` published series of the tenant in an order (each order has its index). */
  const firstSeries = async (tenantId: string, order: SQL[], n: number): Promise<SeriesRow[]> =>
    db
      .select()
      .from(series)
      .where(published(tenantId))
      .orderBy(...order)
      .limit(n);

  /**
   * The home page of a tenant in every language: each section's first ten series asked of the
   * database in its order (never every series sorted here), banners, categories.
   */
  async function loadHome(tenantId: string) {
    const layout = (await homeLayout(db, tenantId)).sections.filter((section) => section.visible);
    const customIds = [...new Set(layout.flatMap((section) => section.seriesIds))];
    const builtIn = new Map<string, Promise<SeriesRow[]>>();
    const builtInRows = (key: HomeBuiltinSection) => {
      let rows = builtIn.get(key);
      if (!rows) {
        rows = firstSeries(tenantId, sectionOrder(key), 10);
        builtIn.set(key, rows);
      }
      return rows;
    };
    const [sectionRows, placed, chosen, categories] = await Promise.all([
      Promise.all(
        layout.map((section) => {
          if (section.kind === 'custom' || !isHomeBuiltinSection(section.key)) return Promise.resolve([]);
          return builtInRows(section.key);
        }),
      ),
      // Banners: the series the console placed on the carousel, in its order; else the hottest five.
      db
        .select()
        .from(series)
        .where(and(published(tenantId), isNotNull(series.bannerOrder)))
        .orderBy(asc(series.bannerOrder), asc(series.id))
        .limit(CONTENT_LIMITS.maxBanners),
      customIds.length === 0
        ? []
        : db
            .select()
            .from(series)
            .where(and(published(tenantId), inArray(series.id, customIds))),
      // Each distinct category by one probe of series_category_hot_idx (a loose index scan).
      rowsOf<{ category: string }>(
        db,
        sql`with recursive c(category) as (
              select min(category) from series where tenant_id = ${tenantId} and status = 'published'
              union all
              select (select min(s.category) from series s
                      where s.tenant_id = ${tenantId} and s.status = 'published' and s.category > c.category)
              from c where c.category is not null)
            select category from c where category is not null`,
      ),
    ]);
    const banners = placed.length > 0 ? placed : (await builtInRows('hot')).slice(0, 5);
    const chosenById = new Map(chosen.map((r) => [r.id, r]));
    // Custom sections: the chosen series that are published, in their order.
    const sectionSeries = layout.map((section, i) =>
      section.kind === 'custom'
        ? section.seriesIds.flatMap((id) => chosenById.get(id) ?? [])
        : (sectionRows[i] ?? []),
    );
    return {
      banners,
      sections: layout.map((section, i) => ({ section, series: sectionSeries[i] ?? [] })),
      categories: categories.map((c) => c.category).sort(),
    };
  }

  /** The Shorts feed: every episode, series by series (oldest series first), in episode order. */
  async function feedPage(tenantId: string, page: Page, viewer: SessionUser | null, lang: Language) {
    // Without a viewing pass a series shows its free episodes and the first paid one (with the
    // unlock prompt), then the feed moves on to the next series instead of a run of locked ones.
    // The two feeds are cached apart; locks and likes are the viewer's own, merged here.
    const pass = viewer ? await entitlements.hasViewingPass(viewer) : false;
    const where = pass
      ? published(tenantId)
      : and(published(tenantId), sql`${episodes.number} <= ${series.freeEpisodes} + 1`);
    const feed = pass ? 'feed:pass' : 'feed:free';
    const [rows, total] = await Promise.all([
      cached(tenantId, `${feed}:${page.pageNum}:${page.pageSize}`, () =>
        pageOf(
          db
            .select({ episode: episodes, series })
            .from(episodes)
            .innerJoin(series, eq(series.id, episodes.seriesId))
            .where(where)
            // A stable order (plays change the "hot" order all the time), so pages never overlap.
            .orderBy(asc(series.id), asc(episodes.number))
            .$dynamic(),
          page,
        ).then((found) => found),
      ),
      // From the series' episode counts (never counting every episode).
      cached(tenantId, feed, async () => {
        const shown = pass
          ? series.episodeCount
          : sql`least(${series.episodeCount}, ${series.freeEpisodes} + 1)`;
        const [n] = await db
          .select({ n: sql<number>`coalesce(sum(${shown}), 0)`.mapWith(Number) })
          .from(series)
          .where(published(tenantId));
        return n?.n ?? 0;
      }),
    ]);
    return { list: await episodeItems(rows, viewer, lang, pass), total };
  }

  /** A series and its episodes; the viewer's likes, locks, follow and progress asked each time. */
  async function seriesDetail(
    tenantId: string,
    seriesId: number,
    viewer: SessionUser | null,
    lang: Language,
  ) {
    const { row, episodes: eps } = await cached(tenantId, seriesKey(seriesId), async () => {
      const found = await requireSeries(tenantId, seriesId);
      const list = await db
        .select()
        .from(episodes)
        .where(eq(episodes.seriesId, seriesId))
        .orderBy(asc(episodes.number));
      return { row: found, episodes: list };
    });
    const [infos, fav, played] = await Promise.all([
      episodeInfos(
        eps.map((episode) => ({ episode, freeEpisodes: row.freeEpisodes })),
        viewer,
      ),
      viewer
        ? db
            .select({ at: favorites.createdAt })
            .from(favorites)
            .where(and(eq(favorites.userId, viewer.userId), eq(favorites.seriesId, seriesId)))
        : [],
      viewer
        ? db
            .select({
              videoId: viewHistory.episodeId,
              progress: viewHistory.progress,
              number: episodes.number,
            })
            .from(viewHistory)
            .innerJoin(episodes, eq(episodes.id, viewHistory.episodeId))
            .where(and(eq(viewHistory.userId, viewer.userId), eq(viewHistory.seriesId, seriesId)))
            .orderBy(desc(viewHistory.updatedAt))
        : [],
    ]);
    // One row per episode played (at most the series' episodes): the newest is where they stopped.
    const playedIds = new Set(played.map((p) => p.videoId));
    return {
      series: summary(row, lang),
      episodes: infos,
      favorited: fav.length > 0,
      progress: played[0] ?? null,
      watched: eps.filter((e) => playedIds.has(e.id)).map((e) => e.id),
    };
  }

  return {
    /**
     * Forgets the cached answers of a tenant (all tenants without one). Call after a change to its
     * series, episodes, banners or home sections is committed (app.ts's `catalogChanged` also
     * tells the other instances).
     */
    invalidate(tenantId?: string): void {
      if (tenantId === undefined) caches.forEach((cache) => cache.clear());
      else caches.get(tenantId)?.clear();
    },

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

    /** The storage key of an episode's HLS files and its ladder (for the stream route; the signature was checked). */
    /** The storage key of an episode's subtitle file in `language`, or undefined. */
    subtitleKey: async (videoId: number, language: string) => {
      const [row] = await db
        .select({ key: subtitleTracks.storageKey })
        .from(subtitleTracks)
        .where(and(eq(subtitleTracks.episodeId, videoId), eq(subtitleTracks.language, language)));
      return row?.key;
    },

    episodeKey: (videoId: number) =>
      db
        .select({ hlsKey: episodes.hlsKey, renditions: episodes.renditions })
        .from(episodes)
        .where(eq(episodes.id, videoId))
        .limit(1),

    /**
     * Banners, the tenant's sections (in its operators' order, hidden ones left out; built-in ones
     * computed here, custom ones their published series in order) and the categories.
     */
    home(tenantId: string, lang: Language) {
      // Each language's answer is kept too: the same object every time, so the router sends the
      // JSON it made once (answer-cache.ts: shared answers).
      return cached(tenantId, `home:${lang}`, async () => {
        const home = await cached(tenantId, 'home', () => loadHome(tenantId));
        return {
          banners: home.banners.map((row) => summary(row, lang)),
          sections: home.sections.map(({ section, series: list }) => ({
            key: section.key,
            title: sectionTitle(section, lang),
            series: list.map((row) => summary(row, lang)),
          })),
          categories: home.categories,
        };
      });
    },

    async all(tenantId: string, page: Page & { category?: string | undefined }, lang: Language) {
      const key = `all:${page.pageNum}:${page.pageSize}:${page.category ?? ''}`;
      // The query is built only when the cache asks for it (a cached answer is most calls).
      const load = () =>
        listPage(
          page.category ? and(published(tenantId), eq(series.category, page.category)) : published(tenantId),
          hotOrder(),
          page,
        );
      return cached(tenantId, `${key}:${lang}`, async () =>
        localizedPage(await cached(tenantId, key, load), lang),
      );
    },

    async search(tenantId: string, keyword: string, page: Page, lang: Language) {
      const pattern = containsPattern(keyword);
      // Titles and descriptions in every language, tags and category (series.search_text).
      const where = and(published(tenantId), ilike(series.searchText, pattern));
      const key = `search:${page.pageNum}:${page.pageSize}:${keyword}`;
      return localizedPage(await cached(tenantId, key, () => listPage(where, hotOrder(), page)), lang);
    },

    /** A series and its episodes; the viewer's likes, locks, follow and progress asked each time. */
    async detail(tenantId: string, seriesId: number, viewer: SessionUser | null, lang: Language) {
      if (!viewer) {
        const key = `${seriesKey(seriesId)}:guest:${lang}`;
        return cached(tenantId, key, () => seriesDetail(tenantId, seriesId, null, lang));
      }
      return seriesDetail(tenantId, seriesId, viewer, lang);
    },

    /** The Shorts feed: every episode, series by series (oldest series first), in episode order. */
    feed(tenantId: string, page: Page, viewer: SessionUser | null, lang: Language) {
      // A guest's page in each language is one shared answer (nothing in it is a viewer's own).
      if (viewer) return feedPage(tenantId, page, viewer, lang);
      const key = `feed:guest:${page.pageNum}:${page.pageSize}:${lang}`;
      return cached(tenantId, key, () => feedPage(tenantId, page, null, lang));
    },

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

export type CatalogService = ReturnType<typeof createCatalogService>;
