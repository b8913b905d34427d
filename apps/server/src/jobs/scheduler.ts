import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs each job every `everyMs` on this instance. Jobs must be idempotent (safe on many instances
 * at once); a run that is still going is not started again. Timers do not hold the process open.
 */
export function startJobs(jobs: readonly Job[], log: FastifyBaseLogger): () => Promise<void> {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (running.has(job.name)) return;
      const run = job
        .run()
        .then((result) => log.debug({ job: job.name, result }, 'job done'))
        .catch((err: unknown) => log.error({ err, job: job.name }, 'job failed'))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, job.everyMs).unref(),
  );
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running.values());
  };
}
