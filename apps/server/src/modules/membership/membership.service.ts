import {
  type CurrencyKey,
  isStarTier,
  type MembershipSettings,
  type MembershipStatus,
  type MembershipTier,
  type PointsRules,
  privilegesOf,
  type TierOffer,
  tierRank,
  toMajor,
} from '@dramastar/contract';
import { and, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { membershipCards } from '../../db/schema/index.js';
import { lockUser, userCard } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { PointsService } from '../catalog/points.service.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { tenantMembership } from '../tenant/membership-settings.js';
import { parseAmount, replayOf, requestHash } from '../../money.js';
import type { StoredQuote } from '../wallet/recharge-orders.js';

type CardRow = typeof membershipCards.$inferSelect;
const DAY_MS = 86_400_000;

/** Points to the inviter when the invited user buys a Star Card (spec section 9), once per tier: the tenant's rules. */
function shareCardPoints(points: PointsRules, tier: MembershipTier): number {
  if (tier === 'primary') return points.sharePrimaryCard;
  if (tier === 'premium') return points.sharePremiumCard;
  if (tier === 'director') return points.shareDirectorCard;
  return 0;
}

export interface Plan {
  tier: MembershipTier;
  action: 'buy' | 'renew' | 'upgrade' | 'lower';
  price: bigint;
  credit: bigint;
  /** price - credit; negative when the credit is larger (the rest goes back to the wallet). */
  pay: bigint;
  startsAt: Date;
  endsAt: Date;
  /** Cards the upgrade ends now, each with its unused value (credited). */
  replaces: { card: CardRow; unused: bigint }[];
}

/**
 * What a channel order quoted when it was made (`at`): its money buys exactly this or nothing
 * (the money then stays in the wallet). `replaces` are the ids of the cards an upgrade replaces.
 */
export interface CardQuote {
  action: Plan['action'];
  price: bigint;
  pay: bigint;
  replaces: string[];
  at: Date;
}

/**
 * How long an upgrade's quote holds: its credit shrinks while the replaced cards run, and the
 * order charges the quoted amount, so a late payment would buy the upgrade below its price.
 */
export const UPGRADE_QUOTE_HOLDS_MS = DAY_MS;

const quoteOf = (p: Plan, at: Date): CardQuote => ({
  action: p.action,
  price: p.price,
  pay: p.pay,
  replaces: p.replaces.map((r) => String(r.card.id)).sort(),
  at,
});

export const storeQuote = (q: CardQuote): StoredQuote => ({
  ...q,
  price: String(q.price),
  pay: String(q.pay),
  at: q.at.toISOString(),
});

/** The quote an order kept; an order without one (made before quotes were kept) buys nothing. */
export function storedQuote(stored: StoredQuote | undefined): CardQuote {
  if (!stored?.at) throw new AppError('CardQuoteChanged');
  return {
    action: stored.action,
    price: BigInt(stored.price),
    pay: BigInt(stored.pay),
    replaces: stored.replaces,
    at: new Date(stored.at),
  };
}

/**
 * The plan now is the quoted one: the same action at the same list price replacing the same
 * cards, and for an upgrade quoted no longer than UPGRADE_QUOTE_HOLDS_MS ago.
 */
function sameQuote(now: CardQuote, quoted: CardQuote): boolean {
  return (
    now.action === quoted.action &&
    now.price === quoted.price &&
    now.replaces.join() === quoted.replaces.join() &&
    (now.action !== 'upgrade' || now.at.getTime() - quoted.at.getTime() <= UPGRADE_QUOTE_HOLDS_MS)
  );
}

/**
 * Memberships: who holds which card (decided from the card's dates and the injected clock at the
 * moment of use, so an expired card stops working at once), buying, renewing (time extended) and
 * upgrading (the unused value of the replaced cards credited) from the wallet through the ledger.
 */
/**
 * Done in a purchase's transaction after the money moved (the team's referral rewards): `value`
 * is the new card's value, `endsAt` when its period ends (until then it may be credited back);
 * `replaced` the cards an upgrade ended, each with the share of its value credited back (`unused`
 * of `value`).
 */
export type PurchaseHook = (
  tx: Tx,
  purchase: {
    tenantId: string;
    userId: bigint;
    value: bigint;
    endsAt: Date;
    reference: string;
    replaced: { reference: string; unused: bigint; value: bigint }[];
  },
) => Promise<void>;

const cardReference = (card: { id: bigint }) => `card:${card.id}`;

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
  const { clock, purchaseHooks } = deps;

  const isLive = (card: CardRow, now: Date) => card.replacedAt === null && card.endsAt > now;
  const isActive = (card: CardRow, now: Date) => isLive(card, now) && card.startsAt <= now;

  async function cardsOf(db: DbOrTx, userId: bigint): Promise<CardRow[]> {
    return db
      .select()
      .from(membershipCards)
      .where(eq(membershipCards.userId, userId))
      .orderBy(desc(membershipCards.startsAt), desc(membershipCards.id));
  }

  function highest(cards: CardRow[], now: Date): CardRow | null {
    let best: CardRow | null = null;
    for (const card of cards) {
      if (!isActive(card, now)) continue;
      if (!best || tierRank(card.tier) > tierRank(best.tier)) best = card;
    }
    return best;
  }

  async function activeTier(db: DbOrTx, userId: bigint): Promise<MembershipTier | null> {
    return (await activeTiers(db, [userId])).get(userId) ?? null;
  }

  /** The highest running card of each of `userIds` (one query); users without one are not in it. */
  async function activeTiers(db: DbOrTx, userIds: readonly bigint[]): Promise<Map<bigint, MembershipTier>> {
    const tiers = new Map<bigint, MembershipTier>();
    if (userIds.length === 0) return tiers;
    const now = clock.now();
    const rows = await db
      .select()
      .from(membershipCards)
      .where(
        and(
          inArray(membershipCards.userId, [...userIds]),
          lte(membershipCards.startsAt, now),
          gt(membershipCards.endsAt, now),
          isNull(membershipCards.replacedAt),
        ),
      );
    for (const userId of new Set(rows.map((row) => row.userId))) {
      const best = highest(
        rows.filter((row) => row.userId === userId),
        now,
      );
      if (best) tiers.set(userId, best.tier);
    }
    return tiers;
  }

  /**
   * Unused value of a card now: the money in it (`value`, what was paid for it plus the credit
   * carried in, not its list price), all of it before it starts, the remaining share while it runs.
   */
  function unusedValue(card: CardRow, now: Date): bigint {
    if (card.value === 0n || !isLive(card, now)) return 0n;
    if (card.startsAt >= now) return card.value;
    const total = BigInt(card.endsAt.getTime() - card.startsAt.getTime());
    const left = BigInt(card.endsAt.getTime() - now.getTime());
    return (card.value * left) / total;
  }

  function plan(
    settings: MembershipSettings,
    currency: CurrencyKey,
    cards: CardRow[],
    tier: MembershipTier,
  ): Plan {
    const now = clock.now();
    const t = settings.tiers.find((x) => x.tier === tier);
    if (!t) throw new AppError('TierUnavailable');
    const price = parseAmount(t.price, currency);
    const duration = t.days * DAY_MS;
    const current = highest(cards, now);
    const base = { tier, price, credit: 0n, pay: price, replaces: [] as Plan['replaces'] };
    if (!current)
      return { ...base, action: 'buy', startsAt: now, endsAt: new Date(now.getTime() + duration) };
    const rank = tierRank(tier);
    const currentRank = tierRank(current.tier);
    if (rank < currentRank) return { ...base, action: 'lower', pay: 0n, startsAt: now, endsAt: now };
    if (rank === currentRank) {
      const chainEnd = cards
        .filter((c) => c.tier === tier && isLive(c, now))
        .reduce((end, c) => (c.endsAt > end ? c.endsAt : end), now);
      return {
        ...base,
        action: 'renew',
        startsAt: chainEnd,
        endsAt: new Date(chainEnd.getTime() + duration),
      };
    }
    const replaces = cards
      .filter((c) => isLive(c, now) && tierRank(c.tier) < rank)
      .map((card) => ({ card, unused: unusedValue(card, now) }));
    const credit = replaces.reduce((sum, r) => sum + r.unused, 0n);
    return {
      ...base,
      action: 'upgrade',
      credit,
      pay: price - credit,
      replaces,
      startsAt: now,
      endsAt: new Date(now.getTime() + duration),
    };
  }

  function offer(
    settings: MembershipSettings,
    currency: CurrencyKey,
    cards: CardRow[],
    tier: MembershipTier,
  ): TierOffer {
    const t = settings.tiers.find((x) => x.tier === tier);
    if (!t) throw new Error(`no settings for ${tier}`);
    const p = plan(settings, currency, cards, tier);
    return {
      tier,
      level: Math.max(tierRank(tier), 0),
      price: toMajor(p.price, currency),
      currency,
      days: t.days,
      privileges: privilegesOf(tier),
      trialCardsPerPeriod: isStarTier(tier) ? settings.giftTrialCards : 0,
      rewardLevels: t.rewardLevels,
      quote: {
        action: p.action,
        credit: toMajor(p.credit, currency),
        pay: toMajor(p.pay > 0n ? p.pay : 0n, currency),
        endsAt: p.endsAt.toISOString(),
      },
    };
  }

  function toCard(row: CardRow) {
    return {
      tier: row.tier,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    };
  }

  const service = {
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

    /**
     * A card ordered through a recharge channel, bought from the wallet in the credit's transaction
     * the moment the money arrives: exactly as quoted when the order was made, or not at all
     * (CardQuoteChanged; the money stays in the wallet).
     */
    buyOrdered(
      tx: Tx,
      order: { userId: bigint; tenantId: string; orderNo: string },
      ordered: { tier: MembershipTier; quote?: StoredQuote | undefined },
    ) {
      return service.purchase(
        tx,
        { userId: order.userId, tenantId: order.tenantId },
        { tier: ordered.tier, requestId: `order:${order.orderNo}`, quote: storedQuote(ordered.quote) },
      );
    },

    /** `purchase` from the wallet in a transaction of its own (a user's "pay from balance"). */
    buyFromBalance(
      db: Db,
      user: { userId: bigint; tenantId: string },
      input: { tier: MembershipTier; requestId: string },
    ) {
      return withTransaction(db, (tx) => service.purchase(tx, user, input));
    },

    /**
     * Buys, renews or upgrades from the wallet in the caller's transaction: refuses a tier off
     * sale, a lower tier than the active one (it would add nothing), and InsufficientFunds.
     * The same requestId answers the first purchase; with another tier, 409.
     */
    async purchase(
      tx: Tx,
      user: { userId: bigint; tenantId: string },
      input: {
        tier: MembershipTier;
        requestId: string;
        source?: string;
        /**
         * A channel order's quote: the purchase is made only when it is still the same plan at the
         * same list price (else CardQuoteChanged, and the order's money stays in the wallet), and
         * charges no more than the quote's `pay` (an upgrade's credit shrinks by the second).
         */
        quote?: CardQuote;
      },
    ) {
      const ledger = deps.ledger;
      if (!ledger) throw new Error('membership purchases need the ledger');
      await lockUser(tx, user.userId);
      const { currency, settings } = await tenantMembership(tx, user.tenantId);
      const hash = requestHash([input.tier]);
      const [seen] = await tx
        .select()
        .from(membershipCards)
        .where(and(eq(membershipCards.userId, user.userId), eq(membershipCards.requestId, input.requestId)));
      const earlier = replayOf(seen, hash);
      const balance = async () =>
        toMajor(await ledger.balance(tx, user.tenantId, currency, { userId: user.userId }), currency);
      if (earlier) {
        // What the first request did, read back from the card it made.
        const action: 'buy' | 'renew' | 'upgrade' =
          earlier.paid < earlier.price ? 'upgrade' : earlier.startsAt > earlier.createdAt ? 'renew' : 'buy';
        return {
          card: toCard(earlier),
          action,
          paid: toMajor(earlier.paid, currency),
          credit: toMajor(earlier.value - earlier.paid, currency),
          balance: await balance(),
        };
      }
      const t = settings.tiers.find((x) => x.tier === input.tier);
      if (!t?.enabled) throw new AppError('TierUnavailable', { field: 'tier' });
      const planned = plan(settings, currency, await cardsOf(tx, user.userId), input.tier);
      if (planned.action === 'lower') throw new AppError('CardLowerThanActive', { field: 'tier' });
      const action: 'buy' | 'renew' | 'upgrade' = planned.action;
      const now = clock.now();
      if (input.quote && !sameQuote(quoteOf(planned, now), input.quote))
        throw new AppError('CardQuoteChanged');
      const p = input.quote && planned.pay > input.quote.pay ? { ...planned, pay: input.quote.pay } : planned;
      const paid = p.pay > 0n ? p.pay : 0n;
      // The money in the card: paid now plus the credit carried in; a credit beyond the price is refunded.
      const value = paid + p.credit < p.price ? paid + p.credit : p.price;
      for (const old of p.replaces) {
        await tx.update(membershipCards).set({ replacedAt: now }).where(eq(membershipCards.id, old.card.id));
      }
      const [card] = await tx
        .insert(membershipCards)
        .values({
          tenantId: user.tenantId,
          userId: user.userId,
          tier: input.tier,
          source: input.source ?? 'purchase',
          startsAt: p.startsAt,
          endsAt: p.endsAt,
          price: p.price,
          paid,
          value,
          requestId: input.requestId,
          requestHash: hash,
          createdAt: now,
        })
        .returning();
      if (!card) throw new Error('card not written');
      const reference = cardReference(card);
      if (p.pay > 0n) {
        await ledger.transfer(tx, {
          tenantId: user.tenantId,
          currency,
          from: { userId: user.userId },
          to: { system: 'membership_revenue' },
          amount: p.pay,
          kind: 'membership',
          reference,
          idempotencyKey: `membership:${card.id}`,
        });
      } else if (p.pay < 0n) {
        // The replaced cards were worth more than the new one: the rest goes back to the wallet.
        await ledger.transfer(tx, {
          tenantId: user.tenantId,
          currency,
          from: { system: 'membership_revenue' },
          to: { userId: user.userId },
          amount: -p.pay,
          kind: 'membership_refund',
          reference,
          idempotencyKey: `membership:${card.id}:refund`,
        });
      }
      const replaced = p.replaces.map((r) => ({
        reference: cardReference(r.card),
        unused: r.unused,
        value: r.card.value,
      }));
      for (const hook of purchaseHooks) {
        await hook(tx, {
          tenantId: user.tenantId,
          userId: user.userId,
          value,
          endsAt: card.endsAt,
          reference,
          replaced,
        });
      }
      if (isStarTier(input.tier) && deps.points) {
        const buyer = await userCard(tx, user.userId);
        const points = shareCardPoints(settings.points, input.tier);
        if (buyer?.inviterId && points) {
          await deps.points.award(tx, {
            userId: buyer.inviterId,
            amount: points,
            kind: `share_${input.tier}`,
            idempotencyKey: `share_card:${user.userId}:${input.tier}`,
          });
        }
      }
      return {
        card: toCard(card),
        action,
        paid: toMajor(paid, currency),
        credit: toMajor(p.credit, currency),
        balance: await balance(),
      };
    },

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
  return service;
}

export type MembershipService = ReturnType<typeof createMembershipService>;
