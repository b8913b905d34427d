import { randomUUID } from 'node:crypto';
import {
  type CurrencyKey,
  defaultTeamSettings,
  isCurrencyKey,
  isStarTier,
  type TeamSettings,
  teamSettingsSchema,
  type TransferKind,
} from '@dramastar/contract';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { withTransaction } from '../../db/tx.js';
import { rewardDebts, teamRewards } from '../../db/schema/index.js';
import { tenantSettingsRow } from '../tenant/tenant-rows.js';
import { uplines } from '../user/team-tree.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { Clock } from '../../clock.js';
import type { MembershipService, PurchaseHook } from '../membership/membership.service.js';

/** The rewards paid to `beneficiaryId` from each of `sourceIds` in all (one query); none paid: not in the map. */
export async function paidFrom(
  db: DbOrTx,
  beneficiaryId: bigint,
  sourceIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  if (sourceIds.length === 0) return new Map();
  const rows = await db
    .select({ sourceId: teamRewards.sourceUserId, sum: sql<string>`sum(${teamRewards.amount})::text` })
    .from(teamRewards)
    .where(
      and(
        eq(teamRewards.beneficiaryId, beneficiaryId),
        eq(teamRewards.status, 'paid'),
        inArray(teamRewards.sourceUserId, [...sourceIds]),
      ),
    )
    .groupBy(teamRewards.sourceUserId);
  return new Map(rows.map((r) => [r.sourceId, BigInt(r.sum)]));
}

export interface TenantTeam {
  currency: CurrencyKey;
  timeZone: string;
  settings: TeamSettings;
}

/** A tenant's team rules, read fresh on every use; null settings = the currency's defaults. */
export async function tenantTeam(db: DbOrTx, tenantId: string): Promise<TenantTeam> {
  const row = await tenantSettingsRow(db, tenantId);
  if (!row || !isCurrencyKey(row.currency)) throw new AppError('TenantNotFound');
  return {
    currency: row.currency,
    timeZone: row.timeZone,
    settings:
      row.teamSettings === null
        ? defaultTeamSettings(row.currency)
        : teamSettingsSchema.parse(row.teamSettings),
  };
}

/**
 * Team rewards: when a member buys (referral) or earns daily copyright revenue (welfare), each
 * upline within five levels is rewarded `base × rate(level)` from rewards expense, but only while
 * holding an active Star Card whose tier reaches that level. Once per (kind, reference, upline).
 * Rewards are earned on money the system keeps (docs/team.md): copyrights are never credited back,
 * so their rewards and welfare are paid at once; a Star Card's referral rewards are **held** until
 * the card's period ends (until then an upgrade may credit its unused value back), released by
 * `releaseDue`, and when an upgrade replaces the card first, its used share is paid at once and the
 * rest cancelled. No reward on a refundable period ever reaches a wallet, so nothing is taken back.
 */
export function createTeamRewards(deps: { clock: Clock; ledger: Ledger; memberships: MembershipService }) {
  const { clock, ledger, memberships } = deps;

  /** Moves `amount` (≤ the wallet's balance, checked under the caller's lock) back to rewards expense. */
  async function takeBack(
    tx: Tx,
    input: { tenantId: string; currency: CurrencyKey; userId: bigint; amount: bigint; kind: TransferKind },
    reference: string,
    idempotencyKey: string,
  ) {
    await ledger.transfer(tx, {
      tenantId: input.tenantId,
      currency: input.currency,
      from: { userId: input.userId },
      to: { system: 'rewards_expense' },
      amount: input.amount,
      kind: input.kind,
      reference,
      idempotencyKey,
    });
  }

  /** A reward row's money to the beneficiary's wallet, once (its ledger key). */
  async function credit(
    tx: Tx,
    reward: { tenantId: string; beneficiaryId: bigint; kind: string; reference: string; amount: bigint },
    currency: CurrencyKey,
  ) {
    const kind = reward.kind === 'welfare' ? 'welfare' : 'referral_reward';
    await ledger.transfer(tx, {
      tenantId: reward.tenantId,
      currency,
      from: { system: 'rewards_expense' },
      to: { userId: reward.beneficiaryId },
      amount: reward.amount,
      kind,
      reference: reward.reference,
      idempotencyKey: `team:${kind}:${reward.reference}:${reward.beneficiaryId}`,
    });
  }

  /** Claims up to `most` of the user's reward debt (its row locked), answering how much. */
  async function claimDebt(tx: Tx, userId: bigint, most: bigint): Promise<bigint> {
    if (most <= 0n) return 0n;
    const [debt] = await tx
      .select({ amount: rewardDebts.amount })
      .from(rewardDebts)
      .where(and(eq(rewardDebts.userId, userId), gt(rewardDebts.amount, 0n)))
      .for('update');
    if (!debt) return 0n;
    const claimed = debt.amount < most ? debt.amount : most;
    await tx
      .update(rewardDebts)
      .set({ amount: sql`${rewardDebts.amount} - ${claimed}` })
      .where(eq(rewardDebts.userId, userId));
    return claimed;
  }

  /**
   * A reward debt left by the earlier rule (rewards paid at once and reversed later) is settled
   * from the wallet before money leaves it (a withdrawal, a red packet) or comes back from a
   * withdrawal refused: up to the whole balance, the wallet locked. Answers what was settled.
   */
  async function settleDebt(
    tx: Tx,
    input: { tenantId: string; currency: CurrencyKey; userId: bigint; reference: string },
  ): Promise<bigint> {
    const [owed] = await tx
      .select({ amount: rewardDebts.amount })
      .from(rewardDebts)
      .where(and(eq(rewardDebts.userId, input.userId), gt(rewardDebts.amount, 0n)));
    if (!owed) return 0n;
    const balance = await ledger.lockedWalletBalance(tx, input.tenantId, input.currency, input.userId);
    const settled = await claimDebt(tx, input.userId, balance);
    if (settled > 0n) {
      const debt = { ...input, amount: settled, kind: 'referral_reward' as const };
      // The claim above (its row locked) makes this once; the key only has to be new.
      await takeBack(
        tx,
        debt,
        input.reference,
        `team:debt:${input.reference}:${input.userId}:${randomUUID()}`,
      );
    }
    return settled;
  }

  /**
   * A card's value credited back by an upgrade (`unused` of `value`). Its held rewards are settled
   * now: the used share is paid (that money is kept for good), the unused share cancelled; nothing
   * leaves a wallet. Rewards paid at once before the hold (legacy rows) have the unused share
   * reversed, what the wallet cannot cover becoming the beneficiary's debt (`settleDebt`).
   */
  async function settleReplaced(
    tx: Tx,
    input: { tenantId: string; reference: string; unused: bigint; value: bigint },
  ): Promise<void> {
    if (input.value <= 0n) return;
    const share = input.unused < 0n ? 0n : input.unused < input.value ? input.unused : input.value;
    const { currency } = await tenantTeam(tx, input.tenantId);
    const rewards = await tx
      .select()
      .from(teamRewards)
      .where(
        and(
          eq(teamRewards.kind, 'referral_reward'),
          eq(teamRewards.reference, input.reference),
          gt(teamRewards.amount, 0n),
        ),
      )
      .orderBy(asc(teamRewards.id))
      .for('update');
    const now = clock.now();
    for (const reward of rewards) {
      const back = (reward.amount * share) / input.value;
      if (reward.status === 'held') {
        // The used share, rounded down: what the system keeps for good.
        const kept = (reward.amount * (input.value - share)) / input.value;
        await tx
          .update(teamRewards)
          .set(
            kept > 0n
              ? { status: 'paid', amount: kept, baseAmount: input.value - share, paidAt: now }
              : { status: 'cancelled', paidAt: null },
          )
          .where(and(eq(teamRewards.id, reward.id), eq(teamRewards.status, 'held')));
        if (kept > 0n) await credit(tx, { ...reward, amount: kept }, currency);
      } else if (reward.status === 'paid' && back > 0n)
        await reverseLegacy(tx, reward, share, back, currency);
    }
  }

  /** The earlier rule's reversal of a reward already paid: a negative row and what the wallet holds. */
  async function reverseLegacy(
    tx: Tx,
    reward: typeof teamRewards.$inferSelect,
    share: bigint,
    back: bigint,
    currency: CurrencyKey,
  ) {
    const reference = `${reward.reference}:reversal`;
    const now = clock.now();
    const [row] = await tx
      .insert(teamRewards)
      .values({
        ...reward,
        id: undefined,
        baseAmount: -share,
        amount: -back,
        reference,
        status: 'paid',
        releasesAt: null,
        paidAt: now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: teamRewards.id });
    if (!row) return;
    const userId = reward.beneficiaryId;
    const balance = await ledger.lockedWalletBalance(tx, reward.tenantId, currency, userId);
    const taken = balance < back ? balance : back;
    if (taken > 0n) {
      const key = `team:referral_reward:${reference}:${userId}`;
      const input = {
        tenantId: reward.tenantId,
        currency,
        userId,
        amount: taken,
        kind: 'referral_reward' as const,
      };
      await takeBack(tx, input, reference, key);
    }
    if (back > taken) {
      await tx
        .insert(rewardDebts)
        .values({ userId, tenantId: reward.tenantId, amount: back - taken })
        .onConflictDoUpdate({
          target: rewardDebts.userId,
          set: { amount: sql`${rewardDebts.amount} + ${back - taken}` },
        });
    }
  }

  /**
   * Rewards `base` to the source's uplines. `heldUntil`: a Star Card's rewards wait until then
   * (its end) in `team_reward`, with no money moved; otherwise they are paid at once.
   */
  async function pay(
    tx: Tx,
    input: {
      tenantId: string;
      sourceUserId: bigint;
      base: bigint;
      kind: 'referral_reward' | 'welfare';
      cause: 'card' | 'copyright';
      reference: string;
      heldUntil?: Date;
    },
  ): Promise<{ beneficiaryId: bigint; level: number; amount: bigint }[]> {
    if (input.base <= 0n) return [];
    const team = await tenantTeam(tx, input.tenantId);
    const { settings: cards } = await memberships.settings(tx, input.tenantId);
    const rates = input.kind === 'referral_reward' ? team.settings.referralBps : team.settings.welfareBps;
    const ups = await uplines(tx, input.sourceUserId);
    const now = clock.now();
    const held = input.heldUntil !== undefined && input.heldUntil > now;
    const paid: { beneficiaryId: bigint; level: number; amount: bigint }[] = [];
    for (const upline of ups) {
      const tier = await memberships.activeTier(tx, upline.id);
      if (!tier || !isStarTier(tier)) continue;
      const reach = cards.tiers.find((t) => t.tier === tier)?.rewardLevels ?? 0;
      if (upline.depth > reach) continue;
      const amount = (input.base * BigInt(rates[upline.depth - 1] ?? 0)) / 10_000n;
      if (amount <= 0n) continue;
      const reward = {
        tenantId: input.tenantId,
        beneficiaryId: upline.id,
        sourceUserId: input.sourceUserId,
        level: upline.depth,
        kind: input.kind,
        cause: input.cause,
        baseAmount: input.base,
        amount,
        reference: input.reference,
        createdAt: now,
      };
      const [row] = await tx
        .insert(teamRewards)
        .values(
          held
            ? { ...reward, status: 'held', releasesAt: input.heldUntil }
            : { ...reward, status: 'paid', paidAt: now },
        )
        .onConflictDoNothing()
        .returning({ id: teamRewards.id });
      if (!row) continue;
      if (!held) await payOut(tx, reward, team.currency);
      paid.push({ beneficiaryId: upline.id, level: upline.depth, amount });
    }
    return paid;
  }

  /** A reward reaches the wallet; a debt from the earlier rule is set off against it at once. */
  async function payOut(
    tx: Tx,
    reward: { tenantId: string; beneficiaryId: bigint; kind: string; reference: string; amount: bigint },
    currency: CurrencyKey,
  ) {
    await credit(tx, reward, currency);
    const setOff = await claimDebt(tx, reward.beneficiaryId, reward.amount);
    if (setOff > 0n) {
      const kind = reward.kind === 'welfare' ? 'welfare' : 'referral_reward';
      const debt = {
        tenantId: reward.tenantId,
        currency,
        userId: reward.beneficiaryId,
        amount: setOff,
        kind,
      } as const;
      await takeBack(
        tx,
        debt,
        reward.reference,
        `team:${kind}:${reward.reference}:${reward.beneficiaryId}:setoff`,
      );
    }
  }

  return {
    pay,
    settleDebt,

    /**
     * A Star Card bought (the membership purchase hook): the cards an upgrade replaced have their
     * held rewards settled first (used share paid, the rest cancelled), then the new card's
     * rewards are held until it ends.
     */
    cardPurchased: (async (tx, purchase) => {
      for (const card of purchase.replaced)
        await settleReplaced(tx, { tenantId: purchase.tenantId, ...card });
      await pay(tx, {
        tenantId: purchase.tenantId,
        sourceUserId: purchase.userId,
        base: purchase.value,
        kind: 'referral_reward',
        cause: 'card',
        reference: purchase.reference,
        heldUntil: purchase.endsAt,
      });
    }) satisfies PurchaseHook,

    /**
     * Releases held rewards whose card has ended (the job, every few minutes on every instance):
     * each row claimed once (`skip locked`, then a conditional update) and paid in its own
     * transaction with its ledger transfer. Answers how many were paid.
     */
    async releaseDue(db: Db, limit = 200): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ id: teamRewards.id })
        .from(teamRewards)
        .where(and(eq(teamRewards.status, 'held'), lte(teamRewards.releasesAt, now)))
        .orderBy(asc(teamRewards.releasesAt))
        .limit(limit);
      let released = 0;
      for (const { id } of due) {
        const done = await withTransaction(db, async (tx) => {
          const [reward] = await tx
            .update(teamRewards)
            .set({ status: 'paid', paidAt: now })
            .where(
              and(eq(teamRewards.id, id), eq(teamRewards.status, 'held'), lte(teamRewards.releasesAt, now)),
            )
            .returning();
          if (!reward) return false;
          const { currency } = await tenantTeam(tx, reward.tenantId);
          await payOut(tx, reward, currency);
          return true;
        });
        if (done) released++;
      }
      return released;
    },
  };
}

export type TeamRewards = ReturnType<typeof createTeamRewards>;
