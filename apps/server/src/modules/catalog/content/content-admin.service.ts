import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AdminHomeSections, AdminSeries, HomeSectionInput, SeriesStatus } from '@dramastar/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { transcodeJobs } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import type { MediaStorage } from '../../../media/storage.js';
import { subtitleDir } from '../subtitle-tracks.js';
import { type OperatorContext, type OperatorService, tenantScope } from '../../operator/operator.service.js';
import { toJob } from './content-jobs.js';
import { contentKeys, type ContentService, sniffVideo } from './content.service.js';
import type { SubtitleService } from './subtitles.service.js';

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of createReadStream(path, { start: 0, end: bytes - 1 })) {
    chunks.push(chunk as Buffer);
    total += (chunk as Buffer).length;
    if (total >= bytes) break;
  }
  return Buffer.concat(chunks);
}

/** Presigned PUT addresses live this long: enough to start a large upload, not to keep one. */
const UPLOAD_URL_SECONDS = 15 * 60;

/** The limits an episode upload is read with (the one file, a few fields). */
export interface UploadLimits {
  fileSize: number;
  files: 1;
  fields: 10;
}

/** An uploaded multipart file as the request hands it over (`truncated`: cut at `fileSize`). */
export interface UploadedPart {
  fieldname: string;
  file: NodeJS.ReadableStream & { truncated: boolean };
}

/**
 * The console's content calls as units of work: each change and its audit entry (naming the
 * series, the episode or the tenant) in one transaction, the tenant's cached catalogue answers
 * forgotten once it commits; uploads (multipart, streamed to a file, or PUT directly to the store)
 * queue a transcoding job. The rules themselves are content.service.ts's and subtitles.service.ts's.
 */
export function createContentAdmin(deps: {
  db: Db;
  operators: Pick<OperatorService, 'audited'>;
  content: ContentService;
  subtitles: SubtitleService;
  storage: MediaStorage;
  /** Largest accepted video upload in bytes. */
  videoMaxBytes: number;
  /** Nudges this instance's transcoding worker after an upload (when the worker runs here). */
  kick?: (() => void) | undefined;
  /** Told after each committed change of a tenant's content (cached catalogue answers go). */
  catalogChanged?: ((tenantId: string) => Promise<void>) | undefined;
}) {
  const { db, operators, content } = deps;

  /**
   * A change and its audit entry in one transaction; the entry names the series. Once committed,
   * the tenant's cached catalogue answers are forgotten on every instance.
   */
  const audited = async <T>(
    operator: OperatorContext,
    action: string,
    change: (
      tx: Tx,
    ) => Promise<{ tenantId: string; target: string; before?: unknown; after: unknown; result: T }>,
  ) => {
    const done = await operators.audited(operator, change, (made) => ({
      tenantId: made.tenantId,
      action,
      target: made.target,
      before: made.before,
      after: made.after,
    }));
    await deps.catalogChanged?.(done.tenantId);
    return done.result;
  };

  /** A series change whose answer is the series after it. */
  const seriesChange = (
    operator: OperatorContext,
    action: string,
    id: number,
    change: (tx: Tx) => Promise<unknown>,
  ) =>
    audited(operator, action, async (tx) => {
      const before = await content.seriesWithCount(tx, id).catch(() => undefined);
      await change(tx);
      const after = await content.seriesWithCount(tx, id);
      return { tenantId: after.tenantId, target: `series:${id}`, before, after, result: after };
    });

  /** A subtitle change and its audit entry (target `episode:<id>`) in one transaction. */
  const subtitleChange =
    (operator: OperatorContext, action: string) =>
    <T>(
      made: (
        tx: Tx,
      ) => Promise<{ tenantId: string; target: string; before: unknown; after: unknown; result: T }>,
    ) =>
      audited(operator, action, made);

  /** Queues the transcoding of an original already in the store (removed again if that fails). */
  async function queueUpload(
    operator: OperatorContext,
    target: { seriesId: number; episodeId?: number | undefined },
    sourceDir: string,
  ) {
    try {
      const job = await audited(operator, 'episode.upload', async (tx) => {
        const row = await content.queueJob(tx, operator, {
          seriesId: target.seriesId,
          episodeId: target.episodeId,
          sourceKey: `${sourceDir}/source`,
        });
        const after = toJob(row);
        return { tenantId: row.tenantId, target: `series:${row.seriesId}`, after, result: after };
      });
      deps.kick?.();
      return job;
    } catch (error) {
      await deps.storage.remove(sourceDir).catch(() => undefined);
      throw error;
    }
  }

  return {
    createSeries: (operator: OperatorContext, input: Parameters<ContentService['create']>[2]) =>
      audited(operator, 'series.create', async (tx) => {
        const after = await content.create(tx, operator, input);
        return { tenantId: after.tenantId, target: `series:${after.id}`, after, result: after };
      }),

    updateSeries: (operator: OperatorContext, input: Parameters<ContentService['update']>[2]) =>
      seriesChange(operator, 'series.update', input.id, (tx) => content.update(tx, operator, input)),

    /** The picture goes to the store first, then the series takes it. */
    async uploadCover(operator: OperatorContext, id: number, image: string): Promise<AdminSeries> {
      const target = await content.readSeries(operator, id, 'id');
      const cover = await content.storeCover(target, image);
      return seriesChange(operator, 'series.cover', id, (tx) => content.setCover(tx, operator, id, cover));
    },

    setStatus: (operator: OperatorContext, id: number, status: SeriesStatus) =>
      seriesChange(operator, status === 'published' ? 'series.publish' : 'series.unpublish', id, (tx) =>
        content.setStatus(tx, operator, id, status),
      ),

    setBanner: (operator: OperatorContext, id: number, bannerOrder: number | null) =>
      seriesChange(operator, 'series.banner', id, (tx) => content.setBanner(tx, operator, id, bannerOrder)),

    reorderEpisodes: (operator: OperatorContext, seriesId: number, episodeIds: number[]) =>
      audited(operator, 'episode.reorder', async (tx) => {
        const { before, after } = await content.reorder(tx, operator, seriesId, episodeIds);
        const owner = await content.seriesWithCount(tx, seriesId);
        return {
          tenantId: owner.tenantId,
          target: `series:${seriesId}`,
          before: before.map((e) => ({ id: e.id, number: e.number })),
          after: after.map((e) => ({ id: e.id, number: e.number })),
          result: { episodes: after },
        };
      }),

    /** Deletes the episode; once committed its media and subtitle files go (best effort). */
    async deleteEpisode(operator: OperatorContext, episodeId: number) {
      const { result, deleted, tenantId } = await audited(operator, 'episode.delete', async (tx) => {
        const done = await content.deleteEpisode(tx, operator, episodeId);
        return {
          tenantId: done.series.tenantId,
          target: `series:${done.series.id}`,
          before: done.deleted,
          after: done.after.map((e) => ({ id: e.id, number: e.number })),
          result: { result: { episodes: done.after }, deleted: done.deleted, tenantId: done.series.tenantId },
        };
      });
      await content.removeOwnMedia([deleted.hlsKey, deleted.poster]);
      // Its subtitle rows went with it (cascade); their files go now.
      await deps.storage.remove(subtitleDir(tenantId, deleted.id)).catch(() => undefined);
      return result;
    },

    uploadSubtitle: (operator: OperatorContext, input: Parameters<SubtitleService['upload']>[1]) =>
      deps.subtitles.upload(operator, input, subtitleChange(operator, 'subtitle.save')),

    deleteSubtitle: (operator: OperatorContext, input: Parameters<SubtitleService['remove']>[1]) =>
      deps.subtitles.remove(operator, input, subtitleChange(operator, 'subtitle.delete')),

    saveHomeSections: (
      operator: OperatorContext,
      tenantId: string,
      sections: HomeSectionInput[],
    ): Promise<AdminHomeSections> =>
      audited(operator, 'home.sections', async (tx) => {
        const { before, after } = await content.saveHomeSections(tx, operator, tenantId, sections);
        return { tenantId, target: `tenant:${tenantId}`, before, after, result: after };
      }),

    /** Transcoding jobs (of one series when asked: 404/403 first, as for its other calls). */
    async jobs(
      operator: OperatorContext,
      query: Omit<Parameters<ContentService['jobs']>[0], 'tenantIds'> & { tenantId?: string | undefined },
    ) {
      if (query.seriesId !== undefined) await content.readSeries(operator, query.seriesId);
      return content.jobs({ ...query, tenantIds: tenantScope(operator, query.tenantId) });
    },

    /** Where the browser PUTs a large original itself (object storage only; else `direct: false`). */
    async uploadUrl(
      operator: OperatorContext,
      input: { seriesId: number; size: number; contentType: string },
    ) {
      await content.readSeries(operator, input.seriesId);
      if (input.size > deps.videoMaxBytes) throw new AppError('PayloadTooLarge', { field: 'size' });
      if (!deps.storage.presignPut) return { direct: false, url: null, key: null, expiresAt: null };
      const key = `${contentKeys.upload()}/source`;
      const url = await deps.storage.presignPut(key, {
        contentType: input.contentType,
        contentLength: input.size,
        expiresIn: UPLOAD_URL_SECONDS,
      });
      return { direct: true, url, key, expiresAt: Date.now() + UPLOAD_URL_SECONDS * 1000 };
    },

    /** A directly PUT original: checked by its first bytes, then queued (once per key). */
    async uploadDone(
      operator: OperatorContext,
      input: { seriesId: number; episodeId?: number | undefined; key: string },
    ) {
      await content.readSeries(operator, input.seriesId);
      if (!deps.storage.presignPut) throw new AppError('VideoInvalid', { status: 400, field: 'key' });
      // The first bytes decide, as for a multipart upload; absent (never PUT) is the same refusal.
      const head = await deps.storage.read(input.key, 'bytes=0-15');
      let bytes = Buffer.alloc(0);
      if (head)
        for await (const chunk of head.body as AsyncIterable<Buffer>) bytes = Buffer.concat([bytes, chunk]);
      if (!sniffVideo(bytes)) {
        if (head) await deps.storage.remove(dirname(input.key)).catch(() => undefined);
        throw new AppError('VideoInvalid', { status: 400, field: 'key' });
      }
      const [taken] = await db
        .select({ id: transcodeJobs.id })
        .from(transcodeJobs)
        .where(eq(transcodeJobs.sourceKey, input.key))
        .limit(1);
      if (taken) throw new AppError('VideoInvalid', { status: 400, field: 'key' });
      return queueUpload(operator, input, dirname(input.key));
    },

    /**
     * A multipart upload: the series is checked before the file is read (`readFile` answers
     * nothing when the request is not multipart); the file is streamed to a temporary file,
     * sniffed, put in the store, then queued.
     */
    async uploadEpisode(
      operator: OperatorContext,
      target: { seriesId: number; episodeId?: number | undefined },
      readFile: (limits: UploadLimits) => Promise<UploadedPart | undefined>,
    ) {
      // Refusals that need no file come before the upload is read.
      await content.readSeries(operator, target.seriesId);
      const part = await readFile({ fileSize: deps.videoMaxBytes, files: 1, fields: 10 });
      if (!part || part.fieldname !== 'file')
        throw new AppError('VideoInvalid', { status: 400, field: 'file' });
      const work = await mkdtemp(join(tmpdir(), 'ds-upload-'));
      let sourceDir: string;
      try {
        const file = join(work, 'source');
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) throw new AppError('PayloadTooLarge', { field: 'file' });
        if (!sniffVideo(await readHead(file, 16)))
          throw new AppError('VideoInvalid', { status: 400, field: 'file' });
        sourceDir = contentKeys.upload();
        // Streamed from the temporary file into the store (object storage: one PUT, never in memory).
        await deps.storage.putFile(file, `${sourceDir}/source`);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      return queueUpload(operator, target, sourceDir);
    },
  };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
