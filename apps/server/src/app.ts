import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import type { DestinationStream } from 'pino';
import { adminContentApi, tenantSummary } from '@dramastar/contract';
import { registerConsole } from './admin/console.register.js';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { createNotifier } from './db/notify.js';
import { storageOrigins } from './http/csp.js';
import {
  frameworkErrors,
  installEnvelope,
  installNotFound,
  isApiPath,
  sendFailure,
} from './http/envelope.js';
import { AppError } from './http/errors.js';
import { fastifyTrustProxy } from './http/client-address.js';
import { localClientsOnly } from './http/loopback.js';
import { installMetrics } from './http/metrics.js';
import { createRateLimiter } from './http/rate-limit.js';
import { createRouter } from './http/route.js';
import { COMPRESS_THRESHOLD_BYTES } from './http/shared-answer.js';
import { firstFallback, serveAdmin, serveWeb } from './http/static.js';
import { purgeExpired } from './jobs/cleanup.job.js';
import { startJobs } from './jobs/scheduler.js';
import { lazyChildLogger, logDestination } from './logger.js';
import { serveMedia } from './media/serve-media.js';
import { localDiskStorage, migrateMediaLayout } from './media/storage.js';
import { s3Storage } from './media/storage-s3.js';
import { analyticsModule } from './modules/analytics/analytics.module.js';
import { recentViewers } from './modules/analytics/series-viewers.js';
import { registerAuth } from './modules/auth/auth.register.js';
import type { CaptchaGenerator } from './modules/auth/captcha.service.js';
import { createSessionService } from './modules/auth/session.service.js';
import { registerCatalog } from './modules/catalog/catalog.register.js';
import {
  CATALOG_CHANGED,
  type CatalogService,
  PLAY_COUNT_FLUSH_MS,
} from './modules/catalog/catalog.service.js';
import type { Entitlements } from './modules/catalog/entitlement.js';
import { createPointsService } from './modules/catalog/points.service.js';
import { purgeUnsentChatImages } from './modules/chat/chat-images.js';
import { chatModule } from './modules/chat/chat.routes.js';
import { registerContent } from './modules/catalog/content/content.register.js';
import { createContentService } from './modules/catalog/content/content.service.js';
import { registerEarn } from './modules/earn/earn.register.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ledgerViolations } from './modules/ledger/ledger-health.js';
import { createLedger } from './modules/ledger/ledger.service.js';
import { devOutboxRoutes } from './modules/mail/dev-outbox.routes.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer.js';
import { registerMembership } from './modules/membership/membership.register.js';
import { createMembershipService } from './modules/membership/membership.service.js';
import { testRoutes } from './modules/membership/test.routes.js';
import { createTrialCardService } from './modules/membership/trial-card.service.js';
import { registerOauth } from './modules/oauth/oauth.register.js';
import type { OidcClient } from './modules/oauth/oidc.js';
import { bootstrapOperator } from './modules/operator/bootstrap.js';
import { registerOperator } from './modules/operator/operator.register.js';
import { createOperatorService } from './modules/operator/operator.service.js';
import { registerPayment } from './modules/payment/payment.register.js';
import type { WebhookDelivery } from './modules/payment/sandbox-gateway.js';
import { createTeamRewards } from './modules/team/team-rewards.js';
import { registerTeam } from './modules/team/team.register.js';
import { tenantRoutes } from './modules/tenant/tenant.routes.js';
import { createTenantService, DEFAULT_TENANT, TENANT_CHANNEL } from './modules/tenant/tenant.service.js';
import { userRoutes } from './modules/user/user.routes.js';
import { createUserService } from './modules/user/user.service.js';
import { RECONCILE_AFTER_MINUTES } from './modules/wallet/recharge.service.js';
import { registerWallet } from './modules/wallet/wallet.register.js';
import { createSealer } from './sealing.js';
import { DEMO_SERIES, type DemoSeries, seedDemoCatalog } from './seed/demo-catalog.js';
import { DEMO_TENANTS } from './seed/demo.js';

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
    database: Database;
    /** Shutting down: /readyz answers 503 so load balancers stop sending before the socket closes. */
    drain(): void;
  }
}

export interface AppDeps {
  clock?: Clock;
  /** An open database; when given, the caller closes it. Otherwise the app opens one from config. */
  database?: Database;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** Captcha pictures and answers; tests give one whose answers they know. */
  captcha?: CaptchaGenerator;
  /** The OpenID Connect client for Google; by default made from config when Google is configured. */
  oidc?: OidcClient;
  /** Start the periodic jobs when the server starts listening (main.ts); tests run jobs themselves. */
  jobs?: boolean;
  /** The demo series made with DEMO_CONTENT (all of them by default; tests pick a few or none). */
  demoSeries?: DemoSeries[];
  /** Who holds a viewing pass for paid episodes (the Star Card issue supplies the real one). */
  entitlements?: Entitlements;
  /** How the sandbox gateway delivers webhooks (HTTP by default; tests may deliver in-process). */
  webhookDelivery?: WebhookDelivery;
  /** Tests: payment providers' API addresses (their local fakes) and the fetch to reach them. */
  paymentProviders?: { baseUrls?: Record<string, string>; fetch?: typeof fetch };
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The composition root: used by main.ts and by every test. The instance is not yet listening. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logStream = logDestination(config.logFormat, deps.logStream);
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : { level: config.logLevel },
    childLoggerFactory: lazyChildLogger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    frameworkErrors,
    // Keep a caller's (load balancer's) request id when it is sane, so one id follows a request.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });

  // API calls answer 503 past REQUEST_TIMEOUT_MS, except sockets and the episode upload (up to
  // VIDEO_UPLOAD_MAX_BYTES over the operator's link); media streams are not calls.
  const uploadUrl = `${adminContentApi.uploadEpisode.prefix}${adminContentApi.uploadEpisode.path}`;
  // One timer per request, not Fastify's `handlerTimeout`: that makes an AbortController per
  // request and aborts it (a DOMException) at every close, ~12 % of a cached read's time, for a
  // signal nothing here listens to. The work under way runs on; its late answer is dropped.
  const deadline = config.requestTimeoutMs;
  const answerBusy: onRequestHookHandler = (req, reply, done) => {
    const timer = setTimeout(() => {
      if (!reply.sent && !reply.raw.headersSent) {
        req.log.warn({ url: req.url, ms: deadline }, 'busy: the request ran out of time');
        void sendFailure(req, reply, new AppError('ServiceUnavailable'));
      }
    }, deadline).unref();
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  };
  app.addHook('onRoute', (route) => {
    if (deadline > 0 && isApiPath(route.url) && !route.websocket && route.url !== uploadUrl) {
      route.onRequest = [answerBusy, ...[route.onRequest ?? []].flat()];
    }
  });

  // Answers of 1 KB and more in JSON, HLS playlists (a media playlist of signed segment
  // addresses is mostly their repeated parts) and other text types mime-db calls compressible go
  // out brotli- or gzip-compressed when the client accepts it. Built assets are sent precompressed
  // (http/static.ts); segments, video and images are not compressible and partial (206) answers
  // never are, so Range requests keep their byte offsets.
  // Request bodies are not decompressed: clients send small JSON plainly, and the plugin's
  // decompression hook would run on every request for nothing.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: /^application\/(?:json|vnd\.apple\.mpegurl)\b/,
    globalDecompression: false,
  });

  const database =
    deps.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: join(config.dataDir, 'pglite'),
      poolMax: config.dbPoolMax,
      ...config.dbTimeouts,
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
  const lifecycle = { draining: false };
  app.decorate('drain', () => {
    lifecycle.draining = true;
  });

  const db = database.db;
  const clock = app.clock;

  // Kernel pieces: tenants and the bus that clears every instance's cached answers, mail, rate
  // limits, media storage, who is calling (sessions, operators), the envelope, metrics, the router.
  const tenants = createTenantService(db, {
    publicUrl: config.publicUrl,
    googleLogin: config.google !== undefined,
    devMailbox: config.devOutbox ? '/dev/mail' : null,
    clock,
  });
  // Every instance caches tenant answers and tenant-wide catalogue answers; a change (or a gap in
  // listening) clears them everywhere: the payload is `changed` (tenants) or `catalog:<tenantId>`.
  let catalogCache: Pick<CatalogService, 'invalidate'> | null = null;
  const tenantNotifier = await createNotifier(
    database,
    TENANT_CHANNEL,
    (payload) => {
      if (payload.startsWith(CATALOG_CHANGED))
        catalogCache?.invalidate(payload.slice(CATALOG_CHANGED.length));
      else tenants.invalidate();
    },
    app.log,
    () => {
      tenants.invalidate();
      catalogCache?.invalidate();
    },
  );
  app.addHook('onClose', () => tenantNotifier.close());
  /** Call after a change to tenants, their domains or configuration is committed. */
  const tenantsChanged = async () => {
    tenants.invalidate();
    await tenantNotifier.publish('changed');
  };
  if (await tenants.upsert(config.demoContent ? [DEFAULT_TENANT, ...DEMO_TENANTS] : [DEFAULT_TENANT]))
    await tenantsChanged();

  const mailer: Mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(db, clock, app.log);
  app.addHook('onClose', async () => mailer.close());
  const limiter = createRateLimiter(db, clock);
  const sessions = createSessionService(db, clock, {
    idleDays: config.sessionIdleDays,
    maxDays: config.sessionMaxDays,
  });
  const operators = createOperatorService(db, clock, { idleMinutes: config.consoleIdleMinutes });
  // Episodes live outside the public media root (see media/storage.ts); older layouts move once.
  await migrateMediaLayout(config.mediaRoot);
  const s3 = config.s3 ? s3Storage(config.s3) : undefined;
  const storage = s3 ?? localDiskStorage(config.mediaRoot);

  // Hooks on every request take `done` rather than being async: no promise per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    done(null, payload);
  });
  installEnvelope(app, { bodyLimit: config.bodyLimitBytes });
  // Before every route, so each is counted by its pattern (http/metrics.ts).
  const metrics = installMetrics(app, { database, ...config.metrics });
  const router = createRouter(
    app,
    (token) => sessions.resolve(token),
    (token) => operators.resolve(token),
  );
  healthRoutes(app, database, () => lifecycle.draining);

  // The modules, in layer order (eslint.config.js): each makes its services and registers its
  // calls; a lower module told of a higher one's work takes it as a required hook.
  tenantRoutes(router, tenants);
  const points = createPointsService(clock);
  const users = createUserService(db, clock, { invited: (tx, invitee) => points.invited(tx, invitee) });
  userRoutes(router, users);
  const { codes, tickets } = registerAuth(router, {
    db,
    clock,
    users,
    sessions,
    mailer,
    limiter,
    tenants,
    storage,
    captcha: deps.captcha,
    googleEnabled: config.google !== undefined,
  });
  if (config.demoContent) await seedDemoCatalog(db, clock, storage, app.log, deps.demoSeries ?? DEMO_SERIES);
  const ledger = createLedger(clock);
  // Star Cards are made before the catalogue (viewing passes) and the wallet (cards bought on credit).
  const memberships = createMembershipService({
    clock,
    ledger,
    points,
    // A Star Card bought by a team member holds the uplines' referral rewards until it ends (an
    // upgrade settles them), and is an analytics event, both in the purchase's own transaction.
    // (Called only once the app is built: both exist by then.)
    purchaseHooks: [
      (tx, purchase) => teamRewards.cardPurchased(tx, purchase),
      (tx, purchase) => analytics.cardPurchased(tx, purchase),
    ],
  });
  const trials = createTrialCardService({ db, clock, memberships });
  // Paid episodes play for an active card (any tier) or an active trial card.
  const viewingPasses: Entitlements = {
    hasViewingPass: async (viewer) =>
      (await memberships.activeTier(db, viewer.userId)) !== null ||
      (await trials.hasActiveTrial(viewer.userId)),
  };
  const { catalog, segmentSigner } = await registerCatalog(app, router, {
    db,
    clock,
    config,
    storage,
    s3,
    entitlements: deps.entitlements ?? viewingPasses,
    points,
    limiter,
    tenants,
    recentViewers,
  });
  catalogCache = catalog;
  /** Call after a change to a tenant's series, episodes, banners or home sections is committed. */
  const catalogChanged = async (tenantId: string) => {
    catalog.invalidate(tenantId);
    await tenantNotifier.publish(`${CATALOG_CHANGED}${tenantId}`);
  };
  // Bank card numbers and payment providers' keys are kept sealed.
  const sealer = createSealer(config.dataEncryptionKey);
  const { providers } = await registerPayment(app, {
    db,
    clock,
    config,
    sealer,
    webhookDelivery: deps.webhookDelivery,
    paymentProviders: deps.paymentProviders,
  });
  const teamRewards = createTeamRewards({ clock, ledger, memberships });
  const { payPasswords, recharges, withdrawals } = await registerWallet(app, router, {
    db,
    clock,
    config,
    ledger,
    sealer,
    gateways: providers.registry,
    codes,
    users,
    tenants,
    limiter,
    notify: users.addMessage,
    memberships,
    // A card ordered through a channel is bought when the order's money is credited.
    onCredited: {
      membership: async (tx, order, purpose) => {
        await memberships.buyOrdered(tx, order, purpose);
      },
    },
    settleOwed: teamRewards.settleDebt,
  });
  const content = createContentService({ db, clock, storage });
  const analytics = await analyticsModule(app, router, {
    database,
    clock,
    tenants,
    content,
    metrics,
    resolveUser: (token) => sessions.resolve(token),
    ...config.analytics,
  });
  registerMembership(router, {
    db,
    memberships,
    trials,
    recharges,
    points,
    tenants,
    publicUrl: config.publicUrl,
  });
  const { copyrights } = await registerTeam(router, {
    db,
    clock,
    ledger,
    memberships,
    teamRewards,
    payPasswords,
    tenants,
    demoTenantIds: config.demoContent ? [DEFAULT_TENANT, ...DEMO_TENANTS].map((t) => t.id) : null,
  });
  const { redPackets } = registerEarn(router, {
    db,
    clock,
    ledger,
    memberships,
    settleOwed: teamRewards.settleDebt,
    notify: users.addMessage,
    tenants,
  });
  registerOperator(router, { db, clock, operators, recharges, withdrawals, limiter });
  const { transcoder } = await registerContent(app, router, {
    db,
    clock,
    storage,
    operators,
    content,
    videoMaxBytes: config.videoUploadMaxBytes,
    jobs: deps.jobs === true,
    catalogChanged,
  });
  metrics.watch({
    transcodeQueue: () => transcoder.queue(),
    ledgerViolations: () => ledgerViolations(database),
  });
  await chatModule(app, router, {
    database,
    clock,
    limiter,
    operators,
    storage,
    resolveUser: (token) => sessions.resolve(token),
  });
  registerOauth(app, router, {
    config,
    oidc: deps.oidc,
    db,
    clock,
    tickets,
    users,
    sessions,
    tenants,
    limiter,
  });
  // The console's areas (admin/), above every module.
  registerConsole(router, {
    db,
    clock,
    config,
    operators,
    tenants,
    sessions,
    ledger,
    providers,
    recharges,
    tenantsChanged,
  });
  // Development conveniences answer clients on this machine only (http/loopback.ts), else 404.
  await app.register(async (local) => {
    local.addHook('onRequest', localClientsOnly);
    if (config.testApi)
      testRoutes(
        createRouter(local, (token) => sessions.resolve(token)),
        { db, memberships },
      );
    if (config.devOutbox) devOutboxRoutes(local, db);
    if (config.testApi) analytics.devRoutes(local);
  });
  if (!config.databaseUrl && config.env !== 'test') await bootstrapOperator(operators, app.log);
  await serveMedia(app, config.mediaDir, config.s3 ? storage : undefined);
  if (deps.jobs) {
    let stopJobs: (() => Promise<void>) | undefined;
    app.addHook('onListen', async () => {
      stopJobs = startJobs(
        [
          { name: 'purge-expired', everyMs: 3_600_000, run: () => purgeExpired(db, clock) },
          {
            name: 'purge-unsent-chat-images',
            everyMs: 3_600_000,
            run: () => purgeUnsentChatImages(db, clock, storage),
          },
          { name: 'expire-recharges', everyMs: 60_000, run: () => recharges.expireStale() },
          // Card payments whose callback never came: the providers are asked (docs/wallet.md).
          {
            name: 'reconcile-gateway',
            everyMs: 5 * 60_000,
            run: () => recharges.reconcile({ olderThanMinutes: RECONCILE_AFTER_MINUTES, limit: 100 }),
          },
          { name: 'copyright-revenue', everyMs: 10 * 60_000, run: () => copyrights.runDailyRevenue() },
          { name: 'dividends', everyMs: 60 * 60_000, run: () => copyrights.runDividends() },
          { name: 'team-reward-release', everyMs: 10 * 60_000, run: () => teamRewards.releaseDue(db) },
          { name: 'red-packet-refunds', everyMs: 60_000, run: () => redPackets.refundExpired() },
          { name: 'transcode', everyMs: 2_000, run: () => transcoder.drain() },
          { name: 'play-counts', everyMs: PLAY_COUNT_FLUSH_MS, run: () => catalog.flushPlays() },
          ...analytics.jobs,
        ],
        app.log,
        metrics.jobs,
      );
    });
    app.addHook('onClose', async () => {
      // A transcoding run is handed back to the queue, not waited for (it may take minutes).
      await transcoder.stop();
      await stopJobs?.();
    });
  }
  // The operator console's pages under /admin come before the web app's fallback.
  // Object-store origins a browser reaches itself (public images, the console's uploads): the pages' CSP names them.
  const browserStorage = storageOrigins(config.s3);
  const adminFallback = config.adminDir ? await serveAdmin(app, config.adminDir, browserStorage) : undefined;
  // index.html carries what Home's and Shorts' first screens show before the app's script has
  // run: Home's first banner, and the poster of the feed's first episode (the feed's first page
  // is the same for every viewer; asked in the app's page size, it is the app's cached answer).
  // It also carries the host's tenant as `queryTenantId` answers it: the app starts without asking.
  const boot = async (req: FastifyRequest) => {
    const tenant = await tenants.resolveByDomain(req.hostname);
    const [home, feed] = await Promise.all([
      catalog.home(tenant.tenantId, tenant.defaultLanguage),
      catalog.feed(tenant.tenantId, { pageNum: 1, pageSize: 20 }, null, tenant.defaultLanguage),
    ]);
    const cover = home.banners[0]?.cover;
    const short = feed.list[0]?.episode.poster;
    return {
      name: tenant.name,
      language: tenant.defaultLanguage,
      tenant: tenantSummary.parse(tenant),
      ...(cover ? { cover } : {}),
      ...(short ? { short } : {}),
    };
  };
  const mediaOrigins = segmentSigner ? [segmentSigner.origin] : [];
  const pageFallback = config.webDir
    ? await serveWeb(app, config.webDir, boot, browserStorage, mediaOrigins)
    : undefined;
  installNotFound(app, firstFallback(adminFallback, pageFallback));
  return app;
}
