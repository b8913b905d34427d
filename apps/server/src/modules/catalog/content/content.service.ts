import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AdminEpisode,
  type AdminHomeSections,
  type AdminSeries,
  CONTENT_LIMITS,
  type HomeSectionInput,
  type SectionSeriesOption,
  type SeriesStatus,
  type TranscodeJob,
  type TranscodeStatus,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { onePage } from '../../../db/paging.js';
import {
  episodes,
  homeSections,
  type LocalizedText,
  series,
  transcodeJobs,
} from '../../../db/schema/index.js';
import { requireTenant } from '../../tenant/tenant-rows.js';
import { AppError } from '../../../http/errors.js';
import { readPicture } from '../../../media/image.js';
import { joinKey, type MediaStorage } from '../../../media/storage.js';
import { containsPattern } from '../../../db/like.js';
import { cleanSectionTitle, homeLayout, sectionKind } from '../home-sections.js';
import { uniqueViewers, viewersSince } from '../play-views.js';

type SeriesRow = typeof series.$inferSelect;
type EpisodeRow = typeof episodes.$inferSelect;
type JobRow = typeof transcodeJobs.$inferSelect;

/** The operator's tenants (null = all) and, for audit entries, who acts. */
export interface Actor {
  tenantIds: string[] | null;
}

/** Media keys made by the console (never the demo's shared ones): safe to delete when replaced. */
export const CONTENT_MEDIA_PREFIX = 'content';

export const contentKeys = {
  hls: (tenantId: string, seriesId: number, jobId: number) =>
    joinKey('hls', CONTENT_MEDIA_PREFIX, tenantId, seriesId, jobId),
  poster: (tenantId: string, seriesId: number, jobId: number) =>
    joinKey('posters', CONTENT_MEDIA_PREFIX, tenantId, seriesId, jobId),
  cover: (tenantId: string, seriesId: number, hash: string) =>
    joinKey('covers', CONTENT_MEDIA_PREFIX, tenantId, `${seriesId}-${hash}`),
  /** Uploaded sources wait here (random, never listed) until their job is over. */
  upload: () => joinKey('uploads', randomBytes(16).toString('hex')),
};

/** The storage key of a /media path, when it is one of the console's own files. */
export function ownMediaKey(path: string): string | null {
  const match = /^\/media\/((?:hls|posters|covers)\/content\/.+)\/[^/]+$/.exec(path);
  return match?.[1] ?? null;
}

/**
 * Video containers by their first bytes: MP4 and MOV are ISO base media files (an `ftyp` box
 * first, or for old QuickTime files a `moov`/`mdat`/`wide`/`free` atom); WebM is EBML.
 */
export function sniffVideo(head: Buffer): 'mp4' | 'webm' | null {
  if (head.length >= 8) {
    const box = head.subarray(4, 8).toString('latin1');
    if (['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return 'mp4';
  }
  if (head.length >= 4 && head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'webm';
  return null;
}

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

export function toAdminEpisode(row: EpisodeRow): AdminEpisode {
  return {
    id: row.id,
    number: row.number,
    duration: row.duration,
    poster: row.poster,
    createdAt: row.createdAt.toISOString(),
    renditions: row.renditions.map((r) => ({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: Math.round(r.bandwidth),
      averageBandwidth: Math.round(r.averageBandwidth),
    })),
  };
}

export function toJob(row: JobRow): TranscodeJob {
  return {
    id: row.id,
    tenantId: row.tenantId,
    seriesId: row.seriesId,
    episodeNumber: row.episodeNumber,
    episodeId: row.episodeId,
    status: row.status,
    progress: row.progress,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
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

/** The most series a custom section's picker offers. */
export const SECTION_SERIES_OPTIONS_MAX = 1000;

/** A tenant's home sections as the console shows them (the defaults when none are stored). */
async function adminHomeSections(tx: DbOrTx, tenantId: string): Promise<AdminHomeSections> {
  const layout = await homeLayout(tx, tenantId);
  return {
    tenantId,
    isDefault: layout.isDefault,
    sections: layout.sections.map((s) => ({
      key: s.key,
      kind: s.kind,
      visible: s.visible,
      title: { ...s.title, en: s.title.en ?? '' },
      seriesIds: s.seriesIds,
    })),
    updatedAt: layout.updatedAt?.toISOString() ?? null,
  };
}

/** 403 when the record's tenant is outside the operator's. */
export function checkTenant(actor: Actor, tenantId: string): void {
  if (actor.tenantIds && !actor.tenantIds.includes(tenantId)) throw new AppError('Forbidden');
}

/**
 * The console's content rules: series (texts, cover, order, banner, publishing), episodes
 * (reorder, delete) and the transcoding jobs uploads make. Changing methods take the transaction
 * of the caller, who writes the audit entry in it.
 */
export function createContentService(deps: { db: Db; clock: Clock; storage: MediaStorage }) {
  const { db, clock, storage } = deps;

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

  /** The series row, locked for the change, after the tenant check (404 / 403). */
  async function lockSeries(tx: Tx, actor: Actor, id: number, field = 'id'): Promise<SeriesRow> {
    const [row] = await tx.select().from(series).where(eq(series.id, id)).for('update');
    if (!row) throw new AppError('NotFound', { field });
    checkTenant(actor, row.tenantId);
    return row;
  }

  async function episodesOf(tx: DbOrTx, seriesId: number): Promise<EpisodeRow[]> {
    return tx.select().from(episodes).where(eq(episodes.seriesId, seriesId)).orderBy(asc(episodes.number));
  }

  /**
   * Gives the episodes numbers 1…n in the order of `ids`. Numbers are unique per series and
   * checked row by row, so they move through negative values first.
   */
  async function renumber(tx: Tx, seriesId: number, ids: number[]): Promise<void> {
    const before = await tx
      .select({ id: episodes.id, number: episodes.number })
      .from(episodes)
      .where(eq(episodes.seriesId, seriesId));
    await tx
      .update(episodes)
      .set({ number: sql`-${episodes.number} - 1` })
      .where(eq(episodes.seriesId, seriesId));
    for (const [index, id] of ids.entries()) {
      await tx
        .update(episodes)
        .set({ number: index + 1 })
        .where(and(eq(episodes.id, id), eq(episodes.seriesId, seriesId)));
    }
    // Finished uploads follow their episode's new number (the transcoding list names it): moved
    // aside first, then each set from its old number, so no chain of renumbers collides.
    const done = and(eq(transcodeJobs.seriesId, seriesId), eq(transcodeJobs.status, 'done'));
    await tx
      .update(transcodeJobs)
      .set({ episodeNumber: sql`-${transcodeJobs.episodeNumber} - 1` })
      .where(and(done, sql`${transcodeJobs.episodeNumber} > 0`));
    for (const [index, id] of ids.entries()) {
      const old = before.find((e) => e.id === id)?.number;
      if (old === undefined) continue;
      await tx
        .update(transcodeJobs)
        .set({ episodeNumber: index + 1 })
        .where(and(done, eq(transcodeJobs.episodeNumber, -old - 1)));
    }
    // A deleted episode's uploads keep the number it had.
    await tx
      .update(transcodeJobs)
      .set({ episodeNumber: sql`-${transcodeJobs.episodeNumber} - 1` })
      .where(and(done, sql`${transcodeJobs.episodeNumber} < 0`));
  }

  return {
    seriesWithCount,
    lockSeries,

    /** A series by id for a read (404 / 403). */
    async readSeries(actor: Actor, id: number, field = 'seriesId'): Promise<SeriesRow> {
      const [row] = await db.select().from(series).where(eq(series.id, id));
      if (!row) throw new AppError('NotFound', { field });
      checkTenant(actor, row.tenantId);
      return row;
    },

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
      const row = await this.readSeries(actor, seriesId);
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

    /**
     * Checks and stores a cover (outside any transaction: files are not transactional); answers
     * its /media path. JPEG, PNG or WebP by their bytes, matching the declared type, ≤ 2 MB, and
     * within the pictures' dimensions by its header (every user's browser decodes it).
     */
    async storeCover(target: SeriesRow, dataUrl: string): Promise<string> {
      const { bytes, kind } = await readPicture(dataUrl, CONTENT_LIMITS.coverMaxBytes);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      const key = contentKeys.cover(target.tenantId, target.id, hash);
      const work = await mkdtemp(join(tmpdir(), 'ds-cover-'));
      try {
        await writeFile(join(work, `cover.${kind}`), bytes);
        await storage.putDirectory(work, key);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      return `/media/${key}/cover.${kind}`;
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

    async reorder(tx: Tx, actor: Actor, seriesId: number, ids: number[]) {
      await lockSeries(tx, actor, seriesId, 'seriesId');
      const before = await episodesOf(tx, seriesId);
      const known = new Set(before.map((e) => e.id));
      if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((i) => !known.has(i))) {
        throw new AppError('EpisodeOrderMismatch', { status: 400, field: 'episodeIds' });
      }
      await renumber(tx, seriesId, ids);
      return {
        before: before.map(toAdminEpisode),
        after: (await episodesOf(tx, seriesId)).map(toAdminEpisode),
      };
    },

    /** Deletes an episode and closes the gap; a published series keeps at least one. */
    async deleteEpisode(tx: Tx, actor: Actor, episodeId: number) {
      const [found] = await tx.select().from(episodes).where(eq(episodes.id, episodeId));
      if (!found) throw new AppError('NotFound', { field: 'episodeId' });
      const owner = await lockSeries(tx, actor, found.seriesId, 'episodeId');
      const before = await episodesOf(tx, owner.id);
      const episode = before.find((e) => e.id === episodeId);
      if (!episode) throw new AppError('NotFound', { field: 'episodeId' });
      if (owner.status === 'published' && before.length <= 1) throw new AppError('SeriesNeedsEpisode');
      await tx.delete(episodes).where(eq(episodes.id, episodeId));
      await renumber(
        tx,
        owner.id,
        before.filter((e) => e.id !== episodeId).map((e) => e.id),
      );
      await tx.update(series).set({ updatedAt: clock.now() }).where(eq(series.id, owner.id));
      return {
        series: owner,
        deleted: episode,
        after: (await episodesOf(tx, owner.id)).map(toAdminEpisode),
      };
    },

    /** The job an upload makes: a new episode (the next number for now) or a replacement. */
    async queueJob(
      tx: Tx,
      actor: Actor & { id: bigint },
      input: { seriesId: number; episodeId?: number | undefined; sourceKey: string },
    ): Promise<JobRow> {
      const owner = await lockSeries(tx, actor, input.seriesId, 'seriesId');
      let number: number;
      if (input.episodeId !== undefined) {
        const [episode] = await tx
          .select()
          .from(episodes)
          .where(and(eq(episodes.id, input.episodeId), eq(episodes.seriesId, owner.id)));
        if (!episode) throw new AppError('NotFound', { field: 'episodeId' });
        number = episode.number;
      } else {
        const [last] = await tx
          .select({ n: max(episodes.number) })
          .from(episodes)
          .where(eq(episodes.seriesId, owner.id));
        const [waiting] = await tx
          .select({ n: count() })
          .from(transcodeJobs)
          .where(
            and(
              eq(transcodeJobs.seriesId, owner.id),
              sql`${transcodeJobs.episodeId} is null`,
              inArray(transcodeJobs.status, ['queued', 'running']),
            ),
          );
        number = (last?.n ?? 0) + (waiting?.n ?? 0) + 1;
      }
      const now = clock.now();
      const [job] = await tx
        .insert(transcodeJobs)
        .values({
          tenantId: owner.tenantId,
          seriesId: owner.id,
          episodeNumber: number,
          episodeId: input.episodeId ?? null,
          sourceKey: input.sourceKey,
          status: 'queued',
          progress: 0,
          attempts: 0,
          operatorId: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!job) throw new Error('job not saved');
      return job;
    },

    async jobs(filter: {
      tenantIds: string[] | null;
      seriesId?: number | undefined;
      status?: TranscodeStatus | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.tenantIds) conditions.push(inArray(transcodeJobs.tenantId, filter.tenantIds));
      if (filter.seriesId !== undefined) conditions.push(eq(transcodeJobs.seriesId, filter.seriesId));
      if (filter.status) conditions.push(eq(transcodeJobs.status, filter.status));
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(transcodeJobs)
          .where(where)
          .orderBy(desc(transcodeJobs.createdAt), desc(transcodeJobs.id))
          .$dynamic(),
        filter,
        { from: transcodeJobs, where },
      );
      return { list: rows.map(toJob), total };
    },

    /** The tenant's home sections (404 TenantNotFound for an unknown tenant, 403 outside the operator's). */
    async homeSections(actor: Actor, tenantId: string): Promise<AdminHomeSections> {
      checkTenant(actor, tenantId);
      await requireTenant(db, tenantId);
      return adminHomeSections(db, tenantId);
    },

    /**
     * Replaces the tenant's home sections with `sections` (their order is their position). The
     * list's shape was checked by the contract (built-in keys present, keys unique, titles and
     * series counts); here every series id must be one of the tenant's series (400 naming it).
     * Saves of one tenant queue on its row, so two at once never interleave.
     */
    async saveHomeSections(tx: Tx, actor: Actor, tenantId: string, sections: HomeSectionInput[]) {
      checkTenant(actor, tenantId);
      await requireTenant(tx, tenantId, true);
      const before = await adminHomeSections(tx, tenantId);
      const wanted = [...new Set(sections.flatMap((s) => s.seriesIds))];
      const known = new Set(
        wanted.length === 0
          ? []
          : (
              await tx
                .select({ id: series.id })
                .from(series)
                .where(and(eq(series.tenantId, tenantId), inArray(series.id, wanted)))
            ).map((r) => r.id),
      );
      sections.forEach((section, i) => {
        section.seriesIds.forEach((seriesId, j) => {
          if (!known.has(seriesId))
            throw new AppError('HomeSectionSeriesUnknown', {
              status: 400,
              field: `sections.${i}.seriesIds.${j}`,
            });
        });
      });
      const now = clock.now();
      await tx.delete(homeSections).where(eq(homeSections.tenantId, tenantId));
      await tx.insert(homeSections).values(
        sections.map((section, i) => {
          const kind = sectionKind(section.key);
          return {
            tenantId,
            key: section.key,
            kind,
            title: cleanSectionTitle(section.title),
            position: i + 1,
            visible: section.visible,
            seriesIds: kind === 'custom' ? section.seriesIds : [],
            updatedAt: now,
          };
        }),
      );
      return { before, after: await adminHomeSections(tx, tenantId) };
    },

    /** The tenant's series for a custom section's picker: drafts too, by English title. */
    async sectionSeries(actor: Actor, tenantId: string): Promise<{ list: SectionSeriesOption[] }> {
      checkTenant(actor, tenantId);
      await requireTenant(db, tenantId);
      const rows = await db
        .select()
        .from(series)
        .where(eq(series.tenantId, tenantId))
        .orderBy(sql`${series.title}->>'en'`, asc(series.id))
        .limit(SECTION_SERIES_OPTIONS_MAX);
      return {
        list: rows.map((r) => ({
          id: r.id,
          title: r.title,
          status: r.status === 'published' ? 'published' : 'draft',
          cover: r.cover,
        })),
      };
    },

    /** Best-effort removal of the console's own media (never the demo's shared files). */
    async removeOwnMedia(paths: string[]): Promise<void> {
      for (const path of paths) {
        const key = ownMediaKey(path) ?? (path.startsWith(`hls/${CONTENT_MEDIA_PREFIX}/`) ? path : null);
        if (key) await storage.remove(key).catch(() => undefined);
      }
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
