import { adminDashboardApi } from '@dramastar/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import { doctorFindings } from './admin-doctor.service.js';
import type { DashboardService } from './dashboard.service.js';

/**
 * The dashboard's figures (finance roles); other roles see the console's welcome page only. The
 * owner also sees what the deployment misses (the doctor's list, as `npm run doctor` prints it).
 */
export function dashboardRoutes(
  router: Router,
  deps: { dashboard: DashboardService; db: Db; config: Config },
): void {
  router.operator(adminDashboardApi.stats, ({ operator, query }) => deps.dashboard.stats(operator, query));
  router.operator(adminDashboardApi.doctor, async () => ({
    findings: await doctorFindings(deps.db, deps.config),
  }));
}
