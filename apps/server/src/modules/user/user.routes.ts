import { api } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { UserService } from './user.service.js';

/** The user's profile, inviter and messages; the account itself is auth's (account.routes.ts). */
export function userRoutes(router: Router, users: UserService): void {
  const info = (userId: bigint) => users.info(userId);

  router.user(api.user.info, ({ user }) => info(user.userId));
  router.user(api.user.update, async ({ user, body }) => {
    await users.update(user.userId, body);
    return info(user.userId);
  });
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
}
