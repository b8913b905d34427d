import { accessApi } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { AccessService } from './access.service.js';

/**
 * Console access (/admin-api/access/*): my password, two-factor enrolment and sessions (open to
 * every operator; password and enrolment also during set-up), and operators management (owners
 * and tenant admins). The service audits every change in the change's transaction.
 */
export function accessRoutes(router: Router, deps: { access: AccessService }): void {
  const { access } = deps;

  router.operator(accessApi.changePassword, ({ operator, body }) =>
    access.changePassword(operator, body.currentPassword, body.newPassword),
  );
  router.operator(accessApi.totpStart, ({ operator }) => access.totpStart(operator));
  router.operator(accessApi.totpConfirm, ({ operator, body }) => access.totpConfirm(operator, body.code));
  router.operator(accessApi.recoveryCodes, ({ operator }) => access.recoveryCodes(operator));
  router.operator(accessApi.regenerateRecoveryCodes, ({ operator, body }) =>
    access.regenerateRecoveryCodes(operator, body.code),
  );
  router.operator(accessApi.totpDisable, ({ operator, body }) => access.totpDisable(operator, body.code));

  router.operator(accessApi.sessions, async ({ operator }) => ({ list: await access.sessions(operator) }));
  router.operator(accessApi.revokeSession, async ({ operator, body }) => {
    await access.revokeSession(operator, body.id);
    return {};
  });
  router.operator(accessApi.revokeOtherSessions, async ({ operator }) => ({
    revoked: await access.revokeOtherSessions(operator),
  }));

  router.operator(accessApi.operators, ({ operator, query }) => access.list(operator, query));
  router.operator(accessApi.createOperator, ({ operator, body }) => access.create(operator, body));
  router.operator(accessApi.updateOperator, ({ operator, body }) => access.update(operator, body));
  router.operator(accessApi.setOperatorDisabled, ({ operator, body }) =>
    access.setDisabled(operator, body.id, body.disabled),
  );
  router.operator(accessApi.resetOperatorPassword, ({ operator, body }) =>
    access.resetPassword(operator, body.id),
  );
  router.operator(accessApi.resetOperatorTotp, ({ operator, body }) => access.resetTotp(operator, body.id));
}
