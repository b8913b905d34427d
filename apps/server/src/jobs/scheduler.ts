import type { FastifyBaseLogger } from 'fastify';
import type { JobWatcher } from '../http/metrics.js';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs each job every `everyMs` on this instance. Jobs must be idempotent (safe on many instances
 * at once); a run that is still going is not started again. Timers do not hold the process open.
 * The watcher (/metrics) is told of every run, failure and skipped tick.
 */
export function startJobs(
  jobs: readonly Job[],
  log: FastifyBaseLogger,
  watcher?: JobWatcher,
): () => Promise<void> {
  const running = new Map<string, Promise<unknown>>();
  for (const job of jobs) watcher?.scheduled(job.name, job.everyMs);
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (running.has(job.name)) {
        watcher?.skipped(job.name);
        return;
      }
      const started = performance.now();
      const finished = (ok: boolean) => watcher?.finished(job.name, ok, (performance.now() - started) / 1000);
      const run = job
        .run()
        .then((result) => {
          finished(true);
          log.debug({ job: job.name, result }, 'job done');
        })
        .catch((err: unknown) => {
          finished(false);
          log.error({ err, job: job.name }, 'job failed');
        })
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.everyMs).unref(),
  );
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  };
}
