import { api } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Router } from '../../http/route.js';
import { sessionMeta } from '../../http/session-meta.js';
import { withTransaction } from '../../db/tx.js';
import type { AuthService } from './auth.service.js';
import type { SessionService } from './session.service.js';
import type { TicketService } from './ticket.service.js';

export function authRoutes(
  router: Router,
  deps: {
    auth: AuthService;
    tickets: TicketService;
    sessions: SessionService;
    db: Db;
  },
): void {
  const { auth, tickets, sessions, db } = deps;
  router.guest(api.auth.sendEmailCode, ({ body, req, lang }) => auth.sendEmailCode(body, req.ip, lang));
  router.guest(api.auth.register, async ({ body, req }) => ({
    access_token: await auth.registerByEmail(body, sessionMeta(req)),
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
  router.guest(api.auth.captcha, ({ req }) => auth.captcha(req.ip));
  router.user(api.auth.logout, async ({ user }) => {
    await auth.logout(user);
    return null;
  });
  router.user(api.user.handoffTicket, async ({ user }) => ({
    ticket: await tickets.issue(db, {
      kind: 'session_handoff',
      tenantId: user.tenantId,
      userId: user.userId,
    }),
  }));
  router.guest(api.auth.loginByTicket, async ({ body, req }) => {
    const ticket = await tickets.peek('session_handoff', body.ticket);
    const userId = ticket.userId;
    if (userId === null) throw new AppError('LoginTicketInvalid');
    const token = await withTransaction(db, async (tx) => {
      await tickets.consume(tx, ticket);
      return sessions.create(tx, userId, sessionMeta(req));
    });
    return { access_token: token };
  });
}
