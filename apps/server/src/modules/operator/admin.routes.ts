import { adminApi, isCurrencyKey } from '@dramastar/contract';
import { count, inArray, sql } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { withTransaction } from '../../db/tx.js';
import type { Router } from '../../http/route.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import { toAdminWithdrawal, type WithdrawalService } from '../wallet/withdrawal.service.js';
import { FINANCE_ROLES, type OperatorService, requireRole, tenantScope } from './operator.service.js';

/**
 * The console's API (/admin-api): sign-in, finance (recharge confirmations, the withdrawal
 * queue, the ledger's balance check) and the audit log. Every changing call writes its audit
 * entry in the same transaction as the change.
 */
export function adminRoutes(
  router: Router,
  deps: { db: Db; operators: OperatorService; recharges: RechargeService; withdrawals: WithdrawalService },
): void {
  const { db, operators, recharges, withdrawals } = deps;

  router.guest(adminApi.login, ({ body }) => operators.login(body.username, body.password));
  router.operator(adminApi.logout, async ({ operator }) => {
    await operators.logout(operator);
    return {};
  });
  router.operator(adminApi.me, async ({ operator }) => ({
    id: String(operator.id),
    username: operator.username,
    role: operator.role,
    tenantIds: operator.tenantIds ?? [],
    mustChangePassword: operator.mustChangePassword,
  }));

  router.operator(adminApi.recharges, ({ operator, query }) => {
    requireRole(operator, FINANCE_ROLES);
    return recharges.adminList({ ...query, tenantIds: tenantScope(operator, query.tenantId) });
  });

  router.operator(adminApi.confirmRecharge, ({ operator, body }) => {
    requireRole(operator, FINANCE_ROLES);
    return withTransaction(db, async (tx) => {
      const { before, after } = await recharges.confirm(tx, body.orderNo, body.matchedReference, {
        id: operator.id,
        tenantIds: operator.tenantIds,
      });
      await operators.audit(tx, operator, {
        tenantId: before.tenantId,
        action: 'recharge.confirm',
        target: `recharge:${before.orderNo}`,
        before,
        after,
      });
      return recharges.toAdmin(after);
    });
  });

  router.operator(adminApi.rejectRecharge, ({ operator, body }) => {
    requireRole(operator, FINANCE_ROLES);
    return withTransaction(db, async (tx) => {
      const { before, after } = await recharges.reject(tx, body.orderNo, body.reason, {
        id: operator.id,
        tenantIds: operator.tenantIds,
      });
      await operators.audit(tx, operator, {
        tenantId: before.tenantId,
        action: 'recharge.reject',
        target: `recharge:${before.orderNo}`,
        before,
        after,
        reason: body.reason,
      });
      return recharges.toAdmin(after);
    });
  });

  router.operator(adminApi.withdrawals, ({ operator, query }) => {
    requireRole(operator, FINANCE_ROLES);
    return withdrawals.adminList({ ...query, tenantIds: tenantScope(operator, query.tenantId) });
  });

  router.operator(adminApi.withdrawalAction, ({ operator, body }) => {
    requireRole(operator, FINANCE_ROLES);
    return withTransaction(db, async (tx) => {
      const { before, after } = await withdrawals.act(tx, body.orderNo, body.action, body.reason, {
        id: operator.id,
        tenantIds: operator.tenantIds,
      });
      await operators.audit(tx, operator, {
        tenantId: before.tenantId,
        action: `withdrawal.${body.action}`,
        target: `withdrawal:${before.orderNo}`,
        before,
        after,
        reason: body.reason ?? null,
      });
      return toAdminWithdrawal(after);
    });
  });

  router.operator(adminApi.ledgerHealth, async ({ operator }) => {
    requireRole(operator, FINANCE_ROLES);
    const scope = operator.tenantIds;
    const rows = await db
      .select({
        currency: ledgerAccounts.currency,
        sum: sql<string>`sum(${ledgerAccounts.balance})::text`,
        accounts: count(),
      })
      .from(ledgerAccounts)
      .where(scope ? inArray(ledgerAccounts.tenantId, scope) : undefined)
      .groupBy(ledgerAccounts.currency)
      .orderBy(ledgerAccounts.currency);
    const currencies = rows.flatMap((r) =>
      isCurrencyKey(r.currency) ? [{ currency: r.currency, sum: r.sum, accounts: r.accounts }] : [],
    );
    return { balanced: currencies.every((c) => c.sum === '0'), currencies };
  });

  router.operator(adminApi.audit, ({ operator, query }) => {
    requireRole(operator, ['owner', 'tenant_admin', 'finance']);
    return operators.auditList({ ...query, tenantIds: operator.tenantIds });
  });
}
