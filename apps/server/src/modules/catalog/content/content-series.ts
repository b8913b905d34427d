import type { AdminSeries, SeriesStatus } from '@dramastar/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { containsPattern } from '../../../db/like.js';
import { onePage } from '../../../db/paging.js';
import { episodes, type LocalizedText, series } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { requireTenant } from '../../tenant/tenant-rows.js';
import { uniqueViewers, viewersSince } from '../play-views.js';
import {
  type Actor,
  checkTenant,
  episodesOf,
  lockSeries,
  type SeriesRow,
  toAdminEpisode,
} from './content-rows.js';

const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'series';

/** Drops empty translations, so the app falls back to English. */
function cleanText(text: { en: string; vn?: string | undefined; id?: string | undefined }): LocalizedText {
  const out: LocalizedText = { en: text.en };
  if (text.vn) out.vn = text.vn;
  if (text.id) out.id = text.id;
  return out;
}

// Qualified by hand: drizzle leaves column names bare here, and a bare "id" would be the episode's.
const episodeCount = sql<number>`(select count(*)::int from ${episodes} e where e.series_id = ${series}.id)`;

/** A series as the console shows it; `viewers`: its unique viewers of the last 30 days (play-views.ts). */
function toAdminSeries(row: SeriesRow, episodeTotal: number, viewers: number): AdminSeries {
  return {
    id: row.id,
    tenantId: row.tenantId,
    slug: row.slug,
    title: row.title,
    description: row.description,
    cover: row.cover,
    tags: row.tags,
    category: row.category,
    status: row.status === 'published' ? 'published' : 'draft',
    freeEpisodes: row.freeEpisodes,
    sortOrder: row.sortOrder,
    bannerOrder: row.bannerOrder,
    episodeCount: episodeTotal,
    playCount: row.playCount,
    viewers,
    favoriteCount: row.favoriteCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The console's series: the list, a series' details, new series, their texts, cover, status and banner. */
export function createContentSeries({ db, clock }: { db: Db; clock: Clock }) {
  /** Each listed series' unique viewers (its counted plays' distinct viewers in 30 days). */
  const viewers = () => uniqueViewers(sql`${series}.id`, viewersSince(clock.now()));

  async function seriesWithCount(tx: DbOrTx, id: number): Promise<AdminSeries> {
    const [row] = await tx
      .select({ s: series, n: episodeCount, v: viewers() })
      .from(series)
      .where(eq(series.id, id));
    if (!row) throw new AppError('NotFound', { field: 'id' });
    return toAdminSeries(row.s, row.n, row.v);
  }

  /** A series by id for a read (404 / 403). */
  async function readSeries(actor: Actor, id: number, field = 'seriesId'): Promise<SeriesRow> {
    const [row] = await db.select().from(series).where(eq(series.id, id));
    if (!row) throw new AppError('NotFound', { field });
    checkTenant(actor, row.tenantId);
    return row;
  }

  return {
    seriesWithCount,
    readSeries,

    async list(filter: {
      tenantIds: string[] | null;
      status?: SeriesStatus | undefined;
      keyword?: string | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.tenantIds) conditions.push(inArray(series.tenantId, filter.tenantIds));
      if (filter.status) conditions.push(eq(series.status, filter.status));
      if (filter.keyword) {
        const p = containsPattern(filter.keyword);
        conditions.push(
          sql`(${series.title}->>'en' ilike ${p} or ${series.title}->>'vn' ilike ${p}
            or ${series.title}->>'id' ilike ${p} or ${series.slug} ilike ${p})`,
        );
      }
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select({ s: series, n: episodeCount, v: viewers() })
          .from(series)
          .where(where)
          .orderBy(
            sql`${series.sortOrder} = 0`,
            asc(series.sortOrder),
            desc(series.createdAt),
            desc(series.id),
          )
          .$dynamic(),
        filter,
        { from: series, where },
      );
      return { list: rows.map((r) => toAdminSeries(r.s, r.n, r.v)), total };
    },

    async detail(actor: Actor, seriesId: number) {
      const row = await readSeries(actor, seriesId);
      const [eps, [seen]] = await Promise.all([
        episodesOf(db, row.id),
        db.select({ v: viewers() }).from(series).where(eq(series.id, row.id)),
      ]);
      return { series: toAdminSeries(row, eps.length, seen?.v ?? 0), episodes: eps.map(toAdminEpisode) };
    },

    /** A draft series; its slug comes from the English title (made unique in the tenant). */
    async create(
      tx: Tx,
      actor: Actor,
      input: {
        tenantId: string;
        title: { en: string; vn?: string | undefined; id?: string | undefined };
        description: { en: string; vn?: string | undefined; id?: string | undefined };
        tags: string[];
        category: string;
        freeEpisodes: number;
        sortOrder: number;
      },
    ): Promise<AdminSeries> {
      checkTenant(actor, input.tenantId);
      await requireTenant(tx, input.tenantId);
      const base = slugify(input.title.en);
      for (let attempt = 0; attempt < 8; attempt++) {
        const slug = attempt === 0 ? base : `${base.slice(0, 52)}-${randomBytes(3).toString('hex')}`;
        const [row] = await tx
          .insert(series)
          .values({
            tenantId: input.tenantId,
            slug,
            title: cleanText(input.title),
            description: cleanText(input.description),
            cover: '',
            tags: input.tags,
            category: input.category,
            status: 'draft',
            freeEpisodes: input.freeEpisodes,
            sortOrder: input.sortOrder,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (row) return toAdminSeries(row, 0, 0);
      }
      throw new Error('no free slug');
    },

    async update(
      tx: Tx,
      actor: Actor,
      input: {
        id: number;
        title?: { en: string; vn?: string | undefined; id?: string | undefined } | undefined;
        description?: { en: string; vn?: string | undefined; id?: string | undefined } | undefined;
        tags?: string[] | undefined;
        category?: string | undefined;
        freeEpisodes?: number | undefined;
        sortOrder?: number | undefined;
      },
    ) {
      const before = await lockSeries(tx, actor, input.id);
      const set: Partial<typeof series.$inferInsert> = { updatedAt: clock.now() };
      if (input.title) set.title = cleanText(input.title);
      if (input.description) set.description = cleanText(input.description);
      if (input.tags) set.tags = input.tags;
      if (input.category !== undefined) set.category = input.category;
      if (input.freeEpisodes !== undefined) set.freeEpisodes = input.freeEpisodes;
      if (input.sortOrder !== undefined) set.sortOrder = input.sortOrder;
      await tx.update(series).set(set).where(eq(series.id, input.id));
      return { before: await seriesWithCount(tx, before.id), row: before };
    },

    async setCover(tx: Tx, actor: Actor, id: number, cover: string) {
      const before = await lockSeries(tx, actor, id);
      await tx.update(series).set({ cover, updatedAt: clock.now() }).where(eq(series.id, id));
      return before;
    },

    /** Publishing needs a ready episode; a series without a cover takes its first episode's poster. */
    async setStatus(tx: Tx, actor: Actor, id: number, status: SeriesStatus) {
      const before = await lockSeries(tx, actor, id);
      const eps = await episodesOf(tx, id);
      if (status === 'published' && eps.length === 0) throw new AppError('SeriesNeedsEpisode');
      const cover = before.cover || eps[0]?.poster || '';
      await tx.update(series).set({ status, cover, updatedAt: clock.now() }).where(eq(series.id, id));
      return before;
    },

    async setBanner(tx: Tx, actor: Actor, id: number, bannerOrder: number | null) {
      const before = await lockSeries(tx, actor, id);
      await tx.update(series).set({ bannerOrder, updatedAt: clock.now() }).where(eq(series.id, id));
      return before;
    },
  };
}
