import { api, type MessageKey } from '@dramastar/contract';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { oauthStates, userIdentities, users } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Router } from '../../http/route.js';
import type { SessionService } from '../auth/session.service.js';
import type { TicketService } from '../auth/ticket.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import { type UserService } from '../user/user.service.js';
import { type OidcClient, randomChecks } from './oidc.js';
import { sessionMeta } from '../../http/session-meta.js';
import { uniqueViolation } from '../../db/errors.js';

const STATE_TTL_MS = 10 * 60_000;
const THREE_PAGE = '/#/pages/login/three';
const BIND_PAGE = '/#/pages/profile/setting/bindOrContinueWith';

export interface OauthDeps {
  db: Db;
  clock: Clock;
  oidc: OidcClient | undefined;
  tickets: TicketService;
  users: UserService;
  sessions: SessionService;
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
  const { db, clock, oidc, tickets, users: userService, sessions, tenants, limiter } = deps;

  async function startFlow(
    reply: FastifyReply,
    input: { kind: 'login' | 'bind'; tenantId: string; userId: bigint | null; returnTo: string | null },
  ) {
    if (!oidc) throw new AppError('GoogleNotConfigured');
    const checks = randomChecks();
    const now = clock.now();
    await db.insert(oauthStates).values({
      ...checks,
      kind: input.kind,
      tenantId: input.tenantId,
      userId: input.userId,
      returnTo: input.returnTo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    return reply.redirect((await oidc.authorizationUrl(checks)).toString(), 302);
  }

  const fail = (reply: FastifyReply, page: string, key: MessageKey) =>
    reply.redirect(withQuery(page, { error: key }), 302);

  app.get('/app-api/oauth/render/google', async (req, reply) => {
    const query = renderQuery.safeParse(req.query);
    if (!oidc) return fail(reply, THREE_PAGE, 'GoogleNotConfigured');
    if (!query.success) return fail(reply, THREE_PAGE, 'OAuthFailed');
    await limiter.hit(`oauth:ip:${req.ip}`, 30, 600);
    const tenantId = query.data.tenantId ?? (await tenants.resolveByDomain(req.hostname)).tenantId;
    await tenants.require(tenantId);
    return startFlow(reply, { kind: 'login', tenantId, userId: null, returnTo: query.data.returnTo ?? null });
  });

  app.get('/app-api/oauth/bind/google', async (req, reply) => {
    const query = bindQuery.safeParse(req.query);
    if (!oidc) return fail(reply, BIND_PAGE, 'GoogleNotConfigured');
    if (!query.success) return fail(reply, BIND_PAGE, 'LoginTicketInvalid');
    const ticket = await tickets.peek('google_bind', query.data.ticket).catch(() => null);
    if (!ticket?.userId) return fail(reply, BIND_PAGE, 'LoginTicketInvalid');
    await tickets.consume(db, ticket);
    return startFlow(reply, {
      kind: 'bind',
      tenantId: ticket.tenantId,
      userId: ticket.userId,
      returnTo: null,
    });
  });

  app.get('/app-api/oauth/callback/google', async (req: FastifyRequest, reply) => {
    const query = callbackQuery.safeParse(req.query);
    if (!oidc || !query.success) return fail(reply, THREE_PAGE, 'OAuthFailed');
    // The state is looked up and used up first: a replayed or forged callback finds nothing.
    const [flow] = await db
      .update(oauthStates)
      .set({ consumedAt: clock.now() })
      .where(
        and(
          eq(oauthStates.state, query.data.state),
          isNull(oauthStates.consumedAt),
          gt(oauthStates.expiresAt, clock.now()),
        ),
      )
      .returning();
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
      const userId = flow.userId;
      try {
        await withTransaction(db, async (tx) => {
          const [mine] = await tx
            .select({ id: userIdentities.id })
            .from(userIdentities)
            .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, 'google')));
          if (mine) throw new AppError('AlreadyBound');
          await tx.insert(userIdentities).values({
            userId,
            tenantId: flow.tenantId,
            provider: 'google',
            subject: identity.subject,
            email: identity.email,
            createdAt: clock.now(),
          });
          await userService.addMessage(
            tx,
            userId,
            'method_bound',
            'AccountMsgMethodBoundTitle',
            'AccountMsgMethodBoundBody',
            {
              method: 'Google',
            },
          );
        });
      } catch (error) {
        if (error instanceof AppError) return fail(reply, page, error.key);
        if (uniqueViolation(error) !== null) return fail(reply, page, 'IdentityInUse');
        throw error;
      }
      return reply.redirect(withQuery(BIND_PAGE, { bound: 'google' }), 302);
    }

    const token = await tickets.issue(db, {
      kind: 'google_login',
      tenantId: flow.tenantId,
      data: { subject: identity.subject, email: identity.email, name: identity.name },
    });
    const params: Record<string, string> = { token, channel: 'google' };
    if (flow.returnTo) params.returnTo = flow.returnTo;
    return reply.redirect(withQuery(THREE_PAGE, params), 302);
  });

  /** The user a Google identity belongs to: linked before, or the same verified e-mail in the tenant. */
  async function ownerOf(tenantId: string, subject: string, email: string | null) {
    const [linked] = await db
      .select({ id: users.id })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(
        and(
          eq(userIdentities.tenantId, tenantId),
          eq(userIdentities.provider, 'google'),
          eq(userIdentities.subject, subject),
          ne(users.status, 'cancelled'),
        ),
      );
    if (linked) return { userId: linked.id, link: false };
    if (!email) return null;
    const [sameEmail] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.email, email), ne(users.status, 'cancelled')));
    return sameEmail ? { userId: sameEmail.id, link: true } : null;
  }

  router.guest(api.auth.thirdLoginByToken, async ({ body, req }) => {
    const ticket = await tickets.peek('google_login', body.accessToken);
    const subject = ticket.data?.subject ?? '';
    const email = ticket.data?.email ?? null;
    const owner = await ownerOf(ticket.tenantId, subject, email);
    if (!owner)
      return { access_token: null, channel: 'google' as const, email, name: ticket.data?.name ?? null };
    const access = await withTransaction(db, async (tx) => {
      await tickets.consume(tx, ticket);
      if (owner.link) {
        await tx.insert(userIdentities).values({
          userId: owner.userId,
          tenantId: ticket.tenantId,
          provider: 'google',
          subject,
          email,
          createdAt: clock.now(),
        });
      }
      return sessions.create(tx, owner.userId, sessionMeta(req));
    });
    return { access_token: access, channel: 'google' as const, email, name: ticket.data?.name ?? null };
  });

  router.guest(api.auth.thirdLogin, async ({ body, req }) => {
    const ticket = await tickets.peek('google_login', body.accessToken);
    const subject = ticket.data?.subject ?? '';
    const email = ticket.data?.email ?? null;
    if (await ownerOf(ticket.tenantId, subject, email)) {
      // Already an account: the three-page should have logged in; do not make a second one.
      throw new AppError('AlreadyBound');
    }
    const inviter = body.inviteCode
      ? (await userService.inviterByCode(db, ticket.tenantId, body.inviteCode)).id
      : null;
    const access = await withTransaction(db, async (tx) => {
      await tickets.consume(tx, ticket);
      const user = await userService.create(tx, {
        tenantId: ticket.tenantId,
        nickname: ticket.data?.name ?? null,
        email,
        areaCode: body.areaCode,
        phone: body.phone,
        inviterId: inviter,
      });
      await tx.insert(userIdentities).values({
        userId: user.id,
        tenantId: ticket.tenantId,
        provider: 'google',
        subject,
        email,
        createdAt: clock.now(),
      });
      return sessions.create(tx, user.id, sessionMeta(req));
    });
    return { access_token: access };
  });
}
