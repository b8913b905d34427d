import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { DAY_MS } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { authTickets, sessions, users } from '../../db/schema/index.js';
import { accountStatus } from '../user/user-rows.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256Hex } from '../../security.js';
import type { SessionUser } from '../../http/actors.js';

export type { SessionUser };

export interface SessionMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** Only so often is "last seen" written, so a busy user does not write on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export function createSessionService(db: Db, clock: Clock, options: { idleDays: number; maxDays: number }) {
  /** A session that still signs its user in: not revoked, within both lifetimes, user active. */
  function live() {
    const now = clock.now();
    return and(
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      gt(sessions.lastSeenAt, new Date(now.getTime() - options.idleDays * DAY_MS)),
      eq(users.status, 'active'),
    );
  }

  return {
    /**
     * A new session; the token is returned once and only its hash is kept. Every sign-in path
     * comes here, so a frozen account is refused here (409 AccountFrozen) whatever the path.
     */
    async create(tx: DbOrTx, userId: bigint, meta: SessionMeta = {}): Promise<string> {
      if ((await accountStatus(tx, userId)) === 'frozen') throw new AppError('AccountFrozen');
      const token = randomToken(32);
      const now = clock.now();
      await tx.insert(sessions).values({
        userId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + options.maxDays * DAY_MS),
        ip: meta.ip?.slice(0, 45) ?? null,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },

    /**
     * The live session of a token: not revoked, within its absolute and idle lifetimes, user active
     * (a frozen or cancelled user's sessions answer nothing: 401).
     */
    async resolve(token: string): Promise<SessionUser | null> {
      if (token.length < 20 || token.length > 100) return null;
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: users.id,
          tenantId: users.tenantId,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, sha256Hex(token)), live()))
        .limit(1);
      const now = clock.now();
      if (!row) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
      }
      return { sessionId: row.sessionId, userId: row.userId, tenantId: row.tenantId };
    },

    /** Whether the session still signs its user in (as `resolve` would answer it). */
    async isLive(tx: DbOrTx, sessionId: bigint): Promise<boolean> {
      const [row] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), live()))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Ends one session (logout, an operator's revocation) and uses up the hand-off tickets it made,
     * which would otherwise open a new session for two more minutes. Tickets first, as in
     * `revokeAll`: a ticket redeemed meanwhile was redeemed before the logout.
     */
    async revoke(tx: DbOrTx, sessionId: bigint): Promise<void> {
      await tx
        .update(authTickets)
        .set({ consumedAt: clock.now() })
        .where(and(eq(authTickets.sessionId, sessionId), isNull(authTickets.consumedAt)));
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /**
     * Ends every session of a user (password change, cancellation, freeze), except one when given,
     * and uses up the user's outstanding tickets (hand-over, Google bind), which would otherwise
     * open a new session. Tickets first: a hand-over being redeemed meanwhile commits before the
     * sessions are ended, so its new session is ended too.
     */
    async revokeAll(tx: DbOrTx, userId: bigint, exceptSessionId?: bigint): Promise<void> {
      await tx
        .update(authTickets)
        .set({ consumedAt: clock.now() })
        .where(and(eq(authTickets.userId, userId), isNull(authTickets.consumedAt)));
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
      if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(...conditions));
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
