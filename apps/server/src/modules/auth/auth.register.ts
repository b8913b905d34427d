import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Router } from '../../http/route.js';
import type { MediaStorage } from '../../media/storage.js';
import type { Mailer } from '../mail/mailer.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { UserService } from '../user/user.service.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService } from './auth.service.js';
import { type CaptchaGenerator, createCaptchaService, svgCaptchaGenerator } from './captcha.service.js';
import { createEmailCodeService } from './email-code.service.js';
import type { SessionService } from './session.service.js';
import { createTicketService } from './ticket.service.js';

/**
 * Sign-up, sign-in and the signed-in user's account (/app-api/auth, /app-api/account): e-mailed
 * codes, captchas, tickets. Answers the e-mailed codes and tickets later modules ask for.
 */
export function registerAuth(
  router: Router,
  deps: {
    db: Db;
    clock: Clock;
    users: UserService;
    sessions: SessionService;
    mailer: Mailer;
    limiter: RateLimiter;
    tenants: TenantService;
    storage: MediaStorage;
    /** Captcha pictures and answers (tests give one whose answers they know). */
    captcha?: CaptchaGenerator | undefined;
    googleEnabled: boolean;
  },
) {
  const { db, clock, users, sessions, limiter, tenants } = deps;
  const codes = createEmailCodeService(db, clock, deps.mailer, limiter);
  const captcha = createCaptchaService(db, clock, deps.captcha ?? svgCaptchaGenerator);
  const tickets = createTicketService(db, clock);
  const auth = createAuthService({ db, users, sessions, tickets, codes, captcha, limiter, tenants });
  const accounts = createAccountService({
    db,
    clock,
    users,
    sessions,
    codes,
    tickets,
    storage: deps.storage,
    googleEnabled: deps.googleEnabled,
  });
  authRoutes(router, auth);
  accountRoutes(router, accounts, users);
  return { codes, tickets };
}
