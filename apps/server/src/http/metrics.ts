import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { AppError } from './errors.js';
import { isLocalClient } from './loopback.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** What the transcoding queue holds now (the content module answers it). */
export interface TranscodeQueue {
  queued: number;
  running: number;
  /** Age of the oldest queued job; 0 when none waits. */
  oldestQueuedSeconds: number;
}

/** Told by the job scheduler (jobs/scheduler.ts) what its jobs do on this instance. */
export interface JobWatcher {
  scheduled(name: string, everyMs: number): void;
  /** A tick came while the previous run was still going: the job fell behind. */
  skipped(name: string): void;
  finished(name: string, ok: boolean, seconds: number): void;
}

export interface Metrics {
  registry: Registry;
  jobs: JobWatcher;
  /** A payment provider's callback was refused (bad signature, unknown order, …). */
  webhookRefused(provider: string, reason: string): void;
  /** Sources read when scraped: the transcoding queue (each scrape) and the ledger's invariants (cached). */
  watch(sources: {
    transcodeQueue?: () => Promise<TranscodeQueue>;
    ledgerViolations?: () => Promise<string[]>;
  }): void;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: /metrics wants `Authorization: Bearer <token>`; without one, clients on this machine only. */
  token: string | undefined;
  database: Pick<Database, 'poolStats'>;
  /** The ledger's invariants are checked at most this often per instance (0: never); scrapes read the last result. */
  ledgerCheckIntervalMs: number;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Requests no route matched (the web app's pages, unknown paths): one label, not their URLs. */
const UNMATCHED = '(unmatched)';

/** A label value in the Prometheus text format. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

interface RouteStats {
  /** Answers by status. */
  statuses: Map<number, number>;
  /** Answers per latency bucket (not cumulative; the last is above every bound). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `http_requests_total` (method, route, status) and `http_request_duration_seconds` (method,
 * route; LATENCY_BUCKETS), kept per route pattern and method (a bounded set) and written in the
 * Prometheus text format as prom-client writes them.
 */
export function httpStats() {
  const byRoute = new Map<string, Map<string, RouteStats>>();
  return {
    record(method: string, route: string, status: number, seconds: number): void {
      let methods = byRoute.get(route);
      if (!methods) {
        methods = new Map<string, RouteStats>();
        byRoute.set(route, methods);
      }
      let stats = methods.get(method);
      if (!stats) {
        stats = { statuses: new Map(), buckets: LATENCY_BUCKETS.map(() => 0).concat(0), sum: 0, count: 0 };
        methods.set(method, stats);
      }
      stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
      let bucket = 0;
      for (const bound of LATENCY_BUCKETS) {
        if (seconds <= bound) break;
        bucket++;
      }
      stats.buckets[bucket] = (stats.buckets[bucket] ?? 0) + 1;
      stats.sum += seconds;
      stats.count += 1;
    },
    text(): string {
      const requests = [
        '# HELP http_requests_total HTTP requests answered, by method, route pattern and status',
        '# TYPE http_requests_total counter',
      ];
      const latency = [
        '# HELP http_request_duration_seconds Time to answer an HTTP request, by method and route pattern',
        '# TYPE http_request_duration_seconds histogram',
      ];
      for (const [route, methods] of byRoute) {
        for (const [method, stats] of methods) {
          const labels = `method="${labelValue(method)}",route="${labelValue(route)}"`;
          for (const [status, n] of stats.statuses)
            requests.push(`http_requests_total{${labels},status="${status}"} ${n}`);
          let below = 0;
          LATENCY_BUCKETS.forEach((bound, i) => {
            below += stats.buckets[i] ?? 0;
            latency.push(`http_request_duration_seconds_bucket{le="${bound}",${labels}} ${below}`);
          });
          latency.push(`http_request_duration_seconds_bucket{le="+Inf",${labels}} ${stats.count}`);
          latency.push(`http_request_duration_seconds_sum{${labels}} ${stats.sum}`);
          latency.push(`http_request_duration_seconds_count{${labels}} ${stats.count}`);
        }
      }
      return `${requests.join('\n')}\n\n${latency.join('\n')}\n\n`;
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Node's process metrics (CPU, memory, event-loop lag, GC) are the process's, whatever the number
 * of apps in it (tests build many): collected once, in a registry of their own, and never stopped.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * Prometheus metrics of this instance at `GET /metrics` (text format): requests per route pattern
 * (never the raw URL, so the number of series stays bounded), the database pool, jobs, the
 * transcoding queue, refused webhooks, the ledger's health and the process's defaults. Install it
 * before any route: the request hooks and the `app.metrics` decoration apply to routes added after.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
  const registry = new Registry();
  const shared = processMetrics();

  // Counted here and written out when scraped: prom-client's Counter and Histogram hash the labels
  // and check them on every request (~3 µs of a cached call).
  const http = httpStats();
  app.addHook('onResponse', (req, reply, done) => {
    http.record(req.method, req.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const { database } = options;
  new Gauge({
    name: 'dramastar_db_pool_max',
    help: 'Connections the request pool may open (PGlite: one, no pool)',
    registers: [registry],
    collect() {
      this.set(database.poolStats().max);
    },
  });
  new Gauge({
    name: 'dramastar_db_pool_connections',
    help: 'Open connections of the request pool by state (PostgreSQL only)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle } = database.poolStats();
      if (total === undefined || idle === undefined) return;
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'dramastar_db_pool_waiting',
    help: 'Requests waiting for a pool connection (PostgreSQL only)',
    registers: [registry],
    collect() {
      const { waiting } = database.poolStats();
      if (waiting !== undefined) this.set(waiting);
    },
  });

  const jobRuns = new Counter({
    name: 'dramastar_job_runs_total',
    help: 'Runs of periodic jobs on this instance, by job and outcome (done or failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSkipped = new Counter({
    name: 'dramastar_job_skipped_total',
    help: 'Ticks of a job that came while its previous run was still going',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'dramastar_job_duration_seconds',
    help: 'Time a job run took, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 1, 10, 60, 600],
    registers: [registry],
  });
  /** Per job: its interval, and since when it is due (the start, then each successful run's end). */
  const schedule = new Map<string, { everyMs: number; sinceMs: number }>();
  new Gauge({
    name: 'dramastar_job_lag_seconds',
    help: 'How far a job is behind: time since its last successful run (or the start) beyond its interval',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [job, s] of schedule) this.set({ job }, Math.max(0, now - s.sinceMs - s.everyMs) / 1000);
    },
  });
  const jobs: JobWatcher = {
    scheduled: (name, everyMs) => {
      schedule.set(name, { everyMs, sinceMs: Date.now() });
      jobRuns.inc({ job: name, outcome: 'done' }, 0);
      jobRuns.inc({ job: name, outcome: 'failed' }, 0);
    },
    skipped: (name) => jobSkipped.inc({ job: name }),
    finished: (name, ok, seconds) => {
      jobRuns.inc({ job: name, outcome: ok ? 'done' : 'failed' });
      jobDuration.observe({ job: name }, seconds);
      const s = schedule.get(name);
      if (ok && s) s.sinceMs = Date.now();
    },
  };

  const webhookRefusals = new Counter({
    name: 'dramastar_webhook_refusals_total',
    help: 'Payment provider callbacks refused, by provider and reason',
    labelNames: ['provider', 'reason'] as const,
    registers: [registry],
  });

  const sources: Parameters<Metrics['watch']>[0] = {};
  // A scrape collects every metric at once: the gauges fed by one query share its answer.
  let queueRead: Promise<TranscodeQueue | null> | null = null;
  const readQueue = () =>
    (queueRead ??= (async () => {
      if (!sources.transcodeQueue) return null;
      try {
        return await sources.transcodeQueue();
      } catch (err) {
        // The rest of the scrape still answers; the queue's series keep their last values.
        app.log.warn({ err }, 'metrics: cannot read the transcoding queue');
        return null;
      }
    })().finally(() => (queueRead = null)));
  new Gauge({
    name: 'dramastar_transcode_jobs',
    help: 'Transcoding jobs waiting or running (all instances)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const queue = await readQueue();
      if (!queue) return;
      this.set({ status: 'queued' }, queue.queued);
      this.set({ status: 'running' }, queue.running);
    },
  });
  new Gauge({
    name: 'dramastar_transcode_oldest_queued_seconds',
    help: 'Age of the oldest transcoding job still waiting (0: none)',
    registers: [registry],
    async collect() {
      const queue = await readQueue();
      if (queue) this.set(queue.oldestQueuedSeconds);
    },
  });

  // The ledger check reads every account and transfer: run at most once per interval (one at a
  // time), never per scrape; a failed check keeps the last result and counts the failure.
  const ledger = { checkedAt: 0, running: null as Promise<void> | null };
  const ledgerFresh = async () => {
    const check = sources.ledgerViolations;
    if (!check || options.ledgerCheckIntervalMs <= 0) return;
    if (Date.now() - ledger.checkedAt >= options.ledgerCheckIntervalMs)
      ledger.running ??= runLedgerCheck(check).finally(() => (ledger.running = null));
    // The first scrape waits for a result; later ones answer with the last while a check runs.
    if (ledger.checkedAt === 0) await ledger.running;
  };
  const ledgerViolations = new Gauge({
    name: 'dramastar_ledger_violations',
    help: "Violations of the ledger's invariants at the last check (0: the books balance)",
    registers: [registry],
    collect: ledgerFresh,
  });
  const ledgerCheckedAt = new Gauge({
    name: 'dramastar_ledger_check_timestamp_seconds',
    help: "When the ledger's invariants were last checked (Unix time)",
    registers: [registry],
    collect: ledgerFresh,
  });
  const ledgerCheckDuration = new Gauge({
    name: 'dramastar_ledger_check_duration_seconds',
    help: "How long the last check of the ledger's invariants took",
    registers: [registry],
    collect: ledgerFresh,
  });
  const ledgerCheckErrors = new Counter({
    name: 'dramastar_ledger_check_errors_total',
    help: "Checks of the ledger's invariants that could not finish (the database did not answer)",
    registers: [registry],
  });
  async function runLedgerCheck(check: () => Promise<string[]>): Promise<void> {
    const started = Date.now();
    try {
      const found = await check();
      ledgerViolations.set(found.length);
      ledgerCheckDuration.set((Date.now() - started) / 1000);
      ledgerCheckedAt.set(Date.now() / 1000);
      if (found.length > 0) app.log.error({ violations: found.slice(0, 20) }, 'ledger invariants violated');
    } catch (err) {
      ledgerCheckErrors.inc();
      app.log.warn({ err }, 'ledger check failed');
    } finally {
      ledger.checkedAt = Date.now();
    }
  }

  const metrics: Metrics = {
    registry,
    jobs,
    webhookRefused: (provider, reason) => webhookRefusals.inc({ provider, reason }),
    watch: (given) => Object.assign(sources, given),
  };
  app.decorate('metrics', metrics);

  const expected = options.token === undefined ? undefined : digest(options.token);
  /** With a token: that bearer token from anyone (401 otherwise); without: this machine only (404 otherwise). */
  const allowed = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!expected) {
      if (!isLocalClient(req)) throw new AppError('NotFound');
      return;
    }
    const [scheme, given] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !given || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('Unauthorized');
    }
  };
  app.get('/metrics', { onRequest: allowed }, async (_req, reply) => {
    const text = `${await shared.metrics()}\n${http.text()}${await registry.metrics()}`;
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
  return metrics;
}
