import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { installEnvelope, installNotFound } from './http/envelope.js';
import { serveMedia, serveWeb } from './http/static.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { tenantRoutes } from './modules/tenant/tenant.routes.js';
import { createTenantService, DEFAULT_TENANT } from './modules/tenant/tenant.service.js';
import { DEMO_TENANTS } from './seed/demo.js';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    database: Database;
  }
}

export interface AppDeps {
  clock?: Clock;
  /** An open database; when given, the caller closes it. Otherwise the app opens one from config. */
  database?: Database;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The composition root: used by main.ts and by every test. The instance is not yet listening. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logStream ? { level: config.logLevel, stream: deps.logStream } : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // Keep a caller's (load balancer's) request id when it is sane, so one id follows a request.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });

  const database =
    deps.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: join(config.dataDir, 'pglite'),
      poolMax: config.dbPoolMax,
    }));
  if (!deps.database) app.addHook('onClose', () => database.close());
  try {
    await database.migrate();
  } catch (error) {
    if (!deps.database) await database.close();
    throw error;
  }
  app.decorate('database', database);
  app.decorate('clock', deps.clock ?? systemClock);

  const tenants = createTenantService(database.db, { publicUrl: config.publicUrl });
  await tenants.upsert(config.demoContent ? [DEFAULT_TENANT, ...DEMO_TENANTS] : [DEFAULT_TENANT]);

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });

  installEnvelope(app, { bodyLimit: config.bodyLimitBytes });
  healthRoutes(app, database);
  tenantRoutes(app, tenants);
  await serveMedia(app, config.mediaDir);
  const pageFallback = config.webDir ? await serveWeb(app, config.webDir) : undefined;
  installNotFound(app, pageFallback);
  return app;
}
