import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type {} from '@fastify/multipart';
import { adminContentApi } from '@dramastar/contract';
import { eq } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- still to move into a service (issue 42): uploads' units of work
import type { Db, Tx } from '../../db/client.js';
// eslint-disable-next-line no-restricted-imports -- still to move into a service (issue 42): the transcode jobs an upload queues
import { transcodeJobs } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Router } from '../../http/route.js';
import type { MediaStorage } from '../../media/storage.js';
import { type OperatorContext, type OperatorService, tenantScope } from '../operator/operator.service.js';
import { subtitleDir } from '../catalog/subtitle-tracks.js';
import { contentKeys, type ContentService, sniffVideo, toJob } from './content.service.js';
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

/**
 * The console's Content calls (/admin-api/content/*): series, cover, publishing, banners, home
 * sections, episode uploads (multipart, streamed to a file, then a transcoding job), reorder and delete.
 * Every change writes its audit entry in the transaction of the change.
 */
export function contentRoutes(
  router: Router,
  deps: {
    db: Db;
    operators: OperatorService;
    content: ContentService;
    subtitles: SubtitleService;
    storage: MediaStorage;
    /** Largest accepted video upload in bytes. */
    videoMaxBytes: number;
    /** Nudges this instance's transcoding worker after an upload (when the worker runs here). */
    kick?: (() => void) | undefined;
    /** Told after each committed change of a tenant's content (cached catalogue answers go). */
    catalogChanged?: ((tenantId: string) => Promise<void>) | undefined;
  },
): void {
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

  router.operator(adminContentApi.series, ({ operator, query }) =>
    content.list({ ...query, tenantIds: tenantScope(operator, query.tenantId) }),
  );

  router.operator(adminContentApi.seriesDetail, ({ operator, query }) =>
    content.detail(operator, query.seriesId),
  );

  router.operator(adminContentApi.createSeries, ({ operator, body }) =>
    audited(operator, 'series.create', async (tx) => {
      const after = await content.create(tx, operator, body);
      return { tenantId: after.tenantId, target: `series:${after.id}`, after, result: after };
    }),
  );

  router.operator(adminContentApi.updateSeries, ({ operator, body }) =>
    seriesChange(operator, 'series.update', body.id, (tx) => content.update(tx, operator, body)),
  );

  router.operator(adminContentApi.uploadCover, async ({ operator, body }) => {
    const target = await content.readSeries(operator, body.id, 'id');
    const cover = await content.storeCover(target, body.image);
    return seriesChange(operator, 'series.cover', body.id, (tx) =>
      content.setCover(tx, operator, body.id, cover),
    );
  });

  router.operator(adminContentApi.setSeriesStatus, ({ operator, body }) =>
    seriesChange(
      operator,
      body.status === 'published' ? 'series.publish' : 'series.unpublish',
      body.id,
      (tx) => content.setStatus(tx, operator, body.id, body.status),
    ),
  );

  router.operator(adminContentApi.setBanner, ({ operator, body }) =>
    seriesChange(operator, 'series.banner', body.id, (tx) =>
      content.setBanner(tx, operator, body.id, body.bannerOrder),
    ),
  );

  router.operator(adminContentApi.reorderEpisodes, ({ operator, body }) =>
    audited(operator, 'episode.reorder', async (tx) => {
      const { before, after } = await content.reorder(tx, operator, body.seriesId, body.episodeIds);
      const owner = await content.seriesWithCount(tx, body.seriesId);
      return {
        tenantId: owner.tenantId,
        target: `series:${body.seriesId}`,
        before: before.map((e) => ({ id: e.id, number: e.number })),
        after: after.map((e) => ({ id: e.id, number: e.number })),
        result: { episodes: after },
      };
    }),
  );

  router.operator(adminContentApi.deleteEpisode, async ({ operator, body }) => {
    const { result, deleted, tenantId } = await audited(operator, 'episode.delete', async (tx) => {
      const done = await content.deleteEpisode(tx, operator, body.episodeId);
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

  router.operator(adminContentApi.subtitles, ({ operator, body }) =>
    deps.subtitles.list(operator, body.episodeId),
  );

  router.operator(adminContentApi.checkSubtitle, async ({ body }) => deps.subtitles.checkText(body.text));

  router.operator(adminContentApi.uploadSubtitle, ({ operator, body }) =>
    deps.subtitles.upload(operator, body, subtitleChange(operator, 'subtitle.save')),
  );

  router.operator(adminContentApi.subtitlePreview, ({ operator, body }) =>
    deps.subtitles.preview(operator, body.episodeId, body.language),
  );

  router.operator(adminContentApi.deleteSubtitle, ({ operator, body }) =>
    deps.subtitles.remove(operator, body, subtitleChange(operator, 'subtitle.delete')),
  );

  router.operator(adminContentApi.homeSections, ({ operator, query }) =>
    content.homeSections(operator, query.tenantId),
  );

  router.operator(adminContentApi.saveHomeSections, ({ operator, body }) =>
    audited(operator, 'home.sections', async (tx) => {
      const { before, after } = await content.saveHomeSections(tx, operator, body.tenantId, body.sections);
      return { tenantId: body.tenantId, target: `tenant:${body.tenantId}`, before, after, result: after };
    }),
  );

  router.operator(adminContentApi.sectionSeries, ({ operator, query }) =>
    content.sectionSeries(operator, query.tenantId),
  );

  router.operator(adminContentApi.jobs, async ({ operator, query }) => {
    if (query.seriesId !== undefined) await content.readSeries(operator, query.seriesId);
    return content.jobs({ ...query, tenantIds: tenantScope(operator, query.tenantId) });
  });

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

  /** Presigned PUT addresses live this long: enough to start a large upload, not to keep one. */
  const UPLOAD_URL_SECONDS = 15 * 60;

  router.operator(adminContentApi.uploadUrl, async ({ operator, body }) => {
    await content.readSeries(operator, body.seriesId);
    if (body.size > deps.videoMaxBytes) throw new AppError('PayloadTooLarge', { field: 'size' });
    if (!deps.storage.presignPut) return { direct: false, url: null, key: null, expiresAt: null };
    const key = `${contentKeys.upload()}/source`;
    const url = await deps.storage.presignPut(key, {
      contentType: body.contentType,
      contentLength: body.size,
      expiresIn: UPLOAD_URL_SECONDS,
    });
    return { direct: true, url, key, expiresAt: Date.now() + UPLOAD_URL_SECONDS * 1000 };
  });

  router.operator(adminContentApi.uploadDone, async ({ operator, body }) => {
    await content.readSeries(operator, body.seriesId);
    if (!deps.storage.presignPut) throw new AppError('VideoInvalid', { status: 400, field: 'key' });
    // The first bytes decide, as for a multipart upload; absent (never PUT) is the same refusal.
    const head = await deps.storage.read(body.key, 'bytes=0-15');
    let bytes = Buffer.alloc(0);
    if (head)
      for await (const chunk of head.body as AsyncIterable<Buffer>) bytes = Buffer.concat([bytes, chunk]);
    if (!sniffVideo(bytes)) {
      if (head) await deps.storage.remove(dirname(body.key)).catch(() => undefined);
      throw new AppError('VideoInvalid', { status: 400, field: 'key' });
    }
    const [taken] = await db
      .select({ id: transcodeJobs.id })
      .from(transcodeJobs)
      .where(eq(transcodeJobs.sourceKey, body.key))
      .limit(1);
    if (taken) throw new AppError('VideoInvalid', { status: 400, field: 'key' });
    return queueUpload(operator, body, dirname(body.key));
  });

  router.operator(adminContentApi.uploadEpisode, async ({ operator, query, req }) => {
    // Refusals that need no file come before the upload is read.
    await content.readSeries(operator, query.seriesId);
    if (!req.isMultipart()) throw new AppError('VideoInvalid', { status: 400, field: 'file' });
    const part = await req.file({
      limits: { fileSize: deps.videoMaxBytes, files: 1, fields: 10 },
      throwFileSizeLimit: false,
    });
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
    return queueUpload(operator, query, sourceDir);
  });
}
