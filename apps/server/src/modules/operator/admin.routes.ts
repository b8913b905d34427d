import { adminApi, isCurrencyKey } from '@dramastar/contract';
import { count, inArray, sql } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/index.js';
import type { Db, Tx } from '../../db/client.js';
import { withTransaction } from '../../db/tx.js';
import type { Router } from '../../http/route.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import { toAdminWithdrawal, type WithdrawalService } from '../wallet/withdrawal.service.js';
import { contextInfo, type OperatorContext, type OperatorService, tenantScope } from './operator.service.js';

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

  router.guest(adminApi.login, ({ body, req }) =>
    operators.login(body, { userAgent: req.headers['user-agent'], ip: req.ip }),
  );
  router.operator(adminApi.logout, async ({ operator }) => {
    await operators.logout(operator);
    return {};
  });
  router.operator(adminApi.me, async ({ operator }) => contextInfo(operator));

  router.operator(adminApi.recharges, ({ operator, query }) => {
    return recharges.adminList({ ...query, tenantIds: tenantScope(operator, query.tenantId) });
  });

  /**
   * A finance change and its audit entry in one transaction: `change` answers the record before
   * and after (its tenant and order number name the entry).
   */
  const audited = <R extends { tenantId: string; orderNo: string }>(
    operator: OperatorContext,
    entry: { action: string; kind: 'recharge' | 'withdrawal'; reason?: string | undefined },
    change: (tx: Tx, actor: { id: bigint; tenantIds: string[] | null }) => Promise<{ before: R; after: R }>,
  ) => {
    return withTransaction(db, async (tx) => {
      const { before, after } = await change(tx, { id: operator.id, tenantIds: operator.tenantIds });
      await operators.audit(tx, operator, {
        tenantId: before.tenantId,
        action: `${entry.kind}.${entry.action}`,
        target: `${entry.kind}:${before.orderNo}`,
        before,
        after,
        reason: entry.reason ?? null,
      });
      return after;
    });
  };

  router.operator(adminApi.confirmRecharge, async ({ operator, body }) =>
    recharges.toAdmin(
      await audited(operator, { kind: 'recharge', action: 'confirm' }, (tx, actor) =>
        recharges.confirm(tx, body.orderNo, body.matchedReference, actor),
      ),
    ),
  );

  router.operator(adminApi.rejectRecharge, async ({ operator, body }) =>
    recharges.toAdmin(
      await audited(operator, { kind: 'recharge', action: 'reject', reason: body.reason }, (tx, actor) =>
        recharges.reject(tx, body.orderNo, body.reason, actor),
      ),
    ),
  );

  router.operator(adminApi.withdrawals, ({ operator, query }) => {
    return withdrawals.adminList({ ...query, tenantIds: tenantScope(operator, query.tenantId) });
  });

  router.operator(adminApi.withdrawalAction, async ({ operator, body }) =>
    toAdminWithdrawal(
      await audited(operator, { kind: 'withdrawal', action: body.action, reason: body.reason }, (tx, actor) =>
        withdrawals.act(tx, body.orderNo, body.action, body.reason, actor),
      ),
    ),
  );

  // Finance sees the full account only to pay it, and every look is in the audit log.
  router.operator(adminApi.withdrawalPayoutAccount, ({ operator, body }) =>
    withTransaction(db, async (tx) => {
      const { row, destination } = await withdrawals.payoutAccount(tx, body.orderNo, operator.tenantIds);
      await operators.audit(tx, operator, {
        tenantId: row.tenantId,
        action: 'withdrawal.payout_account_view',
        target: `withdrawal:${row.orderNo}`,
      });
      return { orderNo: row.orderNo, ...destination };
    }),
  );

  router.operator(adminApi.ledgerHealth, async ({ operator }) => {
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

  router.operator(adminApi.auditActions, async ({ operator }) => ({
    actions: await operators.auditActions(operator.tenantIds),
  }));
  router.operator(adminApi.audit, ({ operator, query }) => {
    return operators.auditList({ ...query, tenantIds: operator.tenantIds });
  });
}
