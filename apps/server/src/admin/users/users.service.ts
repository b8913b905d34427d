import {
  type AdminUserDetail,
  type AdminUserRow,
  CURRENCIES,
  type CurrencyKey,
  isCurrencyKey,
  isMembershipTier,
  tierRank,
  toMajor,
  USER_STATUSES,
  type UserStatus,
} from '@dramastar/contract';
import { and, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { DAY_MS, type Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import {
  auditLog,
  membershipCards,
  sessions,
  teamLinks,
  tenants,
  trialCards,
  userIdentities,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { SessionService } from '../../modules/auth/session.service.js';
import type { OperatorContext } from '../../modules/operator/operator.service.js';
import type { RechargeService } from '../../modules/wallet/recharge.service.js';
import { toAdminWithdrawal, userWithdrawals } from '../../modules/wallet/withdrawal-orders.js';
import { containsPattern } from '../../db/like.js';
import { type Ledger, walletBalances } from '../../modules/ledger/ledger.service.js';
import { levelCounts } from '../../modules/user/team-tree.js';

type UserRow = typeof users.$inferSelect;
type SessionRow = typeof sessions.$inferSelect;

const statusOf = (value: string): UserStatus =>
  (USER_STATUSES as readonly string[]).includes(value) ? (value as UserStatus) : 'active';

/** `%text%` for LIKE, with the pattern characters taken literally. */

export function toAdminUserRow(row: UserRow): AdminUserRow {
  return {
    userId: String(row.id),
    tenantId: row.tenantId,
    nickname: row.nickname,
    email: row.email,
    userName: row.userName,
    areaCode: row.areaCode,
    phone: row.phone,
    inviteCode: row.inviteCode,
    status: statusOf(row.status),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The console's view of app users: search, a user's profile, membership, wallet, team and
 * sessions, and the account state changes (freeze, unfreeze, session revocation) the routes audit.
 */
export function createAdminUserService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  recharges: RechargeService;
  ledger: Ledger;
  sessionIdleDays: number;
}) {
  const { db, clock } = deps;

  async function currencyOf(tx: DbOrTx, tenantId: string): Promise<CurrencyKey> {
    const [tenant] = await tx
      .select({ currency: tenants.currency })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    return tenant && isCurrencyKey(tenant.currency) ? tenant.currency : 'PHP';
  }

  /**
   * The user an operator asks about: 404 when there is none, 403 when it belongs to a tenant
   * outside the operator's. In a transaction the row is locked for the change that follows.
   */
  async function scopedUser(
    tx: DbOrTx,
    operator: OperatorContext,
    userId: string,
    lock = false,
  ): Promise<UserRow> {
    const query = tx
      .select()
      .from(users)
      .where(eq(users.id, BigInt(userId)));
    const [row] = lock ? await query.for('no key update') : await query;
    if (!row) throw new AppError('NotFound');
    if (operator.tenantIds && !operator.tenantIds.includes(row.tenantId)) throw new AppError('Forbidden');
    return row;
  }

  function sessionStatus(row: SessionRow, now: Date): 'active' | 'revoked' | 'expired' {
    if (row.revokedAt) return 'revoked';
    if (row.expiresAt <= now) return 'expired';
    if (row.lastSeenAt.getTime() <= now.getTime() - deps.sessionIdleDays * DAY_MS) return 'expired';
    return 'active';
  }

  function toSession(row: SessionRow, now: Date) {
    return {
      id: String(row.id),
      status: sessionStatus(row, now),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      ip: row.ip,
      userAgent: row.userAgent,
    };
  }

  async function membership(row: UserRow, currency: CurrencyKey): Promise<AdminUserDetail['membership']> {
    const now = clock.now();
    const cards = await db
      .select()
      .from(membershipCards)
      .where(eq(membershipCards.userId, row.id))
      .orderBy(desc(membershipCards.createdAt), desc(membershipCards.id));
    const live = cards.filter((c) => c.replacedAt === null && c.endsAt > now && isMembershipTier(c.tier));
    let active: (typeof cards)[number] | null = null;
    for (const c of live) {
      if (c.startsAt > now) continue;
      if (!active || tierRank(c.tier) > tierRank(active.tier)) active = c;
    }
    const paidUntil = live.reduce<Date | null>((end, c) => (!end || c.endsAt > end ? c.endsAt : end), null);
    const trials = await db
      .select()
      .from(trialCards)
      .where(eq(trialCards.ownerId, row.id))
      .orderBy(desc(trialCards.createdAt), desc(trialCards.id));
    const [gifted] = await db.select({ n: count() }).from(trialCards).where(eq(trialCards.giverId, row.id));
    return {
      active: active
        ? {
            tier: active.tier,
            startsAt: active.startsAt.toISOString(),
            endsAt: active.endsAt.toISOString(),
          }
        : null,
      paidUntil: paidUntil?.toISOString() ?? null,
      cards: cards.flatMap((c) =>
        isMembershipTier(c.tier)
          ? [
              {
                tier: c.tier,
                source: c.source,
                status: c.replacedAt
                  ? ('replaced' as const)
                  : c.endsAt <= now
                    ? ('expired' as const)
                    : c.startsAt > now
                      ? ('upcoming' as const)
                      : ('active' as const),
                startsAt: c.startsAt.toISOString(),
                endsAt: c.endsAt.toISOString(),
                price: toMajor(c.price, currency),
                paid: toMajor(c.paid, currency),
              },
            ]
          : [],
      ),
      trialCards: trials.map((t) => ({
        id: String(t.id),
        source: t.source,
        status:
          t.expiresAt && t.expiresAt <= now
            ? ('expired' as const)
            : t.activatedAt
              ? ('active' as const)
              : ('unused' as const),
        activatedAt: t.activatedAt?.toISOString() ?? null,
        expiresAt: t.expiresAt?.toISOString() ?? null,
        createdAt: t.createdAt.toISOString(),
      })),
      trialCardsGifted: gifted?.n ?? 0,
    };
  }

  async function team(row: UserRow): Promise<AdminUserDetail['team']> {
    const upline = await db
      .select({
        level: teamLinks.depth,
        userId: users.id,
        nickname: users.nickname,
        inviteCode: users.inviteCode,
        status: users.status,
      })
      .from(teamLinks)
      .innerJoin(users, eq(users.id, teamLinks.ancestorId))
      .where(eq(teamLinks.descendantId, row.id))
      .orderBy(teamLinks.depth);
    const counts = await levelCounts(db, row.id);
    return {
      upline: upline.map((u) => ({ ...u, userId: String(u.userId), status: statusOf(u.status) })),
      downline: [1, 2, 3, 4, 5].map((level) => ({
        level,
        count: counts.get(level) ?? 0,
      })),
    };
  }

  return {
    scopedUser,

    async search(filter: {
      tenantIds: string[] | null;
      q?: string | undefined;
      status?: UserStatus | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.tenantIds) conditions.push(inArray(users.tenantId, filter.tenantIds));
      if (filter.status) conditions.push(eq(users.status, filter.status));
      const text = filter.q?.trim();
      if (text) {
        const matches: SQL[] = [
          ilike(users.email, containsPattern(text.toLowerCase())),
          like(users.userNameKey, containsPattern(text.toLowerCase())),
          ilike(users.nickname, containsPattern(text)),
          eq(users.inviteCode, text.toUpperCase()),
        ];
        const digits = text.replace(/[\s().-]/g, '');
        // Short numbers are ids; a phone matches from 6 digits on (with or without its prefix).
        if (/^\+?\d{6,}$/.test(digits)) {
          matches.push(
            sql`(coalesce(${users.areaCode}, '') || coalesce(${users.phone}, '')) like ${containsPattern(digits)}`,
          );
        }
        if (/^\d{1,18}$/.test(digits)) matches.push(eq(users.id, BigInt(digits)));
        const any = or(...matches);
        if (any) conditions.push(any);
      }
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).$dynamic(),
        filter,
        { from: users, where },
      );
      return { list: rows.map(toAdminUserRow), total };
    },

    async detail(row: UserRow): Promise<AdminUserDetail> {
      const currency = await currencyOf(db, row.tenantId);
      const [inviter] = row.inviterId
        ? await db
            .select({ id: users.id, nickname: users.nickname, inviteCode: users.inviteCode })
            .from(users)
            .where(eq(users.id, row.inviterId))
        : [];
      const identities = await db
        .select({ provider: userIdentities.provider })
        .from(userIdentities)
        .where(eq(userIdentities.userId, row.id));
      const loginMethods: string[] = [];
      if (row.email) loginMethods.push('email');
      if (row.userName && row.passwordHash) loginMethods.push('username');
      for (const i of identities) loginMethods.push(i.provider);
      const status = statusOf(row.status);
      const [freeze] =
        status === 'frozen'
          ? await db
              .select()
              .from(auditLog)
              .where(and(eq(auditLog.target, `user:${row.id}`), eq(auditLog.action, 'user.freeze')))
              .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
              .limit(1)
          : [];
      const balances = (await walletBalances(db, row.id)).map((a) => ({
        currency: a.currency,
        balance: toMajor(a.balance, a.currency),
      }));
      if (!balances.some((b) => b.currency === currency))
        balances.unshift({ currency, balance: toMajor(0n, currency) });
      return {
        profile: {
          ...toAdminUserRow(row),
          avatar: row.avatar,
          // The tenant's country (its currency's), not a guess from the phone's calling code.
          country: CURRENCIES[currency].name,
          inviter: inviter
            ? { userId: String(inviter.id), nickname: inviter.nickname, inviteCode: inviter.inviteCode }
            : null,
          isSystem: row.isSystem,
          loginMethods,
          cancelledAt: row.cancelledAt?.toISOString() ?? null,
          frozen: freeze
            ? { at: freeze.createdAt.toISOString(), by: freeze.operatorName, reason: freeze.reason }
            : null,
        },
        membership: await membership(row, currency),
        balances,
        team: await team(row),
      };
    },

    /** The user's wallet movements in one currency, newest first, signed from the wallet's side. */
    async ledger(row: UserRow, query: Page & { currency?: CurrencyKey | undefined }) {
      const currency = query.currency ?? (await currencyOf(db, row.tenantId));
      const page = await deps.ledger.records(db, {
        ...query,
        tenantId: row.tenantId,
        currency,
        userId: row.id,
      });
      return { currency, ...page };
    },

    async recharges(row: UserRow, page: Page) {
      const { rows, total } = await deps.recharges.userOrders(row.id, page);
      return { list: rows.map((r) => deps.recharges.toAdmin(r)), total };
    },

    async withdrawals(row: UserRow, page: Page) {
      const { rows, total } = await userWithdrawals(db, row.id, page);
      return { list: rows.map(toAdminWithdrawal), total };
    },

    async sessions(row: UserRow, page: Page) {
      const now = clock.now();
      const where = eq(sessions.userId, row.id);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(sessions)
          .where(where)
          .orderBy(desc(sessions.createdAt), desc(sessions.id))
          .$dynamic(),
        page,
        { from: sessions, where },
      );
      return { list: rows.map((r) => toSession(r, now)), total };
    },

    /** Ends one session of the user (404 when the session is not the user's). */
    async revokeSession(tx: Tx, row: UserRow, sessionId: string) {
      const [found] = await tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, BigInt(sessionId)), eq(sessions.userId, row.id)));
      if (!found) throw new AppError('NotFound');
      const now = clock.now();
      const before = toSession(found, now);
      if (found.revokedAt) return { before, after: before, changed: false };
      await deps.sessions.revoke(tx, found.id);
      const [after] = await tx.select().from(sessions).where(eq(sessions.id, found.id));
      return { before, after: toSession(after ?? found, now), changed: true };
    },

    /**
     * Freezes an active user (every session ends now) or unfreezes a frozen one. Anything else is
     * refused with 409 UserStatusConflict naming the user's state.
     */
    async setStatus(tx: Tx, row: UserRow, to: 'frozen' | 'active') {
      const from = to === 'frozen' ? 'active' : 'frozen';
      if (row.status !== from) throw new AppError('UserStatusConflict', { params: { status: row.status } });
      const [after] = await tx
        .update(users)
        .set({ status: to, updatedAt: clock.now() })
        .where(eq(users.id, row.id))
        .returning();
      if (!after) throw new Error('user vanished');
      if (to === 'frozen') await deps.sessions.revokeAll(tx, row.id);
      return { before: toAdminUserRow(row), after: toAdminUserRow(after) };
    },
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
