import {
  CONTENT_LIMITS,
  type HomeBuiltinSection,
  isHomeBuiltinSection,
  type Language,
} from '@dramastar/contract';
import { and, asc, desc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { episodes, favorites, series, viewHistory } from '../../db/schema/index.js';
import { onePage, pageOf, type Page } from '../../db/paging.js';
import type { SessionUser } from '../../http/actors.js';
import { containsPattern } from '../../db/like.js';
import { rowsOf } from '../../db/rows.js';
import type { Entitlements } from './entitlement.js';
import { homeLayout, sectionTitle } from './home-sections.js';
import { type CatalogCache, seriesKey } from './catalog-cache.js';
import { type CatalogRows, published, type RecentViewers, type SeriesRow, summary } from './catalog-rows.js';

/** A page of series rows (as cached: every language), their total. */
interface SeriesPage {
  list: SeriesRow[];
  total: number;
}

/**
 * Browsing the catalogue: the home page, the series pages, search, a series with its episodes and
 * the Shorts feed. Tenant-wide answers come from the instance's cache (catalog-cache.ts); what is
 * the viewer's own (likes, locks, follow, progress) is asked each time and merged in.
 */
export function createCatalogBrowseService({
  db,
  clock,
  entitlements,
  cache,
  rows: { episodeInfos, episodeItems, requireSeries },
  recentViewers,
}: {
  db: Db;
  clock: Clock;
  entitlements: Entitlements;
  cache: CatalogCache;
  rows: CatalogRows;
  recentViewers: RecentViewers;
}) {
  const { cached } = cache;
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

  // "Hot" and the leader board ("ranking") order by distinct viewers of the last 30 days, read
  // from the analytics rollups (recentViewers, analytics/series-viewers.ts), not a counter of plays.
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
  };
}
