import { emailCodePurpose, type Language, type UserStatus } from '@dramastar/contract';
import type { z } from 'zod';
import type { api } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import { accountBy } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { TenantService } from '../tenant/tenant.service.js';
import { type UserRow, type UserService } from '../user/user.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { EmailCodeService } from './email-code.service.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionMeta, SessionService, SessionUser } from './session.service.js';
import type { TicketService } from './ticket.service.js';
import { uniqueViolation } from '../../db/errors.js';

type Body<K extends keyof typeof api.auth> = z.output<(typeof api.auth)[K]['body']>;

export interface AuthDeps {
  db: Db;
  users: UserService;
  sessions: SessionService;
  tickets: TicketService;
  codes: EmailCodeService;
  captcha: CaptchaService;
  limiter: RateLimiter;
  tenants: TenantService;
}

/**
 * Per client address (clientAddress: the address TRUST_PROXY's proxies name, IPv6 grouped by /64;
 * the same counters on every instance): sign-ins by either method per 10
 * minutes, sign-ups by either method per hour, captcha pictures per minute. A shared address (a
 * carrier's NAT) stays well inside them; a script trying addresses or passwords does not.
 */
export const CLIENT_LIMITS = {
  signIn: { limit: 30, seconds: 600 },
  signUp: { limit: 20, seconds: 3600 },
  captcha: { limit: 30, seconds: 60 },
} as const;

/** A sign-in's session details plus the client its per-address limits count (clientAddress(req)). */
export type ClientMeta = SessionMeta & { client: string };

/** Accounts that still hold their address and user name: a frozen one cannot sign in (AccountFrozen). */
const LIVE: UserStatus[] = ['active', 'frozen'];

/** Maps a race on the unique e-mail or user name index to the refusal a check would have given. */
function duplicateRefusal(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.includes('email')) throw new AppError('EmailAlreadyRegistered', { field: 'email' });
  if (constraint?.includes('user_name')) throw new AppError('UserNameTaken', { field: 'userName' });
  throw error;
}

export function createAuthService({
  db,
  users: userService,
  sessions,
  tickets,
  codes,
  captcha,
  limiter,
  tenants,
}: AuthDeps) {
  async function activeByEmail(tenantId: string, email: string): Promise<UserRow | undefined> {
    return accountBy(db, tenantId, { email }, ['active']);
  }

  /** The account of an address that is not cancelled: active or frozen (which still holds it). */
  async function accountByEmail(tenantId: string, email: string): Promise<UserRow | undefined> {
    return accountBy(db, tenantId, { email }, LIVE);
  }

  async function inviterId(tenantId: string, code: string | undefined): Promise<bigint | null> {
    return code ? (await userService.inviterByCode(db, tenantId, code)).id : null;
  }

  async function limitClient(kind: keyof typeof CLIENT_LIMITS, client: string): Promise<void> {
    const { limit, seconds } = CLIENT_LIMITS[kind];
    await limiter.hit(`${kind}:ip:${client}`, limit, seconds);
  }

  return {
    activeByEmail,

    /** A captcha picture, limited per client address (rendering costs CPU, each is stored). */
    async captcha(client: string) {
      await limitClient('captcha', client);
      return captcha.create();
    },

    async sendEmailCode(body: Body<'sendEmailCode'>, client: string, lang: Language) {
      await codes.limitClient(client);
      await tenants.require(body.tenantId);
      const email = body.email.toLowerCase();
      const purpose = emailCodePurpose(body);
      const existing = await accountByEmail(body.tenantId, email);
      if ((purpose === 'register' || purpose === 'bind') && existing) {
        throw new AppError('EmailAlreadyRegistered', { field: 'email' });
      }
      if ((purpose === 'login' || purpose === 'cancel') && !existing) {
        throw new AppError('PleaseRegisterFirst', { field: 'email' });
      }
      if (purpose === 'login' && existing?.status === 'frozen') throw new AppError('AccountFrozen');
      return { email, ...(await codes.send({ tenantId: body.tenantId, email, purpose, lang })) };
    },

    /** E-mail registration: everything is checked before the code is used up and the user made. */
    async registerByEmail(body: Body<'register'>, meta: ClientMeta, lang: Language = 'en'): Promise<string> {
      await limitClient('signUp', meta.client);
      await tenants.require(body.tenantId);
      const email = body.email.toLowerCase();
      const inviter = await inviterId(body.tenantId, body.inviteCode);
      if (await accountByEmail(body.tenantId, email))
        throw new AppError('EmailAlreadyRegistered', { field: 'email' });
      const codeId = await codes.check({
        tenantId: body.tenantId,
        email,
        purpose: 'register',
        code: body.verifyCode,
      });
      return withTransaction(db, async (tx) => {
        await codes.consume(tx, codeId);
        const user = await userService.create(tx, {
          tenantId: body.tenantId,
          language: lang,
          email,
          areaCode: body.areaCode,
          phone: body.phone,
          inviterId: inviter,
        });
        return sessions.create(tx, user.id, meta);
      }).catch(duplicateRefusal);
    },

    async loginByEmail(body: Body<'login'>, meta: ClientMeta): Promise<string> {
      await limitClient('signIn', meta.client);
      const email = body.email.toLowerCase();
      const user = await accountByEmail(body.tenantId, email);
      if (!user) throw new AppError('PleaseRegisterFirst', { field: 'email' });
      // Refused before the code is checked, so the code stays usable once the account is unfrozen.
      if (user.status === 'frozen') throw new AppError('AccountFrozen');
      const codeId = await codes.check({
        tenantId: body.tenantId,
        email,
        purpose: 'login',
        code: body.verifyCode,
      });
      return withTransaction(db, async (tx) => {
        await codes.consume(tx, codeId);
        return sessions.create(tx, user.id, meta);
      });
    },

    /** Username registration: the captcha is used up first, whatever happens next. */
    async registerByName(body: Body<'registerByName'>, meta: ClientMeta): Promise<string> {
      await limitClient('signUp', meta.client);
      await captcha.verify(body.uuid, body.code);
      await tenants.require(body.tenantId);
      const inviter = await inviterId(body.tenantId, body.inviteCode);
      const taken = await accountBy(db, body.tenantId, { userNameKey: body.userName.toLowerCase() });
      if (taken) throw new AppError('UserNameTaken', { field: 'userName' });
      const passwordHash = await hashPassword(body.password);
      return withTransaction(db, async (tx) => {
        const user = await userService.create(tx, {
          tenantId: body.tenantId,
          nickname: body.userName,
          userName: body.userName,
          passwordHash,
          areaCode: body.areaCode,
          phone: body.phone,
          inviterId: inviter,
        });
        return sessions.create(tx, user.id, meta);
      }).catch(duplicateRefusal);
    },

    async loginByName(body: Body<'loginByName'>, meta: ClientMeta): Promise<string> {
      const key = body.userName.toLowerCase();
      await limitClient('signIn', meta.client);
      await limiter.hit(`login:name:${body.tenantId}:${key}`, 10, 900);
      const user = await accountBy(db, body.tenantId, { userNameKey: key }, LIVE);
      const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (!user || !ok) throw new AppError('WrongUserNameOrPassword', { field: 'password' });
      // Only the right password learns that the account is frozen.
      if (user.status === 'frozen') throw new AppError('AccountFrozen');
      return sessions.create(db, user.id, meta);
    },

    async logout(user: SessionUser): Promise<void> {
      await sessions.revoke(db, user.sessionId);
    },

    /** A one-time ticket that signs this user in elsewhere (another tenant's host, a new tab). */
    handoffTicket(user: SessionUser): Promise<string> {
      return tickets.issue(db, {
        kind: 'session_handoff',
        tenantId: user.tenantId,
        userId: user.userId,
        sessionId: user.sessionId,
      });
    },

    /**
     * Uses up a hand-off ticket and opens a session for its user, both or neither. The session
     * that made the ticket must still be live: a ticket outlives neither its logout nor its
     * revocation or expiry (LoginTicketInvalid).
     */
    async loginByTicket(token: string, meta: SessionMeta): Promise<string> {
      const ticket = await tickets.peek('session_handoff', token);
      const { userId, sessionId } = ticket;
      if (userId === null || sessionId === null) throw new AppError('LoginTicketInvalid');
      return withTransaction(db, async (tx) => {
        await tickets.consume(tx, ticket);
        if (!(await sessions.isLive(tx, sessionId))) throw new AppError('LoginTicketInvalid');
        return sessions.create(tx, userId, meta);
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
