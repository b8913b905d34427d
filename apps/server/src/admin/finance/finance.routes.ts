import { adminFinanceApi, DEFAULT_TENANT_ID } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import { AppError } from '../../http/errors.js';
import { type OperatorContext, tenantScope } from '../../modules/operator/operator.service.js';
import type { AdminFinanceService } from './finance.service.js';

/** The tenant a one-tenant report is for: the one asked (403 outside the operator's), else their first. */
function oneTenant(operator: OperatorContext, tenantId: string | undefined): string {
  if (tenantId !== undefined) {
    tenantScope(operator, tenantId);
    return tenantId;
  }
  const first = operator.tenantIds ? operator.tenantIds[0] : DEFAULT_TENANT_ID;
  if (!first) throw new AppError('Forbidden');
  return first;
}

/**
 * Finance's read-only console calls (/admin-api/finance/…): gateway payments and webhook
 * deliveries, the ledger explorer, user look-ups for the queues, and the daily reconciliation.
 */
export function adminFinanceRoutes(router: Router, deps: { finance: AdminFinanceService }): void {
  const { finance } = deps;

  router.operator(adminFinanceApi.gatewayPayments, ({ operator, query }) =>
    finance.gatewayPayments({ ...query, scope: tenantScope(operator, query.tenantId) }),
  );

  router.operator(adminFinanceApi.webhookDeliveries, ({ operator, query }) =>
    finance.deliveries({ ...query, scope: tenantScope(operator, query.tenantId) }),
  );

  router.operator(adminFinanceApi.webhookDelivery, ({ operator, query }) =>
    finance.delivery(BigInt(query.id), operator.tenantIds),
  );

  router.operator(adminFinanceApi.ledgerAccounts, ({ operator, query }) =>
    finance.accounts({ ...query, scope: tenantScope(operator, query.tenantId) }),
  );

  router.operator(adminFinanceApi.ledgerEntries, ({ operator, query }) =>
    finance.entries(BigInt(query.accountId), operator.tenantIds, query),
  );

  router.operator(adminFinanceApi.users, ({ operator, query }) =>
    finance.users(
      query.ids.split(',').map((id) => BigInt(id)),
      operator.tenantIds,
    ),
  );

  router.operator(adminFinanceApi.reconciliation, ({ operator, query }) =>
    finance.reconciliation(oneTenant(operator, query.tenantId), query.date),
  );
}
