import { randomBytes } from 'node:crypto';
import type { MembershipSettings } from '@dramastar/contract';
import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { trialCards } from '../../db/schema/index.js';
import { inTeam } from '../user/team-tree.js';
import { lockUser, userByInviteCode, userCards } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { MembershipService } from './membership.service.js';

type Row = typeof trialCards.$inferSelect;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => `TC${Array.from(randomBytes(8), (b) => ALPHABET[b % ALPHABET.length]).join('')}`;

/**
 * Trial cards: 72 hours of free viewing from activation. Every user has one of their own; a Star
 * Card holder gifts a few per period to team members or as codes. The period is rolling: gifts
 * made in the last `giftPeriodDays` count.
 */
export function createTrialCardService(deps: { db: Db; clock: Clock; memberships: MembershipService }) {
  const { db, clock, memberships } = deps;

  const hoursOf = (settings: MembershipSettings) => settings.trialCardHours;

  function view(row: Row, me: bigint, names: Map<bigint, string>) {
    const now = clock.now();
    const status =
      row.expiresAt && row.expiresAt <= now
        ? ('expired' as const)
        : row.activatedAt
          ? ('active' as const)
          : row.ownerId !== me
            ? ('gifted' as const)
            : ('unused' as const);
    return {
      id: String(row.id),
      source: row.ownerId === me ? (row.source as 'signup' | 'gift') : ('issued' as const),
      status: row.ownerId === null && status === 'gifted' ? ('unused' as const) : status,
      code: row.giverId === me && row.ownerId === null ? row.code : null,
      from: row.giverId ? (names.get(row.giverId) ?? null) : null,
      to: row.ownerId && row.ownerId !== me ? (names.get(row.ownerId) ?? null) : null,
      activatedAt: row.activatedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function ensureOwn(tx: DbOrTx, user: { userId: bigint; tenantId: string }) {
    await tx
      .insert(trialCards)
      .values({ tenantId: user.tenantId, ownerId: user.userId, source: 'signup', createdAt: clock.now() })
      .onConflictDoNothing();
  }

  async function activeUntil(tx: DbOrTx, userId: bigint): Promise<Date | null> {
    const [row] = await tx
      .select({ expiresAt: trialCards.expiresAt })
      .from(trialCards)
      .where(and(eq(trialCards.ownerId, userId), gt(trialCards.expiresAt, clock.now())))
      .orderBy(asc(trialCards.expiresAt));
    return row?.expiresAt ?? null;
  }

  async function summary(tx: DbOrTx, user: { userId: bigint; tenantId: string }) {
    await ensureOwn(tx, user);
    const { settings } = await memberships.settings(tx, user.tenantId);
    const rows = await tx
      .select()
      .from(trialCards)
      .where(or(eq(trialCards.ownerId, user.userId), eq(trialCards.giverId, user.userId)))
      .orderBy(asc(trialCards.createdAt), asc(trialCards.id));
    const ids = [
      ...new Set(rows.flatMap((r) => [r.ownerId, r.giverId]).filter((x): x is bigint => x !== null)),
    ];
    const cards = await userCards(tx, ids);
    const names = new Map([...cards].map(([id, u]) => [id, u.nickname]));
    const until = await activeUntil(tx, user.userId);
    return {
      hours: hoursOf(settings),
      activeUntil: until?.toISOString() ?? null,
      owned: rows
        .filter((r) => r.ownerId === user.userId)
        .reverse()
        .map((r) => view(r, user.userId, names)),
      sent: rows
        .filter((r) => r.giverId === user.userId)
        .reverse()
        .map((r) => view(r, user.userId, names)),
    };
  }

  async function giftsUsed(tx: DbOrTx, userId: bigint, periodDays: number): Promise<number> {
    const since = new Date(clock.now().getTime() - periodDays * 86_400_000);
    const [row] = await tx
      .select({ n: count() })
      .from(trialCards)
      .where(and(eq(trialCards.giverId, userId), gt(trialCards.createdAt, since)));
    return row?.n ?? 0;
  }

  async function canSend(tx: DbOrTx, user: { userId: bigint; tenantId: string }) {
    const { settings } = await memberships.settings(tx, user.tenantId);
    const used = await giftsUsed(tx, user.userId, settings.giftPeriodDays);
    const member = await memberships.hasStarCard(tx, user.userId);
    const remaining = member ? Math.max(settings.giftTrialCards - used, 0) : 0;
    return {
      allowed: member && remaining > 0,
      reason: !member ? 'MembershipRequired' : remaining === 0 ? 'TrialCardGiftLimit' : null,
      perPeriod: settings.giftTrialCards,
      used,
      remaining,
      periodDays: settings.giftPeriodDays,
    };
  }

  async function activate(tx: Tx, card: Row, hours: number) {
    const now = clock.now();
    await tx
      .update(trialCards)
      .set({ activatedAt: now, expiresAt: new Date(now.getTime() + hours * 3_600_000) })
      .where(and(eq(trialCards.id, card.id), isNull(trialCards.activatedAt)));
  }

  return {
    activeUntil,
    canSend: (user: { userId: bigint; tenantId: string }) => canSend(db, user),
    summary: (user: { userId: bigint; tenantId: string }) => summary(db, user),

    /** True while the user has an activated trial card that has not expired. */
    async hasActiveTrial(userId: bigint): Promise<boolean> {
      return (await activeUntil(db, userId)) !== null;
    },

    /**
     * Claims a gift code (activating it when no trial runs) or, without a code, activates the
     * user's oldest unused card. Refusals: TrialCardCodeInvalid, TrialCardActive, TrialCardNone.
     */
    async get(user: { userId: bigint; tenantId: string }, code: string | undefined) {
      return withTransaction(db, async (tx) => {
        await ensureOwn(tx, user);
        const { settings } = await memberships.settings(tx, user.tenantId);
        const running = await activeUntil(tx, user.userId);
        if (code !== undefined) {
          const [claimed] = await tx
            .update(trialCards)
            .set({ ownerId: user.userId, claimedAt: clock.now() })
            .where(
              and(
                eq(trialCards.code, code),
                eq(trialCards.tenantId, user.tenantId),
                isNull(trialCards.ownerId),
                sql`${trialCards.giverId} <> ${user.userId}`,
              ),
            )
            .returning();
          if (!claimed) throw new AppError('TrialCardCodeInvalid', { field: 'code' });
          if (!running) await activate(tx, claimed, hoursOf(settings));
          return summary(tx, user);
        }
        if (running) {
          throw new AppError('TrialCardActive', { params: { until: running.toISOString() } });
        }
        const [unused] = await tx
          .select()
          .from(trialCards)
          .where(and(eq(trialCards.ownerId, user.userId), isNull(trialCards.activatedAt)))
          .orderBy(asc(trialCards.createdAt), asc(trialCards.id))
          .limit(1);
        if (!unused) throw new AppError('TrialCardNone');
        await activate(tx, unused, hoursOf(settings));
        return summary(tx, user);
      });
    },

    /**
     * Gifts a trial card: to a member of one's team by invite code, or as a code. Needs an active
     * Star Card and gifts left this period; refuses oneself, unknown codes and strangers.
     * Idempotent by requestId.
     */
    async send(
      user: { userId: bigint; tenantId: string },
      body: { inviteCode?: string | undefined; requestId: string },
    ) {
      return withTransaction(db, async (tx) => {
        await lockUser(tx, user.userId);
        const [again] = await tx
          .select({ id: trialCards.id })
          .from(trialCards)
          .where(and(eq(trialCards.giverId, user.userId), eq(trialCards.requestId, body.requestId)));
        if (again) return summary(tx, user);
        const allowed = await canSend(tx, user);
        if (!allowed.allowed) {
          throw allowed.reason === 'MembershipRequired'
            ? new AppError('MembershipRequired')
            : new AppError('TrialCardGiftLimit', { params: { count: allowed.perPeriod } });
        }
        let ownerId: bigint | null = null;
        if (body.inviteCode !== undefined) {
          const friend = await userByInviteCode(tx, user.tenantId, body.inviteCode);
          if (!friend) throw new AppError('InvalidInviteCode', { field: 'inviteCode' });
          if (friend.id === user.userId) throw new AppError('TrialCardSelf', { field: 'inviteCode' });
          if (!(await inTeam(tx, user.userId, friend.id))) {
            throw new AppError('TrialCardNotInTeam', { field: 'inviteCode' });
          }
          ownerId = friend.id;
        }
        await tx.insert(trialCards).values({
          tenantId: user.tenantId,
          ownerId,
          giverId: user.userId,
          source: 'gift',
          code: ownerId === null ? newCode() : null,
          requestId: body.requestId,
          claimedAt: ownerId === null ? null : clock.now(),
          createdAt: clock.now(),
        });
        return summary(tx, user);
      });
    },
  };
}

export type TrialCardService = ReturnType<typeof createTrialCardService>;
