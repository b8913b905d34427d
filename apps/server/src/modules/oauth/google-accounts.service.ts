import type { z } from 'zod';
import type { thirdLoginBody } from '@dramastar/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { uniqueViolation } from '../../db/errors.js';
import { oauthStates } from '../../db/schema/index.js';
import { addIdentity, hasIdentity, identityOwner, userByEmail } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { SessionMeta, SessionService } from '../auth/session.service.js';
import type { TicketRow, TicketService } from '../auth/ticket.service.js';
import type { UserService } from '../user/user.service.js';
import type { OidcChecks, OidcIdentity } from './oidc.js';

const STATE_TTL_MS = 10 * 60_000;

/** A Google round trip under way: kept server-side so any instance can take the callback. */
export interface GoogleFlow {
  kind: 'login' | 'bind';
  tenantId: string;
  /** Whose account a `bind` adds Google to. */
  userId: bigint | null;
  returnTo: string | null;
}

/** What the three-page learns from a sign-in ticket: a session, or the name and address to sign up with. */
export interface GoogleSignIn {
  access_token: string | null;
  channel: 'google';
  email: string | null;
  name: string | null;
}

/**
 * Google accounts in the database: the flows under way, the identities linked to users, and the
 * sign-in and sign-up that turn a Google sign-in ticket into a session (each all or nothing).
 */
export function createGoogleAccounts(deps: {
  db: Db;
  clock: Clock;
  tickets: TicketService;
  users: UserService;
  sessions: SessionService;
}) {
  const { db, clock, tickets, users: userService, sessions } = deps;

  function link(
    tx: DbOrTx,
    userId: bigint,
    tenantId: string,
    identity: { subject: string; email: string | null },
  ) {
    return addIdentity(tx, {
      userId,
      tenantId,
      provider: 'google',
      subject: identity.subject,
      email: identity.email,
      createdAt: clock.now(),
    });
  }

  /** The user a Google identity belongs to: linked before, or the same verified e-mail in the tenant. */
  async function ownerOf(tenantId: string, subject: string, email: string | null) {
    const linked = await identityOwner(db, tenantId, 'google', subject);
    if (linked !== undefined) return { userId: linked, link: false };
    if (!email) return null;
    const sameEmail = await userByEmail(db, tenantId, email);
    return sameEmail !== undefined ? { userId: sameEmail, link: true } : null;
  }

  /** The identity a sign-in ticket carries. */
  const identityOf = (ticket: TicketRow) => ({
    subject: ticket.data?.subject ?? '',
    email: ticket.data?.email ?? null,
    name: ticket.data?.name ?? null,
  });

  return {
    /** Keeps a flow's checks for its callback, for ten minutes. */
    async begin(flow: GoogleFlow, checks: OidcChecks): Promise<void> {
      const now = clock.now();
      await db
        .insert(oauthStates)
        .values({ ...checks, ...flow, createdAt: now, expiresAt: new Date(now.getTime() + STATE_TTL_MS) });
    },

    /**
     * The flow that adds Google to the account a bind ticket (from the account page) names, the
     * ticket used up; null for a ticket unknown, expired or used.
     */
    async bindFlow(token: string): Promise<GoogleFlow | null> {
      try {
        const ticket = await tickets.peek('google_bind', token);
        if (ticket.userId === null) return null;
        await tickets.consume(db, ticket);
        return { kind: 'bind', tenantId: ticket.tenantId, userId: ticket.userId, returnTo: null };
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },

    /** The flow of a callback's state, used up: a replayed or forged callback finds nothing. */
    async take(state: string) {
      const [flow] = await db
        .update(oauthStates)
        .set({ consumedAt: clock.now() })
        .where(
          and(
            eq(oauthStates.state, state),
            isNull(oauthStates.consumedAt),
            gt(oauthStates.expiresAt, clock.now()),
          ),
        )
        .returning();
      return flow;
    },

    /**
     * Adds a Google identity to a signed-in user's account, with a message to them: 409
     * AlreadyBound when the account has one, IdentityInUse when another account holds this one.
     */
    async bind(userId: bigint, tenantId: string, identity: OidcIdentity): Promise<void> {
      try {
        await withTransaction(db, async (tx) => {
          if (await hasIdentity(tx, userId, 'google')) throw new AppError('AlreadyBound');
          await link(tx, userId, tenantId, identity);
          await userService.addMessage(
            tx,
            userId,
            'method_bound',
            'AccountMsgMethodBoundTitle',
            'AccountMsgMethodBoundBody',
            { method: 'Google' },
          );
        });
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new AppError('IdentityInUse');
        throw error;
      }
    },

    /** A short-lived ticket the three-page trades for a session or a sign-up. */
    loginTicket(tenantId: string, identity: OidcIdentity): Promise<string> {
      const { subject, email, name } = identity;
      return tickets.issue(db, { kind: 'google_login', tenantId, data: { subject, email, name } });
    },

    /**
     * Signs in the account the ticket's identity belongs to (linking it when found by e-mail),
     * using the ticket up; without such an account the ticket stays for `signUp`.
     */
    async signIn(token: string, meta: SessionMeta): Promise<GoogleSignIn> {
      const ticket = await tickets.peek('google_login', token);
      const identity = identityOf(ticket);
      const owner = await ownerOf(ticket.tenantId, identity.subject, identity.email);
      const answer = { channel: 'google' as const, email: identity.email, name: identity.name };
      if (!owner) return { access_token: null, ...answer };
      const access = await withTransaction(db, async (tx) => {
        await tickets.consume(tx, ticket);
        if (owner.link) await link(tx, owner.userId, ticket.tenantId, identity);
        return sessions.create(tx, owner.userId, meta);
      });
      return { access_token: access, ...answer };
    },

    /** A new account for the ticket's identity (409 AlreadyBound when it has one), signed in. */
    async signUp(body: z.output<typeof thirdLoginBody>, meta: SessionMeta): Promise<string> {
      const ticket = await tickets.peek('google_login', body.accessToken);
      const identity = identityOf(ticket);
      // Already an account: the three-page should have signed in; do not make a second one.
      if (await ownerOf(ticket.tenantId, identity.subject, identity.email))
        throw new AppError('AlreadyBound');
      const inviter = body.inviteCode
        ? (await userService.inviterByCode(db, ticket.tenantId, body.inviteCode)).id
        : null;
      return withTransaction(db, async (tx) => {
        await tickets.consume(tx, ticket);
        const user = await userService.create(tx, {
          tenantId: ticket.tenantId,
          nickname: identity.name,
          email: identity.email,
          areaCode: body.areaCode,
          phone: body.phone,
          inviterId: inviter,
        });
        await link(tx, user.id, ticket.tenantId, identity);
        return sessions.create(tx, user.id, meta);
      });
    },
  };
}

export type GoogleAccounts = ReturnType<typeof createGoogleAccounts>;
