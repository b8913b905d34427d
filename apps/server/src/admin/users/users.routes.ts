import { adminUsersApi } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import { type OperatorService, tenantScope } from '../../modules/operator/operator.service.js';
import type { AdminUserService } from './users.service.js';

/**
 * The console's Users page (/admin-api/users/*): support and finance read, admins freeze,
 * unfreeze and end sessions. A user outside the operator's tenants is 403; every change writes
 * its audit entry (before/after, reason) in the transaction of the change.
 */
export function adminUsersRoutes(
  router: Router,
  deps: { db: Db; operators: OperatorService; adminUsers: AdminUserService },
): void {
  const { db, operators, adminUsers } = deps;

  router.operator(adminUsersApi.search, ({ operator, query }) => {
    const { tenantId, ...filter } = query;
    return adminUsers.search({ ...filter, tenantIds: tenantScope(operator, tenantId) });
  });

  router.operator(adminUsersApi.detail, async ({ operator, query }) =>
    adminUsers.detail(await adminUsers.scopedUser(db, operator, query.userId)),
  );

  router.operator(adminUsersApi.ledger, async ({ operator, query }) => {
    const { userId, ...page } = query;
    return adminUsers.ledger(await adminUsers.scopedUser(db, operator, userId), page);
  });

  router.operator(adminUsersApi.recharges, async ({ operator, query }) => {
    const { userId, ...page } = query;
    return adminUsers.recharges(await adminUsers.scopedUser(db, operator, userId), page);
  });

  router.operator(adminUsersApi.withdrawals, async ({ operator, query }) => {
    const { userId, ...page } = query;
    return adminUsers.withdrawals(await adminUsers.scopedUser(db, operator, userId), page);
  });

  router.operator(adminUsersApi.sessions, async ({ operator, query }) => {
    const { userId, ...page } = query;
    return adminUsers.sessions(await adminUsers.scopedUser(db, operator, userId), page);
  });

  router.operator(adminUsersApi.revokeSession, ({ operator, body }) =>
    operators
      .audited(
        operator,
        async (tx) => {
          const user = await adminUsers.scopedUser(tx, operator, body.userId, true);
          return { user, ...(await adminUsers.revokeSession(tx, user, body.sessionId)) };
        },
        ({ user, before, after, changed }) =>
          changed
            ? {
                tenantId: user.tenantId,
                action: 'user.session.revoke',
                target: `user:${user.id}`,
                before,
                after,
              }
            : null,
      )
      .then(({ after }) => after),
  );

  for (const [call, to] of [
    [adminUsersApi.freeze, 'frozen'],
    [adminUsersApi.unfreeze, 'active'],
  ] as const) {
    router.operator(call, ({ operator, body }) =>
      operators
        .audited(
          operator,
          async (tx) => {
            const user = await adminUsers.scopedUser(tx, operator, body.userId, true);
            return { user, ...(await adminUsers.setStatus(tx, user, to)) };
          },
          ({ user, before, after }) => ({
            tenantId: user.tenantId,
            action: to === 'frozen' ? 'user.freeze' : 'user.unfreeze',
            target: `user:${user.id}`,
            before: { status: before.status },
            after: { status: after.status },
            reason: body.reason,
          }),
        )
        .then(({ after }) => after),
    );
  }
}
