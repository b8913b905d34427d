import {
  type CurrencyKey,
  defaultTeamSettings,
  isCurrencyKey,
  isStarTier,
  type TeamSettings,
  teamSettingsSchema,
  type TransferKind,
} from '@dramastar/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { rewardDebts, teamLinks, teamRewards, tenants } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { Clock } from '../../clock.js';
import type { MembershipService, PurchaseHook } from '../membership/membership.service.js';

/**
 * A wallet's earnings in SQL over transfers `t` and the wallet's account `a`: money in, less team
 * rewards taken back (reversed on an upgrade or set off against a debt), which leave the wallet.
 * Join with `earningsJoin`, sum `earningsAmount`.
 */
export const earningsJoin = sql`(a.id = t.credit_account_id or (a.id = t.debit_account_id and t.kind in ('referral_reward', 'welfare')))`;
export const earningsAmount = sql`case when a.id = t.credit_account_id then t.amount else -t.amount end`;

export interface TenantTeam {
  currency: CurrencyKey;
  timeZone: string;
  settings: TeamSettings;
}

/** A tenant's team rules, read fresh on every use; null settings = the currency's defaults. */
export async function tenantTeam(db: DbOrTx, tenantId: string): Promise<TenantTeam> {
  const [row] = await db
    .select({ currency: tenants.currency, timeZone: tenants.timeZone, settings: tenants.teamSettings })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row || !isCurrencyKey(row.currency)) throw new AppError('TenantNotFound');
  return {
    currency: row.currency,
    timeZone: row.timeZone,
    settings:
      row.settings === null ? defaultTeamSettings(row.currency) : teamSettingsSchema.parse(row.settings),
  };
}

/**
 * Team rewards: when a member buys (referral) or earns daily copyright revenue (welfare), each
 * upline within five levels is paid `base × rate(level)` from rewards expense, but only while
 * holding an active Star Card whose tier reaches that level. Once per (kind, reference, upline).
 * Rewards follow the money kept: a Star Card's referral rewards are paid on its value, and when an
 * upgrade credits back a card's unused value, that share of each reward the card paid is reversed
 * (docs/team.md). What a wallet cannot cover becomes a debt set off against the next rewards.
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

  /** Claims up to `most` of the user's reward debt (its row locked), answering how much. */
  async function claimDebt(tx: Tx, userId: bigint, most: bigint): Promise<bigint> {
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
   * A card's value credited back by an upgrade (`unused` of `value`): that share of each referral
   * reward the card paid is reversed, once (a negative reward row, unique, and its transfer). What
   * the wallet holds is taken back; the rest is recorded as the beneficiary's debt.
   */
  async function reverse(
    tx: Tx,
    input: { tenantId: string; reference: string; unused: bigint; value: bigint },
  ): Promise<void> {
    if (input.unused <= 0n || input.value <= 0n) return;
    const share = input.unused < input.value ? input.unused : input.value;
    const { currency } = await tenantTeam(tx, input.tenantId);
    const paid = await tx
      .select()
      .from(teamRewards)
      .where(
        and(
          eq(teamRewards.kind, 'referral_reward'),
          eq(teamRewards.reference, input.reference),
          gt(teamRewards.amount, 0n),
        ),
      )
      .orderBy(asc(teamRewards.id));
    const reference = `${input.reference}:reversal`;
    for (const reward of paid) {
      const back = (reward.amount * share) / input.value;
      if (back <= 0n) continue;
      const [row] = await tx
        .insert(teamRewards)
        .values({
          ...reward,
          id: undefined,
          baseAmount: -share,
          amount: -back,
          reference,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: teamRewards.id });
      if (!row) continue;
      const userId = reward.beneficiaryId;
      const balance = await ledger.lockedWalletBalance(tx, input.tenantId, currency, userId);
      const taken = balance < back ? balance : back;
      if (taken > 0n) {
        const key = `team:referral_reward:${reference}:${userId}`;
        await takeBack(
          tx,
          { ...input, currency, userId, amount: taken, kind: 'referral_reward' },
          reference,
          key,
        );
      }
      if (back > taken) {
        await tx
          .insert(rewardDebts)
          .values({ userId, tenantId: input.tenantId, amount: back - taken })
          .onConflictDoUpdate({
            target: rewardDebts.userId,
            set: { amount: sql`${rewardDebts.amount} + ${back - taken}` },
          });
      }
    }
  }

  async function pay(
    tx: Tx,
    input: {
      tenantId: string;
      sourceUserId: bigint;
      base: bigint;
      kind: 'referral_reward' | 'welfare';
      cause: 'card' | 'copyright';
      reference: string;
    },
  ): Promise<{ beneficiaryId: bigint; level: number; amount: bigint }[]> {
    if (input.base <= 0n) return [];
    const team = await tenantTeam(tx, input.tenantId);
    const { settings: cards } = await memberships.settings(tx, input.tenantId);
    const rates = input.kind === 'referral_reward' ? team.settings.referralBps : team.settings.welfareBps;
    const uplines = await tx
      .select({ id: teamLinks.ancestorId, depth: teamLinks.depth })
      .from(teamLinks)
      .where(eq(teamLinks.descendantId, input.sourceUserId))
      .orderBy(asc(teamLinks.depth));
    const paid: { beneficiaryId: bigint; level: number; amount: bigint }[] = [];
    for (const upline of uplines) {
      const tier = await memberships.activeTier(tx, upline.id);
      if (!tier || !isStarTier(tier)) continue;
      const reach = cards.tiers.find((t) => t.tier === tier)?.rewardLevels ?? 0;
      if (upline.depth > reach) continue;
      const amount = (input.base * BigInt(rates[upline.depth - 1] ?? 0)) / 10_000n;
      if (amount <= 0n) continue;
      const [row] = await tx
        .insert(teamRewards)
        .values({
          tenantId: input.tenantId,
          beneficiaryId: upline.id,
          sourceUserId: input.sourceUserId,
          level: upline.depth,
          kind: input.kind,
          cause: input.cause,
          baseAmount: input.base,
          amount,
          reference: input.reference,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: teamRewards.id });
      if (!row) continue;
      const key = `team:${input.kind}:${input.reference}:${upline.id}`;
      await ledger.transfer(tx, {
        tenantId: input.tenantId,
        currency: team.currency,
        from: { system: 'rewards_expense' },
        to: { userId: upline.id },
        amount,
        kind: input.kind,
        reference: input.reference,
        idempotencyKey: key,
      });
      // A debt from reversed rewards is set off against this reward, at most all of it.
      const setOff = await claimDebt(tx, upline.id, amount);
      if (setOff > 0n) {
        const debt = { ...input, currency: team.currency, userId: upline.id, amount: setOff };
        await takeBack(tx, debt, input.reference, `${key}:setoff`);
      }
      paid.push({ beneficiaryId: upline.id, level: upline.depth, amount });
    }
    return paid;
  }

  return {
    pay,

    /**
     * A Star Card bought (the membership purchase hook): the cards an upgrade replaced have their
     * credited share of rewards reversed first, then the new card pays rewards on its value.
     */
    cardPurchased: (async (tx, purchase) => {
      for (const card of purchase.replaced) await reverse(tx, { tenantId: purchase.tenantId, ...card });
      await pay(tx, {
        tenantId: purchase.tenantId,
        sourceUserId: purchase.userId,
        base: purchase.value,
        kind: 'referral_reward',
        cause: 'card',
        reference: purchase.reference,
      });
    }) satisfies PurchaseHook,
  };
}

export type TeamRewards = ReturnType<typeof createTeamRewards>;
