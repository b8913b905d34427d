import { MEMBERSHIP_TIERS, type MembershipTier } from '@dramastar/contract';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { membershipCards } from '../../db/schema/index.js';

const rank = (tier: string) => MEMBERSHIP_TIERS.indexOf(tier as MembershipTier);

/**
 * Who holds which card now. Always decided from the card's dates and the injected clock at the
 * moment of use, so an expired card stops working at once, not when a job next runs.
 */
export function createMembershipService(clock: Clock) {
  async function activeTier(db: DbOrTx, userId: bigint): Promise<MembershipTier | null> {
    const now = clock.now();
    const cards = await db
      .select({ tier: membershipCards.tier })
      .from(membershipCards)
      .where(
        and(
          eq(membershipCards.userId, userId),
          lte(membershipCards.startsAt, now),
          gt(membershipCards.endsAt, now),
        ),
      )
      .orderBy(desc(membershipCards.endsAt));
    let best: MembershipTier | null = null;
    for (const { tier } of cards)
      if (rank(tier) > (best === null ? -1 : rank(best))) best = tier as MembershipTier;
    return best;
  }

  return {
    activeTier,

    /** A Star Card (Primary or above) is active: the membership withdrawals and earnings need. */
    async hasStarCard(db: DbOrTx, userId: bigint): Promise<boolean> {
      const tier = await activeTier(db, userId);
      return tier !== null && rank(tier) >= rank('primary');
    },

    async grant(
      db: DbOrTx,
      input: { tenantId: string; userId: bigint; tier: MembershipTier; days: number; source: string },
    ) {
      const startsAt = clock.now();
      const endsAt = new Date(startsAt.getTime() + input.days * 86_400_000);
      await db.insert(membershipCards).values({ ...input, startsAt, endsAt, createdAt: startsAt });
      return { tier: input.tier, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
