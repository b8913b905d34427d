import type { SeriesStatus, TranscodeStatus } from '@dramastar/contract';

export const JOB_COLORS: Record<TranscodeStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

export const SERIES_COLORS: Record<SeriesStatus, string> = {
  draft: 'default',
  published: 'green',
};

/** A job is still moving (the console keeps polling while one is). */
export function isActiveJob(job: { status: TranscodeStatus }): boolean {
  return job.status === 'queued' || job.status === 'running';
}
