import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { createNotifier } from './db/notify.js';
import { adminContentApi, tenantSummary } from '@dramastar/contract';
import {
  frameworkErrors,
  installEnvelope,
  installNotFound,
  isApiPath,
  sendFailure,
} from './http/envelope.js';
import { storageOrigins } from './http/csp.js';
import { firstFallback, serveAdmin, serveWeb } from './http/static.js';
import { serveMedia } from './media/serve-media.js';
import { fastifyTrustProxy } from './http/client-address.js';
import { createRateLimiter } from './http/rate-limit.js';
import { AppError } from './http/errors.js';
import { COMPRESS_THRESHOLD_BYTES } from './http/shared-answer.js';
import { createRouter } from './http/route.js';
import { installMetrics } from './http/metrics.js';
import { lazyChildLogger, logDestination } from './logger.js';
import { ledgerViolations } from './modules/ledger/ledger-health.js';
import { accountRoutes } from './modules/auth/account.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import {
  type CaptchaGenerator,
  createCaptchaService,
  svgCaptchaGenerator,
} from './modules/auth/captcha.service.js';
import { createEmailCodeService } from './modules/auth/email-code.service.js';
import { createSessionService } from './modules/auth/session.service.js';
import { createTicketService } from './modules/auth/ticket.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { devOutboxRoutes } from './modules/mail/dev-outbox.routes.js';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/mail/mailer.js';
import { createGoogleAccounts } from './modules/oauth/google-accounts.service.js';
import { oauthRoutes } from './modules/oauth/oauth.routes.js';
import { createOidcClient, type OidcClient } from './modules/oauth/oidc.js';
import { tenantRoutes } from './modules/tenant/tenant.routes.js';
import { createTenantService, DEFAULT_TENANT, TENANT_CHANNEL } from './modules/tenant/tenant.service.js';
import { adminConfigRoutes } from './admin/config/config.routes.js';
import { createAdminConfigService } from './admin/config/config.service.js';
import { createConfigChanges } from './admin/config/config-changes.service.js';
import { createCopyrightAdmin } from './modules/team/copyright-admin.js';
import { createAccountService } from './modules/auth/account.service.js';
import { userRoutes } from './modules/user/user.routes.js';
import { createUserService } from './modules/user/user.service.js';
import { purgeExpired } from './jobs/cleanup.job.js';
import { startJobs } from './jobs/scheduler.js';
import { DEMO_SERIES, type DemoSeries, seedDemoCatalog } from './seed/demo-catalog.js';
import { DEMO_TENANTS } from './seed/demo.js';
import { localDiskStorage, migrateMediaLayout } from './media/storage.js';
import { cloudFrontSigner } from './media/cdn-signer.js';
import { createSignedPlaylists } from './media/segment-urls.js';
import { s3SegmentSigner, s3Storage } from './media/storage-s3.js';
import { localClientsOnly } from './http/loopback.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createLedger } from './modules/ledger/ledger.service.js';
import { createBankCardService, sealLegacyBankCards } from './modules/wallet/bank-card.service.js';
import { createSealer } from './sealing.js';
import { createPaymentProviders } from './modules/payment/providers.js';
import { adminProviderRoutes } from './admin/providers/providers.routes.js';
import { createPayPasswordService } from './modules/wallet/pay-password.service.js';
import { createRechargeService, RECONCILE_AFTER_MINUTES } from './modules/wallet/recharge.service.js';
import { createWithdrawalService } from './modules/wallet/withdrawal.service.js';
import { createMembershipService } from './modules/membership/membership.service.js';
import { testRoutes } from './modules/membership/test.routes.js';
import { membershipRoutes } from './modules/membership/membership.routes.js';
import { createTrialCardService } from './modules/membership/trial-card.service.js';
import { createCopyrightService, seedCopyrightProducts } from './modules/team/copyright.service.js';
import { createTeamRewards } from './modules/team/team-rewards.js';
import { teamRoutes } from './modules/team/team.routes.js';
import { earnRoutes } from './modules/earn/earn.routes.js';
import { createEarnService } from './modules/earn/earn.service.js';
import { createRedPacketService } from './modules/earn/red-packet.service.js';
import { createTeamService } from './modules/team/team.service.js';
import {
  createSandboxGateway,
  sandboxSecret,
  type WebhookDelivery,
} from './modules/payment/sandbox-gateway.js';
import { webhookRoutes } from './modules/payment/webhook.routes.js';
import { adminRoutes } from './modules/operator/admin.routes.js';
import { accessRoutes } from './modules/operator/access.routes.js';
import { createAccessService } from './modules/operator/access.service.js';
import { dashboardRoutes } from './admin/dashboard/dashboard.routes.js';
import { createDashboardService } from './admin/dashboard/dashboard.service.js';
import { adminUsersRoutes } from './admin/users/users.routes.js';
import { adminCreditRoutes } from './admin/finance/credits.routes.js';
import { createCreditService } from './modules/wallet/credit.service.js';
import { createAdminUserService } from './admin/users/users.service.js';
import { chatModule } from './modules/chat/chat.routes.js';
import { purgeUnsentChatImages } from './modules/chat/chat-images.js';
import { bootstrapOperator } from './modules/operator/bootstrap.js';
import { createOperatorService } from './modules/operator/operator.service.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import fastifyMultipart from '@fastify/multipart';
import { contentRoutes } from './modules/content/content.routes.js';
import { createSubtitleService } from './modules/content/subtitles.service.js';
import { createContentService } from './modules/content/content.service.js';
import { createContentAdmin } from './modules/content/content-admin.service.js';
import { createTranscodeWorker } from './modules/content/transcode.worker.js';
import { adminFinanceRoutes } from './admin/finance/finance.routes.js';
import { adminExportRoutes } from './admin/export/export.routes.js';
import { createAdminFinanceService } from './admin/finance/finance.service.js';
import {
  CATALOG_CHANGED,
  PLAY_COUNT_FLUSH_MS,
  type CatalogService,
  createCatalogService,
} from './modules/catalog/catalog.service.js';
import type { Entitlements } from './modules/catalog/entitlement.js';
import { createPointsService } from './modules/catalog/points.service.js';
import { createStreamSigner } from './modules/catalog/stream-signer.js';
import { analyticsModule } from './modules/analytics/analytics.module.js';

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
  const codes = createEmailCodeService(db, clock, mailer, limiter);
  const captcha = createCaptchaService(db, clock, deps.captcha ?? svgCaptchaGenerator);
  const tickets = createTicketService(db, clock);
  const users = createUserService(db, clock);
  const auth = createAuthService({ db, users, sessions, tickets, codes, captcha, limiter, tenants });
  // Episodes live outside the public media root (see media/storage.ts); older layouts move once.
  await migrateMediaLayout(config.mediaRoot);
  const s3 = config.s3 ? s3Storage(config.s3) : undefined;
  const storage = s3 ?? localDiskStorage(config.mediaRoot);
  const accounts = createAccountService({
    db,
    clock,
    users,
    sessions,
    codes,
    tickets,
    storage,
    googleEnabled: config.google !== undefined,
  });
  if (config.demoContent) await seedDemoCatalog(db, clock, storage, app.log, deps.demoSeries ?? DEMO_SERIES);
  const points = createPointsService(clock);
  const ledger = createLedger(clock);
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
  const signer = await createStreamSigner(db);
  // Segments from the store (presigned) or its CDN (signed URLs); through /stream on local disk.
  const segmentSigner =
    config.segments === 'cdn' && config.cdn
      ? cloudFrontSigner(config.cdn)
      : config.segments === 'store' && s3
        ? s3SegmentSigner(s3)
        : undefined;
  const playlists = segmentSigner
    ? createSignedPlaylists({ storage, signer: segmentSigner, clock })
    : undefined;
  const catalog = createCatalogService({
    db,
    clock,
    entitlements: deps.entitlements ?? viewingPasses,
    points,
    signer,
    limiter,
  });
  catalogCache = catalog;
  // Plays counted since the last flush reach their series before the database closes.
  app.addHook('onClose', async () => {
    await catalog.flushPlays();
  });
  /** Call after a change to a tenant's series, episodes, banners or home sections is committed. */
  const catalogChanged = async (tenantId: string) => {
    catalog.invalidate(tenantId);
    await tenantNotifier.publish(`${CATALOG_CHANGED}${tenantId}`);
  };
  const oidc =
    deps.oidc ??
    (config.google
      ? createOidcClient(config.google, `${config.publicUrl}/app-api/oauth/callback/google`)
      : undefined);

  // Hooks on every request take `done` rather than being async: no promise per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    done(null, payload);
  });

  const operators = createOperatorService(db, clock, { idleMinutes: config.consoleIdleMinutes });
  installEnvelope(app, { bodyLimit: config.bodyLimitBytes });
  // Before every route, so each is counted by its pattern (http/metrics.ts).
  const metrics = installMetrics(app, { database, ...config.metrics });
  const router = createRouter(
    app,
    (token) => sessions.resolve(token),
    (token) => operators.resolve(token),
  );
  healthRoutes(app, database, () => lifecycle.draining);
  tenantRoutes(router, tenants);
  authRoutes(router, auth);
  userRoutes(router, users);
  accountRoutes(router, accounts, users);
  const google = createGoogleAccounts({ db, clock, tickets, users, sessions });
  oauthRoutes(app, router, { oidc, google, tenants, limiter });
  catalogRoutes(app, router, { catalog, tenants, signer, storage, playlists, clock, limiter });
  const payPasswords = createPayPasswordService(db, clock, { codes, users });
  // The sandbox exists only where enabled (never in production): it approves payments for anyone.
  const gateway = config.sandboxGateway
    ? createSandboxGateway({
        db,
        clock,
        secret: await sandboxSecret(db),
        webhookBase: config.sandboxWebhookUrl,
        log: app.log,
        ...(deps.webhookDelivery ? { deliver: deps.webhookDelivery } : {}),
      })
    : undefined;
  // Bank card numbers and payment providers' keys are kept sealed.
  const sealer = createSealer(config.dataEncryptionKey);
  const providers = createPaymentProviders({ db, clock, sealer, sandbox: gateway, ...deps.paymentProviders });
  const recharges = createRechargeService({
    db,
    clock,
    ledger,
    gateways: providers.registry,
    log: app.log,
    notify: users.addMessage,
    // Production never sends a payer to the demo bank account or USDT address.
    offerDemoDetails: config.env !== 'production',
    // A card ordered through a channel is bought when the order's money is credited.
    onCredited: {
      membership: async (tx, order, purpose) => {
        await memberships.buyOrdered(tx, order, purpose);
      },
    },
  });
  // Cards from before sealing are sealed once, here.
  await sealLegacyBankCards(db, sealer);
  const teamRewards = createTeamRewards({ clock, ledger, memberships });
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
  const withdrawals = createWithdrawalService({
    db,
    settleOwed: teamRewards.settleDebt,
    clock,
    ledger,
    memberships,
    payPasswords,
    sealer,
    notify: users.addMessage,
  });
  walletRoutes(router, {
    db,
    ledger,
    tenants,
    payPasswords,
    bankCards: createBankCardService(db, clock, sealer),
    recharges,
    withdrawals,
    publicUrl: config.publicUrl,
  });
  const copyrights = createCopyrightService({
    db,
    clock,
    ledger,
    rewards: teamRewards,
    confirmPayPassword: (userId, password) => payPasswords.verify(userId, password),
  });
  if (config.demoContent)
    await seedCopyrightProducts(
      db,
      clock,
      [DEFAULT_TENANT, ...DEMO_TENANTS].map((t) => t.id),
    );
  teamRoutes(router, {
    team: createTeamService({ db, clock, ledger, memberships }),
    copyrights,
    tenants,
  });
  const redPackets = createRedPacketService({
    db,
    clock,
    ledger,
    settleOwed: teamRewards.settleDebt,
    notify: users.addMessage,
  });
  earnRoutes(router, {
    earn: createEarnService({ db, clock, ledger, memberships }),
    redPackets,
    tenants,
  });
  membershipRoutes(router, {
    db,
    memberships,
    trials,
    recharges,
    points,
    tenants,
    publicUrl: config.publicUrl,
  });
  gateway?.routes(app);
  webhookRoutes(app, {
    gateways: providers.registry,
    tenantOf: async (host) => (await tenants.resolveByDomain(host)).tenantId,
    recharges,
    clock,
    limiter,
  });
  adminRoutes(router, { db, operators, recharges, withdrawals, limiter });
  adminProviderRoutes(router, { db, operators, tenants, providers, recharges, publicUrl: config.publicUrl });
  accessRoutes(router, { access: createAccessService({ db, clock, operators }) });
  // Console content: uploads arrive as multipart (streamed to a file); transcoding runs in a worker.
  await app.register(fastifyMultipart);
  const transcoder = createTranscodeWorker({ db, clock, storage, log: app.log, catalogChanged });
  const subtitles = createSubtitleService({ db, clock, storage });
  contentRoutes(router, {
    content,
    subtitles,
    contentAdmin: createContentAdmin({
      db,
      operators,
      content,
      subtitles,
      storage,
      videoMaxBytes: config.videoUploadMaxBytes,
      kick: deps.jobs ? () => void transcoder.drain() : undefined,
      catalogChanged,
    }),
  });
  metrics.watch({
    transcodeQueue: () => transcoder.queue(),
    ledgerViolations: () => ledgerViolations(database),
  });
  adminUsersRoutes(router, {
    db,
    operators,
    adminUsers: createAdminUserService({
      db,
      clock,
      sessions,
      recharges,
      ledger,
      sessionIdleDays: config.sessionIdleDays,
    }),
  });
  dashboardRoutes(router, {
    dashboard: createDashboardService({ db, clock }),
    operators,
    tenants,
    clock,
    db,
    config,
  });
  const adminConfig = createAdminConfigService(db, clock, { offerDemoDetails: config.env !== 'production' });
  adminConfigRoutes(router, {
    config: adminConfig,
    configChanges: createConfigChanges({
      db,
      operators,
      config: adminConfig,
      copyrights: createCopyrightAdmin(clock),
      publicUrl: config.publicUrl,
      tenantsChanged,
    }),
  });
  adminFinanceRoutes(router, {
    finance: createAdminFinanceService({ db, clock, provider: 'sandbox' }),
  });
  adminExportRoutes(router, { db, operators });
  adminCreditRoutes(router, {
    credits: createCreditService({
      db,
      clock,
      ledger,
      audit: (tx, op, entry) => operators.audit(tx, op, entry),
    }),
  });
  await chatModule(app, router, {
    database,
    clock,
    limiter,
    operators,
    storage,
    resolveUser: (token) => sessions.resolve(token),
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
