import { api } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { AccountService } from '../auth/account.service.js';
import type { UserService } from './user.service.js';
import { sessionMeta } from '../../http/session-meta.js';

export function userRoutes(router: Router, users: UserService, accounts: AccountService): void {
  const info = (userId: bigint) => users.info(userId);

  router.user(api.user.info, ({ user }) => info(user.userId));
  router.user(api.user.update, async ({ user, body }) => {
    await users.update(user.userId, body);
    return info(user.userId);
  });
  router.user(api.user.uploadAvatar, async ({ user, body }) => ({
    avatar: await accounts.uploadAvatar(user, body.image),
  }));
  router.user(api.user.setInviteCode, async ({ user, query }) => ({
    inviterCode: await users.bindInviter(user.userId, query.inviteCode, {
      system: false,
      field: 'inviteCode',
    }),
  }));
  router.user(api.user.setSysUser, async ({ user, query }) => ({
    inviterCode: await users.bindInviter(user.userId, query.sysInviteCode, {
      system: true,
      field: 'sysInviteCode',
    }),
  }));
  router.user(api.user.getMessage, ({ user, query, lang }) => users.messages(user.userId, query, lang));
  router.user(api.user.readMessages, async ({ user, body }) => ({
    unread: await users.readMessages(user.userId, body.ids),
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
