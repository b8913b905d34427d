import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Router } from '../../http/route.js';
import type { SessionService } from '../auth/session.service.js';
import type { TicketService } from '../auth/ticket.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { UserService } from '../user/user.service.js';
import { createGoogleAccounts } from './google-accounts.service.js';
import { oauthRoutes } from './oauth.routes.js';
import { createOidcClient, type OidcClient } from './oidc.js';

/** Google sign-in (/app-api/oauth): the OpenID Connect client made from config when not given. */
export function registerOauth(
  app: FastifyInstance,
  router: Router,
  deps: {
    config: Pick<Config, 'google' | 'publicUrl'>;
    /** The OpenID Connect client for Google (tests give a fake). */
    oidc?: OidcClient | undefined;
    db: Db;
    clock: Clock;
    tickets: TicketService;
    users: UserService;
    sessions: SessionService;
    tenants: TenantService;
    limiter: RateLimiter;
  },
): void {
  const { config, db, clock, tickets, users, sessions } = deps;
  const oidc =
    deps.oidc ??
    (config.google
      ? createOidcClient(config.google, `${config.publicUrl}/app-api/oauth/callback/google`)
      : undefined);
  const google = createGoogleAccounts({ db, clock, tickets, users, sessions });
  oauthRoutes(app, router, { oidc, google, tenants: deps.tenants, limiter: deps.limiter });
}
