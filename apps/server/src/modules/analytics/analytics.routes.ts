import { adminAnalyticsApi, analyticsCalls } from '@dramastar/contract';
import type { SessionUser } from '../../http/actors.js';
import type { Router } from '../../http/route.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { AnalyticsConsole } from './analytics-console.service.js';
import type { AnalyticsService } from './analytics.service.js';

/**
 * The app's batches of viewing events: the viewer is the session's user (the `Authorization`
 * header, or the batch's `token` when sent with `sendBeacon`), else the device alone; the tenant is
 * the user's, else the host's. The answer comes before anything is written.
 */
export function analyticsRoutes(
  router: Router,
  deps: {
    analytics: AnalyticsService;
    tenants: TenantService;
    resolveUser: (token: string) => Promise<SessionUser | null>;
  },
): void {
  router.guest(analyticsCalls.events, async ({ body, req, viewer }) => {
    const user = (await viewer()) ?? (body.token ? await deps.resolveUser(body.token) : null);
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
