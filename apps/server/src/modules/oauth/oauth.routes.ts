import { api, type MessageKey } from '@dramastar/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { clientAddress } from '../../http/client-address.js';
import type { Router } from '../../http/route.js';
import { sessionMeta } from '../../http/session-meta.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { GoogleAccounts, GoogleFlow } from './google-accounts.service.js';
import { type OidcClient, randomChecks } from './oidc.js';

const THREE_PAGE = '/#/pages/login/three';
const BIND_PAGE = '/#/pages/profile/setting/bindOrContinueWith';

export interface OauthDeps {
  oidc: OidcClient | undefined;
  google: GoogleAccounts;
  tenants: TenantService;
  limiter: RateLimiter;
}

const renderQuery = z.object({
  /** An app path to come back to after sign-in, e.g. `/pages/profile/index`. */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[\w\-./?=&%#]*$/)
    .optional(),
  tenantId: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
const bindQuery = z.object({ ticket: z.string().min(1).max(200) });
const callbackQuery = z.object({ state: z.string().min(1).max(200) }).loose();

const withQuery = (page: string, params: Record<string, string>) =>
  `${page}?${new URLSearchParams(params).toString()}`;

/**
 * Google sign-in (spec: browser navigations to /app-api/oauth/render/google and
 * /app-api/oauth/bind/google): a real OpenID Connect authorization-code flow with state, nonce
 * and PKCE, the in-flight values kept server-side (any instance can take the callback).
 */
export function oauthRoutes(app: FastifyInstance, router: Router, deps: OauthDeps): void {
  const { oidc, google, tenants, limiter } = deps;

  async function startFlow(reply: FastifyReply, flow: GoogleFlow) {
    if (!oidc) throw new AppError('GoogleNotConfigured');
    const checks = randomChecks();
    await google.begin(flow, checks);
    return reply.redirect((await oidc.authorizationUrl(checks)).toString(), 302);
  }

  const fail = (reply: FastifyReply, page: string, key: MessageKey) =>
    reply.redirect(withQuery(page, { error: key }), 302);

  app.get('/app-api/oauth/render/google', async (req, reply) => {
    const query = renderQuery.safeParse(req.query);
    if (!oidc) return fail(reply, THREE_PAGE, 'GoogleNotConfigured');
    if (!query.success) return fail(reply, THREE_PAGE, 'OAuthFailed');
    await limiter.hit(`oauth:ip:${clientAddress(req)}`, 30, 600);
    const tenantId = query.data.tenantId ?? (await tenants.resolveByDomain(req.hostname)).tenantId;
    await tenants.require(tenantId);
    return startFlow(reply, { kind: 'login', tenantId, userId: null, returnTo: query.data.returnTo ?? null });
  });

  app.get('/app-api/oauth/bind/google', async (req, reply) => {
    const query = bindQuery.safeParse(req.query);
    if (!oidc) return fail(reply, BIND_PAGE, 'GoogleNotConfigured');
    if (!query.success) return fail(reply, BIND_PAGE, 'LoginTicketInvalid');
    const flow = await google.bindFlow(query.data.ticket);
    if (!flow) return fail(reply, BIND_PAGE, 'LoginTicketInvalid');
    return startFlow(reply, flow);
  });

  app.get('/app-api/oauth/callback/google', async (req: FastifyRequest, reply) => {
    const query = callbackQuery.safeParse(req.query);
    if (!oidc || !query.success) return fail(reply, THREE_PAGE, 'OAuthFailed');
    // The state is looked up and used up first: a replayed or forged callback finds nothing.
    const flow = await google.take(query.data.state);
    if (!flow) return fail(reply, THREE_PAGE, 'OAuthFailed');
    const page = flow.kind === 'bind' ? BIND_PAGE : THREE_PAGE;
    let identity;
    try {
      identity = await oidc.exchange(req.url.slice(req.url.indexOf('?')), {
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
    } catch (err) {
      req.log.warn({ err }, 'Google sign-in failed');
      return fail(reply, page, 'OAuthFailed');
    }

    if (flow.kind === 'bind' && flow.userId !== null) {
      try {
        await google.bind(flow.userId, flow.tenantId, identity);
      } catch (error) {
        if (error instanceof AppError) return fail(reply, page, error.key);
        throw error;
      }
      return reply.redirect(withQuery(BIND_PAGE, { bound: 'google' }), 302);
    }

    const params: Record<string, string> = {
      token: await google.loginTicket(flow.tenantId, identity),
      channel: 'google',
    };
    if (flow.returnTo) params.returnTo = flow.returnTo;
    return reply.redirect(withQuery(THREE_PAGE, params), 302);
  });

  router.guest(api.auth.thirdLoginByToken, ({ body, req }) =>
    google.signIn(body.accessToken, sessionMeta(req)),
  );

  router.guest(api.auth.thirdLogin, async ({ body, req }) => ({
    access_token: await google.signUp(body, sessionMeta(req)),
  }));
}
