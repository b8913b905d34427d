import { api } from '@dramastar/contract';
import { clientAddress } from '../../http/client-address.js';
import type { Router } from '../../http/route.js';
import { sessionMeta } from '../../http/session-meta.js';
import type { AuthService } from './auth.service.js';

export function authRoutes(router: Router, auth: AuthService): void {
  router.guest(api.auth.sendEmailCode, ({ body, req, lang }) =>
    auth.sendEmailCode(body, clientAddress(req), lang),
  );
  router.guest(api.auth.register, async ({ body, req, lang }) => ({
    access_token: await auth.registerByEmail(body, sessionMeta(req), lang),
  }));
  router.guest(api.auth.login, async ({ body, req }) => ({
    access_token: await auth.loginByEmail(body, sessionMeta(req)),
  }));
  router.guest(api.auth.registerByName, async ({ body, req }) => ({
    access_token: await auth.registerByName(body, sessionMeta(req)),
  }));
  router.guest(api.auth.loginByName, async ({ body, req }) => ({
    access_token: await auth.loginByName(body, sessionMeta(req)),
  }));
  router.guest(api.auth.captcha, ({ req }) => auth.captcha(clientAddress(req)));
  router.user(api.auth.logout, async ({ user }) => {
    await auth.logout(user);
    return null;
  });
  router.user(api.user.handoffTicket, async ({ user }) => ({ ticket: await auth.handoffTicket(user) }));
  router.guest(api.auth.loginByTicket, async ({ body, req }) => ({
    access_token: await auth.loginByTicket(body.ticket, sessionMeta(req)),
  }));
}
