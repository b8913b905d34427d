import { adminDashboardApi } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { DashboardService } from './dashboard.service.js';

/** The dashboard's figures (finance roles); other roles see the console's welcome page only. */
export function dashboardRoutes(router: Router, deps: { dashboard: DashboardService }): void {
  router.operator(adminDashboardApi.stats, ({ operator, query }) => deps.dashboard.stats(operator, query));
}
