import { api } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import { sessionMeta } from '../../http/session-meta.js';
import type { UserService } from '../user/user.service.js';
import type { AccountService } from './account.service.js';

/** The signed-in user's own account (avatar, login methods, password, cancel): api.user routes. */
export function accountRoutes(router: Router, accounts: AccountService, users: UserService): void {
  const info = (userId: bigint) => users.info(userId);

  router.user(api.user.uploadAvatar, async ({ user, body }) => ({
    avatar: await accounts.uploadAvatar(user, body.image),
  }));
  router.user(api.user.loginMethods, ({ user }) => accounts.loginMethods(user.userId));
  router.user(api.user.bindEmail, async ({ user, body }) => {
    await accounts.bindEmail(user, body);
    return info(user.userId);
  });
  router.user(api.user.bindUserName, async ({ user, body }) => {
    await accounts.bindUserName(user, body);
    return info(user.userId);
  });
  router.user(api.user.unbind, async ({ user, body }) => {
    await accounts.unbind(user, body.method);
    return info(user.userId);
  });
  router.user(api.user.bindTicket, async ({ user }) => ({ ticket: await accounts.bindTicket(user) }));
  router.user(api.user.changePassword, async ({ user, body, req }) => ({
    access_token: await accounts.changePassword(user, body, sessionMeta(req)),
  }));
  router.user(api.user.cancelAccount, async ({ user, body }) => {
    await accounts.cancel(user, body);
    return null;
  });
}
