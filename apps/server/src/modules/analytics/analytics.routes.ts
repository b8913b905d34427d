import { adminAnalyticsApi, analyticsCalls } from '@dramastar/contract';
import type { SessionUser } from '../../http/actors.js';
import { bearerToken, type Router } from '../../http/route.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { AnalyticsConsole } from './analytics-console.service.js';
import type { AnalyticsService } from './analytics.service.js';
import { batchBody } from './batch-check.js';

/** How long an instance remembers whose a session token is, for viewing events only. */
export const EVENT_SESSION_TTL_MS = 60_000;
/** Tokens remembered at most (the oldest is forgotten first). */
export const EVENT_SESSION_MAX = 10_000;

/**
 * Who a token's session is, remembered per instance for EVENT_SESSION_TTL_MS: a viewer sends a
 * batch every few seconds, and asking the sessions table each time was one query per call. Only
 * events use it: a session signed out less than a minute ago may still have its events counted
 * as its user's, which grants nothing.
 */
export function sessionMemo(
  resolve: (token: string) => Promise<SessionUser | null>,
  now: () => number = Date.now,
  options: { ttlMs?: number; max?: number } = {},
) {
  const ttl = options.ttlMs ?? EVENT_SESSION_TTL_MS;
  const max = options.max ?? EVENT_SESSION_MAX;
  const known = new Map<string, { user: SessionUser | null; until: number }>();
  return {
    async resolve(token: string): Promise<SessionUser | null> {
      const hit = known.get(token);
      if (hit && hit.until > now()) return hit.user;
      const user = await resolve(token);
      known.delete(token);
      if (known.size >= max) {
        const oldest = known.keys().next();
        if (!oldest.done) known.delete(oldest.value);
      }
      known.set(token, { user, until: now() + ttl });
      return user;
    },
    size: () => known.size,
  };
}

/**
 * The app's batches of viewing events: the viewer is the session's user (the `Authorization`
 * header, or the batch's `token` when sent with `sendBeacon`), else the device alone; the tenant is
 * the user's, else the host's. The body is the contract's batch, checked by batch-check.ts. The
 * answer comes before anything is written.
 */
export function analyticsRoutes(
  router: Router,
  deps: {
    analytics: AnalyticsService;
    tenants: TenantService;
    resolveUser: (token: string) => Promise<SessionUser | null>;
    now?: () => number;
  },
): void {
  const sessions = sessionMemo(deps.resolveUser, deps.now);
  router.guest({ ...analyticsCalls.events, body: batchBody }, async ({ body, req }) => {
    const header = bearerToken(req);
    let user = header ? await sessions.resolve(header) : null;
    if (!user && body.token) user = await sessions.resolve(body.token);
    const tenantId = user?.tenantId ?? (await deps.tenants.resolveByDomain(req.hostname)).tenantId;
    return deps.analytics.ingest(body, { tenantId, userId: user?.userId ?? null });
  });
}

/** The console's analytics pages (finance roles), read from the rollups. */
export function adminAnalyticsRoutes(router: Router, deps: { console: AnalyticsConsole }): void {
  router.operator(adminAnalyticsApi.overview, ({ operator, query }) =>
    deps.console.overview(operator, query),
  );
  router.operator(adminAnalyticsApi.series, ({ operator, params, query }) =>
    deps.console.series(operator, params.seriesId, query),
  );
}
