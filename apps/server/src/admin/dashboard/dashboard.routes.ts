import {
  adminApi,
  adminChatApi,
  adminContentApi,
  adminCreditApi,
  adminDashboardApi,
  type AnyCall,
  roleMayCall,
  SENSITIVE_AUDIT_ACTIONS,
  SENSITIVE_CHANGE_DAYS,
  WAITING_QUEUES,
  type WaitingQueue,
} from '@dramastar/contract';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import { doctorFindings } from '../doctor/doctor.service.js';
import { type DashboardService, waitingCounts } from './dashboard.service.js';
import type { OperatorService } from '../../modules/operator/operator.service.js';
import type { TenantService } from '../../modules/tenant/tenant.service.js';

/** The call that works each queue: an operator whose role may not make it does not see the queue. */
const QUEUE_CALLS: Record<WaitingQueue, AnyCall> = {
  rechargesToConfirm: adminApi.confirmRecharge,
  withdrawalsToApprove: adminApi.withdrawalAction,
  withdrawalsToSend: adminApi.withdrawalAction,
  payoutsToMarkPaid: adminApi.withdrawalAction,
  creditsToApprove: adminCreditApi.approve,
  chatsUnanswered: adminChatApi.reply,
  failedTranscodes: adminContentApi.jobs,
};

/**
 * The dashboard's figures (finance roles); other roles see the console's welcome page only. The
 * owner also sees what the deployment misses (the doctor's list, as `npm run doctor` prints it).
 */
export function dashboardRoutes(
  router: Router,
  deps: {
    dashboard: DashboardService;
    operators: OperatorService;
    tenants: TenantService;
    clock: Clock;
    db: Db;
    config: Config;
  },
): void {
  router.operator(adminDashboardApi.stats, ({ operator, query }) => deps.dashboard.stats(operator, query));
  router.operator(adminDashboardApi.doctor, async () => ({
    findings: await doctorFindings(deps.db, deps.config),
  }));

  router.operator(adminDashboardApi.waiting, async ({ operator, query }) => ({
    list: await waitingCounts(
      deps.db,
      operator,
      query.tenantId,
      WAITING_QUEUES.filter((q) => roleMayCall(operator.role, QUEUE_CALLS[q])),
    ),
  }));

  router.operator(adminDashboardApi.myTenants, async ({ operator }) => ({
    list: await deps.tenants.list(operator.tenantIds),
  }));

  // Who moved where users pay or changed a provider's keys lately: the owner sees it first thing.
  router.operator(adminDashboardApi.sensitiveChanges, async ({ operator }) => {
    const from = new Date(deps.clock.now().getTime() - SENSITIVE_CHANGE_DAYS * 86_400_000).toISOString();
    const lists = await Promise.all(
      SENSITIVE_AUDIT_ACTIONS.map((action) =>
        deps.operators.auditList({ tenantIds: operator.tenantIds, action, from, pageNum: 1, pageSize: 50 }),
      ),
    );
    const list = lists
      .flatMap((l) => l.list)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, 50);
    return { list };
  });
}
