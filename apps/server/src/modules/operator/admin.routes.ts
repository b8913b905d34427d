import { adminApi } from '@dramastar/contract';
import { currencySums } from '../ledger/ledger.service.js';
// eslint-disable-next-line no-restricted-imports -- still to move into a service (issue 42): the audited finance change's unit of work
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { clientAddress } from '../../http/client-address.js';
import type { Router } from '../../http/route.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import { toAdminWithdrawal } from '../wallet/withdrawal-orders.js';
import type { WithdrawalService } from '../wallet/withdrawal.service.js';
import { contextInfo, type OperatorContext, type OperatorService, tenantScope } from './operator.service.js';

/**
 * The console's API (/admin-api): sign-in, finance (recharge confirmations, the withdrawal
 * queue, the ledger's balance check) and the audit log. Every changing call writes its audit
 * entry in the same transaction as the change.
 */
/** Failed console sign-ins one client address may make in a window. */
export const OPERATOR_SIGN_IN_FAILURES = { limit: 30, seconds: 600 } as const;

export function adminRoutes(
  router: Router,
  deps: {
    db: Db;
    operators: OperatorService;
    recharges: RechargeService;
    withdrawals: WithdrawalService;
    limiter: RateLimiter;
  },
): void {
  const { db, operators, recharges, withdrawals, limiter } = deps;

  /**
   * Failed sign-ins per client address, across usernames (each operator also locks after 5): every
   * try is counted before its password is checked, and one that gets past the password (signed in,
   * or asked for its TOTP code) is taken back, so concurrent tries never check more than the limit.
   */
  router.guest(adminApi.login, async ({ body, req }) => {
    const key = `operatorSignIn:ip:${clientAddress(req)}`;
    await limiter.hit(key, OPERATOR_SIGN_IN_FAILURES.limit, OPERATOR_SIGN_IN_FAILURES.seconds);
    try {
      const session = await operators.login(body, { userAgent: req.headers['user-agent'], ip: req.ip });
      await limiter.forgive(key);
      return session;
    } catch (error) {
      if (error instanceof AppError && error.key === 'TotpRequired') await limiter.forgive(key);
      throw error;
    }
  });
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
  const audited = async <R extends { tenantId: string; orderNo: string }>(
    operator: OperatorContext,
    entry: {
      action: string;
      kind: 'recharge' | 'withdrawal';
      reason?: string | undefined;
      /** The entry's note from the record after the change (when it depends on what was done). */
      noteOf?: (after: R) => string;
    },
    change: (tx: Tx, actor: { id: bigint; tenantIds: string[] | null }) => Promise<{ before: R; after: R }>,
  ) => {
    const made = await operators.audited(
      operator,
      (tx) => change(tx, { id: operator.id, tenantIds: operator.tenantIds }),
      ({ before, after }) => ({
        tenantId: before.tenantId,
        action: `${entry.kind}.${entry.action}`,
        target: `${entry.kind}:${before.orderNo}`,
        before,
        after,
        reason: entry.noteOf ? entry.noteOf(after) : (entry.reason ?? null),
      }),
    );
    return made.after;
  };

  router.operator(adminApi.confirmRecharge, async ({ operator, body }) =>
    recharges.toAdmin(
      await audited(
        operator,
        {
          kind: 'recharge',
          action: 'confirm',
          // The reference typed, and when the amount received differed, what was credited instead.
          noteOf: (after) =>
            [
              `reference: ${after.matchedReference ?? ''}`,
              after.receivedAmount !== after.amount ? after.reason : null,
            ]
              .filter(Boolean)
              .join('; '),
        },
        (tx, actor) => recharges.confirm(tx, body.orderNo, body.matchedReference, actor, body.receivedAmount),
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
      await audited(
        operator,
        {
          kind: 'withdrawal',
          action: body.action,
          // Mark paid: the bank's reference reads in the audit log as the step's note.
          reason: body.action === 'pay' && body.reference ? `reference: ${body.reference}` : body.reason,
        },
        (tx, actor) => withdrawals.act(tx, body.orderNo, body.action, body.reason, actor, body.reference),
      ),
    ),
  );

  // Several approvals: each its own transaction and audit entry, a refusal reported beside the rest.
  router.operator(adminApi.withdrawalBulkApprove, async ({ operator, body }) => {
    const results: { orderNo: string; ok: boolean; errorKey: string | null }[] = [];
    for (const orderNo of [...new Set(body.orderNos)]) {
      try {
        await audited(operator, { kind: 'withdrawal', action: 'approve' }, (tx, actor) =>
          withdrawals.act(tx, orderNo, 'approve', undefined, actor),
        );
        results.push({ orderNo, ok: true, errorKey: null });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ orderNo, ok: false, errorKey: error.key });
      }
    }
    return { results };
  });

  // Who did each step and when: the user's application, then every operator's entry for it.
  router.operator(adminApi.withdrawalTimeline, async ({ operator, query }) => {
    const row = await withdrawals.adminOne(query.orderNo, operator.tenantIds);
    const target = `withdrawal:${row.orderNo}`;
    const { list } = await operators.auditList({
      tenantIds: operator.tenantIds,
      tenantId: row.tenantId,
      target,
      pageNum: 1,
      pageSize: 100,
    });
    const steps = list
      .filter((e) => e.target === target)
      .reverse()
      .map((e) => {
        const action = e.action.replace(/^withdrawal\./, '');
        const paid = action === 'pay' ? (e.reason?.replace(/^reference: /, '') ?? null) : null;
        return { action, by: e.operator, at: e.createdAt, reason: paid ? null : e.reason, reference: paid };
      });
    return {
      orderNo: row.orderNo,
      steps: [
        { action: 'applied', by: null, at: row.appliedAt.toISOString(), reason: null, reference: null },
        ...steps,
      ],
    };
  });

  // Finance sees the full account only to pay it, and every look is in the audit log.
  router.operator(adminApi.withdrawalPayoutAccount, ({ operator, body }) =>
    operators
      .audited(
        operator,
        (tx) => withdrawals.payoutAccount(tx, body.orderNo, operator.tenantIds),
        ({ row }) => ({
          tenantId: row.tenantId,
          action: 'withdrawal.payout_account_view',
          target: `withdrawal:${row.orderNo}`,
        }),
      )
      .then(({ row, destination }) => ({ orderNo: row.orderNo, ...destination })),
  );

  router.operator(adminApi.ledgerHealth, async ({ operator }) => {
    const currencies = await currencySums(db, operator.tenantIds);
    return { balanced: currencies.every((c) => c.sum === '0'), currencies };
  });

  router.operator(adminApi.auditActions, async ({ operator }) => ({
    actions: await operators.auditActions(operator.tenantIds),
  }));
  router.operator(adminApi.audit, ({ operator, query }) => {
    return operators.auditList({ ...query, tenantIds: operator.tenantIds });
  });
}
