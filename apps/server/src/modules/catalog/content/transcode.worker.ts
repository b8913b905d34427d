import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db } from '../../../db/client.js';
import { episodes, series, transcodeJobs } from '../../../db/schema/index.js';
import { withTransaction } from '../../../db/tx.js';
import { FFPROBE, run } from '../../../media/ffmpeg.js';
import { type PackagedEpisode, packageEpisode } from '../../../media/hls.js';
import type { MediaStorage } from '../../../media/storage.js';
import { contentKeys } from './content.service.js';

type JobRow = typeof transcodeJobs.$inferSelect;

/** A failure that trying again cannot fix (the file is not a video, the episode is gone). */
export class PermanentJobError extends Error {}

/** A failed run waits this long, times its run number, before it is tried again. */
export const RETRY_AFTER_MS = 10_000;

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * True when a run failed because the object store (or the database) could not be reached, or
 * answered 5xx: not the job's fault, so the run does not count against its attempts.
 */
export function storeUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, name, $metadata } = e as {
      code?: unknown;
      name?: unknown;
      $metadata?: { httpStatusCode?: number };
    };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (name === 'TimeoutError') return true;
    if (($metadata?.httpStatusCode ?? 0) >= 500) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** What a job does with its source: the HLS ladder + poster under the keys, reporting 0..1. */
export type Transcoder = (
  source: string,
  storage: MediaStorage,
  keys: { hlsKey: string; posterKey: string },
  options: { duration: number; onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<PackagedEpisode>;

export interface TranscodeWorkerOptions {
  db: Db;
  clock: Clock;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  /** How long a claim holds without renewal; a job whose lease ran out is claimed again. */
  leaseMs?: number;
  /** How often a running job writes its progress and renews its lease. */
  heartbeatMs?: number;
  /** First run plus retries (2 retries by default). */
  maxAttempts?: number;
  transcode?: Transcoder;
  /** Told (after the commit) that a tenant's episodes changed, so cached catalogue answers go. */
  catalogChanged?: (tenantId: string) => Promise<void>;
}

/** Duration and whether there is a video stream, by ffprobe; throws PermanentJobError otherwise. */
export async function probeVideo(file: string): Promise<number> {
  let out: string;
  try {
    out = await run(FFPROBE, [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type',
      '-of',
      'json',
      file,
    ]);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n').slice(-2).join(' ').slice(-200) : '';
    throw new PermanentJobError(`The file is not a readable video (${detail.trim()})`);
  }
  const info = JSON.parse(out) as { streams?: { codec_type?: string }[]; format?: { duration?: string } };
  if (!info.streams?.some((s) => s.codec_type === 'video'))
    throw new PermanentJobError('The file has no video stream');
  const duration = Number.parseFloat(info.format?.duration ?? '');
  if (!Number.isFinite(duration) || duration <= 0) throw new PermanentJobError('The video has no duration');
  return duration;
}

/**
 * Runs transcoding jobs. Any instance may: a job is claimed in a transaction with
 * `FOR UPDATE SKIP LOCKED` (queued ones, or running ones whose lease ran out because their
 * instance stopped), its lease renewed while ffmpeg runs, and every later write is fenced by
 * status and attempt number, so a worker that lost its claim cannot overwrite the new owner.
 * A failed job is queued again up to `maxAttempts` runs, each after a wait (`RETRY_AFTER_MS` times
 * the runs so far; the wait is kept in `lease_until` while queued); one that cannot succeed fails
 * at once. A run that failed because the store or the database could not be reached does not
 * count: the job waits `RETRY_AFTER_MS` and is tried again, however long the outage lasts.
 */
export function createTranscodeWorker(options: TranscodeWorkerOptions) {
  const { db, clock, storage, log } = options;
  const leaseMs = options.leaseMs ?? 60_000;
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const transcode: Transcoder = options.transcode ?? packageEpisode;
  let stopping: AbortController | null = null;
  let current: AbortController | null = null;
  let draining: Promise<void> | null = null;
  const wanted = { again: false };
  const lookAgain = () => wanted.again && !stopping?.signal.aborted;

  const leaseEnd = () => new Date(clock.now().getTime() + leaseMs);
  const mine = (job: JobRow) =>
    and(
      eq(transcodeJobs.id, job.id),
      eq(transcodeJobs.status, 'running'),
      eq(transcodeJobs.attempts, job.attempts),
    );

  /** Claims the oldest claimable job, or answers null. */
  async function claim(): Promise<JobRow | null> {
    for (;;) {
      const claimed = await claimOne();
      if (claimed !== 'again') return claimed;
    }
  }

  async function claimOne(): Promise<JobRow | null | 'again'> {
    return withTransaction(db, async (tx) => {
      const now = clock.now();
      const [row] = await tx
        .select()
        .from(transcodeJobs)
        .where(
          or(
            // Queued, and not waiting before a retry.
            and(
              eq(transcodeJobs.status, 'queued'),
              or(isNull(transcodeJobs.leaseUntil), lte(transcodeJobs.leaseUntil, now)),
            ),
            and(eq(transcodeJobs.status, 'running'), lt(transcodeJobs.leaseUntil, now)),
          ),
        )
        .orderBy(asc(transcodeJobs.createdAt), asc(transcodeJobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      if (row.attempts >= maxAttempts) {
        // Its last run's instance stopped for good in the middle.
        await tx
          .update(transcodeJobs)
          .set({
            status: 'failed',
            error: row.error ?? 'The transcoding stopped and was tried too often',
            leaseUntil: null,
            updatedAt: now,
          })
          .where(eq(transcodeJobs.id, row.id));
        return 'again';
      }
      const [claimed] = await tx
        .update(transcodeJobs)
        .set({
          status: 'running',
          attempts: row.attempts + 1,
          progress: 0,
          leaseUntil: leaseEnd(),
          updatedAt: now,
        })
        .where(eq(transcodeJobs.id, row.id))
        .returning();
      return claimed ?? null;
    });
  }

  /** Progress and lease in one fenced write; false when the claim is lost. */
  async function heartbeat(job: JobRow, progress: number): Promise<boolean> {
    const rows = await db
      .update(transcodeJobs)
      .set({ progress, leaseUntil: leaseEnd(), updatedAt: clock.now() })
      .where(mine(job))
      .returning({ id: transcodeJobs.id });
    return rows.length > 0;
  }

  async function process(job: JobRow, signal: AbortSignal): Promise<void> {
    // Object storage: the original comes down to a temporary file first (ffmpeg reads files).
    const local = storage.localPath(job.sourceKey);
    const scratch = local ? null : await mkdtemp(join(tmpdir(), 'ds-original-'));
    try {
      const source = local ?? join(scratch ?? '', 'source');
      if (!local) {
        if (!(await storage.exists(job.sourceKey)))
          throw new PermanentJobError('The uploaded file is not in the store');
        await storage.download(job.sourceKey, source);
      }
      await transcodeFrom(job, signal, source);
    } finally {
      if (scratch) await rm(scratch, { recursive: true, force: true });
    }
  }

  async function transcodeFrom(job: JobRow, signal: AbortSignal, source: string): Promise<void> {
    const duration = await probeVideo(source);
    const keys = {
      hlsKey: contentKeys.hls(job.tenantId, job.seriesId, job.id),
      posterKey: contentKeys.poster(job.tenantId, job.seriesId, job.id),
    };
    let latest = 0;
    let written = 0;
    const lost = new AbortController();
    const both = AbortSignal.any([signal, lost.signal]);
    const timer = setInterval(() => {
      // Encoding is 95% of the work; the poster and the copy into the store the rest.
      const progress = Math.round(latest * 0.95 * 1000) / 1000;
      void heartbeat(job, Math.max(progress, written)).then(
        (ok) => {
          written = Math.max(progress, written);
          if (!ok) lost.abort();
        },
        (err: unknown) => log.warn({ err, job: job.id }, 'transcode heartbeat failed'),
      );
    }, heartbeatMs);
    let packaged: PackagedEpisode;
    try {
      packaged = await transcode(source, storage, keys, {
        duration,
        onProgress: (f) => (latest = f),
        signal: both,
      });
    } finally {
      clearInterval(timer);
    }
    if (lost.signal.aborted) throw new Error('lost the claim on the job');
    const poster = `/media/${keys.posterKey}/poster.jpg`;
    const replaced = await withTransaction(db, async (tx) => {
      const [still] = await tx.select().from(transcodeJobs).where(mine(job)).for('update');
      if (!still) throw new Error('lost the claim on the job');
      const [owner] = await tx.select().from(series).where(eq(series.id, job.seriesId)).for('update');
      if (!owner) throw new PermanentJobError('The series was deleted');
      const now = clock.now();
      let number = job.episodeNumber;
      let old: { hlsKey: string; poster: string } | null = null;
      if (job.episodeId !== null) {
        const [episode] = await tx.select().from(episodes).where(eq(episodes.id, job.episodeId));
        if (!episode || episode.seriesId !== owner.id)
          throw new PermanentJobError('The episode to replace was deleted');
        old = { hlsKey: episode.hlsKey, poster: episode.poster };
        number = episode.number;
        await tx
          .update(episodes)
          .set({ hlsKey: keys.hlsKey, poster, duration: packaged.duration, renditions: packaged.renditions })
          .where(eq(episodes.id, episode.id));
      } else {
        // The number is given when the episode is ready, so uploads finishing out of order leave no gap.
        const [last] = await tx
          .select({ n: max(episodes.number) })
          .from(episodes)
          .where(eq(episodes.seriesId, owner.id));
        number = (last?.n ?? 0) + 1;
        await tx.insert(episodes).values({
          seriesId: owner.id,
          number,
          duration: packaged.duration,
          poster,
          hlsKey: keys.hlsKey,
          renditions: packaged.renditions,
          createdAt: now,
        });
      }
      await tx
        .update(series)
        .set({ updatedAt: now, ...(owner.cover ? {} : { cover: poster }) })
        .where(eq(series.id, owner.id));
      await tx
        .update(transcodeJobs)
        .set({
          status: 'done',
          progress: 1,
          error: null,
          episodeNumber: number,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(eq(transcodeJobs.id, job.id));
      return old;
    });
    await options
      .catalogChanged?.(job.tenantId)
      .catch((err: unknown) => log.warn({ err, job: job.id }, 'transcode: cannot announce the new episode'));
    await storage.remove(dirname(job.sourceKey)).catch(() => undefined);
    if (replaced) {
      // Only the console's own files: demo media is shared by every tenant's rows.
      if (replaced.hlsKey.startsWith('hls/content/') && replaced.hlsKey !== keys.hlsKey)
        await storage.remove(replaced.hlsKey).catch(() => undefined);
      const posterKey = /^\/media\/(posters\/content\/.+)\/poster\.jpg$/.exec(replaced.poster)?.[1];
      if (posterKey && posterKey !== keys.posterKey) await storage.remove(posterKey).catch(() => undefined);
    }
  }

  /** After a failed run: queued again while attempts remain (and the failure is not permanent). */
  async function settleFailure(job: JobRow, error: unknown, aborted: boolean): Promise<void> {
    const now = clock.now();
    if (aborted) {
      // This instance is stopping: the run does not count, another instance takes it.
      await db
        .update(transcodeJobs)
        .set({
          status: 'queued',
          attempts: sql`${transcodeJobs.attempts} - 1`,
          leaseUntil: null,
          progress: 0,
          updatedAt: now,
        })
        .where(mine(job));
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    if (!(error instanceof PermanentJobError) && storeUnreachable(error)) {
      // The store or the database was away: the run does not count, the job waits and is tried again.
      await db
        .update(transcodeJobs)
        .set({
          status: 'queued',
          attempts: sql`${transcodeJobs.attempts} - 1`,
          error: message,
          leaseUntil: new Date(now.getTime() + RETRY_AFTER_MS),
          progress: 0,
          updatedAt: now,
        })
        .where(mine(job));
      log.warn({ job: job.id, error: message }, 'transcode: the store could not be reached; trying again');
      return;
    }
    const final = error instanceof PermanentJobError || job.attempts >= maxAttempts;
    const rows = await db
      .update(transcodeJobs)
      .set({
        status: final ? 'failed' : 'queued',
        error: message,
        // Queued again: not before a wait that grows with each run.
        leaseUntil: final ? null : new Date(now.getTime() + RETRY_AFTER_MS * job.attempts),
        updatedAt: now,
      })
      .where(mine(job))
      .returning({ id: transcodeJobs.id });
    if (final && rows.length > 0) {
      await storage.remove(dirname(job.sourceKey)).catch(() => undefined);
      await storage.remove(contentKeys.hls(job.tenantId, job.seriesId, job.id)).catch(() => undefined);
      await storage.remove(contentKeys.poster(job.tenantId, job.seriesId, job.id)).catch(() => undefined);
    }
    log.warn({ job: job.id, attempt: job.attempts, final, error: message }, 'transcode job failed');
  }

  /** Claims and runs one job; answers its outcome, or 'idle' when nothing was waiting. */
  async function runOnce(): Promise<'idle' | 'done' | 'failed'> {
    if (stopping?.signal.aborted) return 'idle';
    const job = await claim();
    if (!job) return 'idle';
    const controller = new AbortController();
    current = controller;
    try {
      await process(job, controller.signal);
      log.info({ job: job.id, series: job.seriesId }, 'transcode job done');
      return 'done';
    } catch (error) {
      await settleFailure(job, error, controller.signal.aborted);
      return 'failed';
    } finally {
      current = null;
    }
  }

  return {
    runOnce,
    /** The queue across every instance (for /metrics): jobs waiting, running, the oldest wait. */
    async queue(): Promise<{ queued: number; running: number; oldestQueuedSeconds: number }> {
      const [row] = await db
        .select({
          queued: sql<number>`count(*) filter (where ${transcodeJobs.status} = 'queued')`.mapWith(Number),
          running: sql<number>`count(*) filter (where ${transcodeJobs.status} = 'running')`.mapWith(Number),
          oldest:
            sql<Date | null>`min(${transcodeJobs.createdAt}) filter (where ${transcodeJobs.status} = 'queued')`.mapWith(
              transcodeJobs.createdAt,
            ),
        })
        .from(transcodeJobs)
        .where(inArray(transcodeJobs.status, ['queued', 'running']));
      const oldest = row?.oldest ?? null;
      return {
        queued: row?.queued ?? 0,
        running: row?.running ?? 0,
        oldestQueuedSeconds: oldest ? Math.max(0, (clock.now().getTime() - oldest.getTime()) / 1000) : 0,
      };
    },
    /** Runs jobs until none is waiting; a call while draining makes the drain look once more. */
    drain(): Promise<void> {
      if (draining) {
        wanted.again = true;
        return draining;
      }
      draining = (async () => {
        try {
          do {
            wanted.again = false;
            while ((await runOnce()) !== 'idle');
          } while (lookAgain());
        } finally {
          draining = null;
        }
      })();
      return draining;
    },
    /** Stops the running ffmpeg and hands its job back to the queue. */
    async stop(): Promise<void> {
      stopping = new AbortController();
      stopping.abort();
      current?.abort();
      await draining?.catch(() => undefined);
    },
  };
}

export type TranscodeWorker = ReturnType<typeof createTranscodeWorker>;
