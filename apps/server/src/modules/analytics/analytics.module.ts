import type { FastifyInstance } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import type { SessionUser } from '../../http/actors.js';
import type { Metrics } from '../../http/metrics.js';
import type { Router } from '../../http/route.js';
import type { Job } from '../../jobs/scheduler.js';
import type { ContentService } from '../catalog/content/content.service.js';
import type { PurchaseHook } from '../membership/membership.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import { adminAnalyticsRoutes, analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsConsole } from './analytics-console.service.js';
import { createAnalyticsService } from './analytics.service.js';
import { dropExpiredPartitions, ensurePartitions } from './partitions.js';
import { rollupRecent } from './rollup.js';

/** How often the job rolls up every tenant's yesterday and today again. */
export const ROLLUP_EVERY_MS = 10 * 60_000;

/**
 * Viewing analytics (docs/analytics.md): the app's ingestion call with its bounded buffer and
 * counters on /metrics, the day partitions (made now and ahead by a job, dropped after the
 * retention), and the rollup job.
 */
export async function analyticsModule(
  app: FastifyInstance,
  router: Router,
  deps: {
    database: Database;
    clock: Clock;
    tenants: TenantService;
    /** The console's read of a series (its title and free episodes on a series' page). */
    content: Pick<ContentService, 'readSeries'>;
    metrics: Metrics;
    resolveUser: (token: string) => Promise<SessionUser | null>;
    retentionDays: number;
    bufferMax: number;
  },
) {
  const { database, clock } = deps;
  const registers = [deps.metrics.registry];
  const dropped = new Counter({
    name: 'dramastar_analytics_events_dropped_total',
    help: 'Viewing events not stored, by reason (buffer_full: the database was slow; write_failed; out_of_window)',
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of ['buffer_full', 'write_failed', 'out_of_window']) dropped.inc({ reason }, 0);
  const written = new Counter({
    name: 'dramastar_analytics_events_written_total',
    help: 'Viewing events written to the database by this instance (retries included, stored once)',
    registers,
  });
  const service = createAnalyticsService({
    database,
    clock,
    bufferMax: deps.bufferMax,
    counters: { dropped, written },
    log: app.log,
  });
  new Gauge({
    name: 'dramastar_analytics_buffer_events',
    help: 'Viewing events held by this instance, waiting to be written',
    registers,
    collect() {
      this.set(service.buffer.size());
    },
  });
  await ensurePartitions(database, clock.now());
  analyticsRoutes(router, {
    analytics: service,
    tenants: deps.tenants,
    resolveUser: deps.resolveUser,
  });
  adminAnalyticsRoutes(router, {
    console: createAnalyticsConsole({ db: database.db, clock, tenants: deps.tenants, content: deps.content }),
  });
  // Events waiting reach the database before it closes.
  app.addHook('onClose', async () => {
    await service.buffer.stop();
  });
  const jobs: Job[] = [
    {
      name: 'analytics-partitions',
      everyMs: 3_600_000,
      run: async () => ({
        made: await ensurePartitions(database, clock.now()),
        dropped: await dropExpiredPartitions(database, clock.now(), deps.retentionDays),
      }),
    },
    { name: 'analytics-rollup', everyMs: ROLLUP_EVERY_MS, run: () => rollupRecent(database.db, clock) },
  ];
  const cardPurchased: PurchaseHook = (tx, purchase) =>
    service.recordPurchase(tx, {
      tenantId: purchase.tenantId,
      userId: purchase.userId,
      // What the user paid: an upgrade's price less the unused share of the card it replaced.
      value: purchase.replaced.reduce((left, card) => left - card.unused, purchase.value),
      reference: purchase.reference,
      upgrade: purchase.replaced.length > 0,
    });
  /**
   * Development and tests only (registered on the loopback-only scope when TEST_API is on): write
   * what is buffered and roll up every tenant's yesterday and today now, instead of within 10 minutes.
   */
  const devRoutes = (local: FastifyInstance) => {
    local.post('/app-api/test/analytics/rollup', async () => {
      await service.buffer.flush();
      return { code: 200, msg: 'ok', data: await rollupRecent(database.db, clock) };
    });
  };
  const module = { service, jobs, cardPurchased, devRoutes };
  app.decorate('analytics', module);
  return module;
}

export type AnalyticsModule = Awaited<ReturnType<typeof analyticsModule>>;
