import type { Clock } from '../../clock.js';
import type { Router } from '../../http/route.js';
import { accessRoutes } from './access.routes.js';
import { createAccessService } from './access.service.js';
import { adminRoutes } from './admin.routes.js';

/**
 * The console's own calls (/admin-api): sign-in and operators, the audit log, the recharge and
 * withdrawal queues, and each operator's password and authenticator.
 */
export function registerOperator(
  router: Router,
  deps: Parameters<typeof adminRoutes>[1] & { clock: Clock },
): void {
  const { db, clock, operators } = deps;
  adminRoutes(router, deps);
  accessRoutes(router, { access: createAccessService({ db, clock, operators }) });
}
