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
import { DAY_MS, type Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Page } from '../../db/paging.js';
import { AppError } from '../../http/errors.js';
import { type SessionRow, sessionOf, sessionPage } from '../../modules/auth/auth-rows.js';
import type { SessionService } from '../../modules/auth/session.service.js';
import { cardsOf, trialCardsGiven, trialCardsOf } from '../../modules/membership/membership-rows.js';
import type { OperatorContext } from '../../modules/operator/operator.service.js';
import { lastAudit } from '../../modules/operator/operator-rows.js';
import { tenantSettingsRow } from '../../modules/tenant/tenant-rows.js';
import type { RechargeService } from '../../modules/wallet/recharge.service.js';
import { toAdminWithdrawal, userWithdrawals } from '../../modules/wallet/withdrawal-orders.js';
import { type Ledger, walletBalances } from '../../modules/ledger/ledger.service.js';
import { levelCounts, uplines } from '../../modules/user/team-tree.js';
import { setUserStatus, userRow, userSearchPage } from '../../modules/user/user-console.js';
import { identitiesOf, userCard, userCards, type UserRow } from '../../modules/user/user-rows.js';

const statusOf = (value: string): UserStatus =>
  (USER_STATUSES as readonly string[]).includes(value) ? (value as UserStatus) : 'active';

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
    const tenant = await tenantSettingsRow(tx, tenantId);
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
    const row = await userRow(tx, BigInt(userId), lock);
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
    const cards = await cardsOf(db, row.id);
    const live = cards.filter((c) => c.replacedAt === null && c.endsAt > now && isMembershipTier(c.tier));
    let active: (typeof cards)[number] | null = null;
    for (const c of live) {
      if (c.startsAt > now) continue;
      if (!active || tierRank(c.tier) > tierRank(active.tier)) active = c;
    }
    const paidUntil = live.reduce<Date | null>((end, c) => (!end || c.endsAt > end ? c.endsAt : end), null);
    const trials = await trialCardsOf(db, row.id);
    const gifted = await trialCardsGiven(db, row.id);
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
      trialCardsGifted: gifted,
    };
  }

  async function team(row: UserRow): Promise<AdminUserDetail['team']> {
    const links = await uplines(db, row.id);
    const cards = await userCards(
      db,
      links.map((l) => l.id),
    );
    const counts = await levelCounts(db, row.id);
    return {
      upline: links.flatMap((l) => {
        const u = cards.get(l.id);
        return u
          ? [
              {
                level: l.depth,
                userId: String(u.id),
                nickname: u.nickname,
                inviteCode: u.inviteCode,
                status: statusOf(u.status),
              },
            ]
          : [];
      }),
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
      const { rows, total } = await userSearchPage(db, filter);
      return { list: rows.map(toAdminUserRow), total };
    },

    async detail(row: UserRow): Promise<AdminUserDetail> {
      const currency = await currencyOf(db, row.tenantId);
      const inviter = row.inviterId ? await userCard(db, row.inviterId) : undefined;
      const identities = await identitiesOf(db, row.id);
      const loginMethods: string[] = [];
      if (row.email) loginMethods.push('email');
      if (row.userName && row.passwordHash) loginMethods.push('username');
      for (const i of identities) loginMethods.push(i.provider);
      const status = statusOf(row.status);
      const freeze = status === 'frozen' ? await lastAudit(db, `user:${row.id}`, 'user.freeze') : undefined;
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
      const { rows, total } = await sessionPage(db, row.id, page);
      return { list: rows.map((r) => toSession(r, now)), total };
    },

    /** Ends one session of the user (404 when the session is not the user's). */
    async revokeSession(tx: Tx, row: UserRow, sessionId: string) {
      const found = await sessionOf(tx, row.id, BigInt(sessionId));
      if (!found) throw new AppError('NotFound');
      const now = clock.now();
      const before = toSession(found, now);
      if (found.revokedAt) return { before, after: before, changed: false };
      await deps.sessions.revoke(tx, found.id);
      const after = await sessionOf(tx, row.id, found.id);
      return { before, after: toSession(after ?? found, now), changed: true };
    },

    /**
     * Freezes an active user (every session ends now) or unfreezes a frozen one. Anything else is
     * refused with 409 UserStatusConflict naming the user's state.
     */
    async setStatus(tx: Tx, row: UserRow, to: 'frozen' | 'active') {
      const from = to === 'frozen' ? 'active' : 'frozen';
      if (row.status !== from) throw new AppError('UserStatusConflict', { params: { status: row.status } });
      const after = await setUserStatus(tx, row.id, to, clock.now());
      if (!after) throw new Error('user vanished');
      if (to === 'frozen') await deps.sessions.revokeAll(tx, row.id);
      return { before: toAdminUserRow(row), after: toAdminUserRow(after) };
    },
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
