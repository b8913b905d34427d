import { isStarTier, type MembershipStatus, type MembershipTier, tierRank } from '@dramastar/contract';
import { desc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { membershipCards } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { PointsService } from '../catalog/points.service.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { tenantMembership } from '../tenant/membership-settings.js';
import { type CardRow, cardRules, DAY_MS, quoteOf } from './membership-cards.js';
import { createMembershipPurchase, type PurchaseHook } from './membership-purchase.service.js';

export type { PurchaseHook } from './membership-purchase.service.js';

/**
 * Memberships, one object made of its parts: who holds which card, the tiers on offer and their
 * quotes, and the cards' history (here, on the rules of membership-cards.ts), and buying,
 * renewing (time extended) and upgrading (membership-purchase.service.ts).
 */
export function createMembershipService(deps: {
  clock: Clock;
  ledger?: Ledger;
  points?: PointsService;
  /**
   * What else a purchase does, each in the purchase's transaction (team rewards, analytics): a
   * required argument, so wiring left out fails to compile rather than a reward silently missing.
   */
  purchaseHooks: readonly PurchaseHook[];
}) {
  const { clock } = deps;
  const rules = cardRules(clock);
  const { activeTier, activeTiers, cardsOf, highest, offer, plan, toCard } = rules;

  return {
    activeTier,
    activeTiers,
    settings: tenantMembership,

    /** A Star Card (Primary or above) is active: what withdrawals and team rewards need. */
    async hasStarCard(db: DbOrTx, userId: bigint): Promise<boolean> {
      const tier = await activeTier(db, userId);
      return tier !== null && isStarTier(tier);
    },

    async status(
      db: Db,
      user: { userId: bigint; tenantId: string },
      trialUntil: Date | null,
    ): Promise<MembershipStatus> {
      const { currency, settings } = await tenantMembership(db, user.tenantId);
      const cards = await cardsOf(db, user.userId);
      const active = highest(cards, clock.now());
      const tiers = settings.tiers
        .filter((t) => t.enabled)
        .map((t) => offer(settings, currency, cards, t.tier));
      const activeTierName = active?.tier;
      return {
        currency,
        active: active ? toCard(active) : null,
        userType: activeTierName && isStarTier(activeTierName) ? tierRank(activeTierName) : 0,
        trial: { activeUntil: trialUntil?.toISOString() ?? null },
        tiers,
      };
    },

    /** The enabled tiers as a first purchase (for guests: every price before signing in). */
    async tiersFor(db: Db, tenantId: string): Promise<Pick<MembershipStatus, 'currency' | 'tiers'>> {
      const { currency, settings } = await tenantMembership(db, tenantId);
      return {
        currency,
        tiers: settings.tiers.filter((t) => t.enabled).map((t) => offer(settings, currency, [], t.tier)),
      };
    },

    async upgrades(db: Db, user: { userId: bigint; tenantId: string }) {
      const { currency, settings } = await tenantMembership(db, user.tenantId);
      const cards = await cardsOf(db, user.userId);
      const current = highest(cards, clock.now());
      const rank = current ? tierRank(current.tier) : -1;
      return {
        current: current?.tier ?? null,
        upgrades: settings.tiers
          .filter((t) => t.enabled && tierRank(t.tier) > rank)
          .map((t) => offer(settings, currency, cards, t.tier)),
      };
    },

    /** The quote of a tier now: what a channel payment must bring (refusals as for buying). */
    async quote(db: Db, user: { userId: bigint; tenantId: string }, tier: MembershipTier) {
      const { currency, settings } = await tenantMembership(db, user.tenantId);
      const t = settings.tiers.find((x) => x.tier === tier);
      if (!t?.enabled) throw new AppError('TierUnavailable', { field: 'tier' });
      const p = plan(settings, currency, await cardsOf(db, user.userId), tier);
      if (p.action === 'lower') throw new AppError('CardLowerThanActive', { field: 'tier' });
      return { currency, plan: p, quote: quoteOf(p, clock.now()) };
    },

    ...createMembershipPurchase({ ...deps, rules }),

    /** Every card the user has held, latest bought first, with its state now. */
    async history(db: DbOrTx, userId: bigint) {
      const now = clock.now();
      const cards = await db
        .select()
        .from(membershipCards)
        .where(eq(membershipCards.userId, userId))
        .orderBy(desc(membershipCards.createdAt), desc(membershipCards.id));
      const list = cards.map((c) => ({
        ...toCard(c),
        source: c.source,
        status: c.replacedAt
          ? ('replaced' as const)
          : c.endsAt <= now
            ? ('expired' as const)
            : c.startsAt > now
              ? ('upcoming' as const)
              : ('active' as const),
      }));
      return { count: list.length, activeCount: list.filter((c) => c.status === 'active').length, list };
    },

    /** A card given without payment (the test API; operators later). */
    async grant(
      db: DbOrTx,
      input: { tenantId: string; userId: bigint; tier: MembershipTier; days: number; source: string },
    ) {
      const startsAt = clock.now();
      const endsAt = new Date(startsAt.getTime() + input.days * DAY_MS);
      await db.insert(membershipCards).values({ ...input, startsAt, endsAt, createdAt: startsAt });
      return toCard({ tier: input.tier, startsAt, endsAt } as CardRow);
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
