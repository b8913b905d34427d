import {
  type CurrencyKey,
  isStarTier,
  type MembershipSettings,
  type MembershipTier,
  privilegesOf,
  type TierOffer,
  tierRank,
  toMajor,
} from '@dramastar/contract';
import { and, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { membershipCards } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { parseAmount } from '../../money.js';
import type { StoredQuote } from '../wallet/recharge-orders.js';

export type CardRow = typeof membershipCards.$inferSelect;
export const DAY_MS = 86_400_000;

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

export const quoteOf = (p: Plan, at: Date): CardQuote => ({
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
export function sameQuote(now: CardQuote, quoted: CardQuote): boolean {
  return (
    now.action === quoted.action &&
    now.price === quoted.price &&
    now.replaces.join() === quoted.replaces.join() &&
    (now.action !== 'upgrade' || now.at.getTime() - quoted.at.getTime() <= UPGRADE_QUOTE_HOLDS_MS)
  );
}

/**
 * The cards' rules, read from their rows at the clock's now (so an expired card stops working at
 * once): the running cards and the highest of them, a card's unused value, the plan and offer of
 * a tier, and a card as the app shows it.
 */
export function cardRules(clock: Clock) {
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

  return { cardsOf, highest, activeTier, activeTiers, plan, offer, toCard };
}

export type CardRules = ReturnType<typeof cardRules>;
