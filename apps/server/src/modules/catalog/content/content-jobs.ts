import type { TranscodeJob, TranscodeStatus } from '@dramastar/contract';
import { aliasedTable, and, count, desc, eq, gt, inArray, max, notExists, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../../clock.js';
import type { Db, DbOrTx, Tx } from '../../../db/client.js';
import { onePage } from '../../../db/paging.js';
import { episodes, transcodeJobs } from '../../../db/schema/index.js';
import { AppError } from '../../../http/errors.js';
import { type Actor, lockSeries } from './content-rows.js';

type JobRow = typeof transcodeJobs.$inferSelect;

/** A transcoding job as the console shows it. */
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

/** The transcoding jobs uploads make (transcode.worker.ts runs them): queued here, and listed. */
export function createContentJobs({ db, clock }: { db: Db; clock: Clock }) {
  return {
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
  };
}

/**
 * How many uploads within `scope` (null: every tenant) failed and were not uploaded again since:
 * failed jobs with no later job for the same episode.
 */
export async function failedTranscodes(db: DbOrTx, scope: string[] | null): Promise<number> {
  const j = transcodeJobs;
  const later = aliasedTable(transcodeJobs, 'later');
  const [row] = await db
    .select({ n: count() })
    .from(j)
    .where(
      and(
        eq(j.status, 'failed'),
        scope ? inArray(j.tenantId, scope) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(
              and(
                eq(later.seriesId, j.seriesId),
                eq(later.episodeNumber, j.episodeNumber),
                gt(later.id, j.id),
              ),
            ),
        ),
      ),
    );
  return row?.n ?? 0;
}
