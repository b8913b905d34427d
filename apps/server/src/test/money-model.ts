/**
 * The money-model property test's model (money-model.test.ts): what the documented rules
 * (docs/wallet.md, docs/membership.md, docs/team.md) say each user may hold, computed from the
 * actions the test made and never from the server's ledger. Amounts are PHP minor units (the
 * default tenant's currency) with the default settings of packages/contract.
 */
import { DAY_MS } from '../clock.js';

export const TIERS = ['week', 'primary', 'premium', 'director'] as const;
export type Tier = (typeof TIERS)[number];
const RANK: Record<Tier, number> = { week: 0, primary: 1, premium: 2, director: 3 };
export const PRICE: Record<Tier, bigint> = {
  week: 4_900n,
  primary: 29_900n,
  premium: 99_900n,
  director: 299_900n,
};
const DAYS: Record<Tier, number> = { week: 7, primary: 30, premium: 30, director: 30 };
/** Referral and welfare rates by team level (1-5), basis points (docs/team.md). */
const REFERRAL_BPS = [1000n, 500n, 300n, 200n, 100n];
const WELFARE_BPS = [500n, 300n, 200n, 100n, 50n];
/** How many team levels below pay a holder of each tier (docs/membership.md). */
const REACH: Record<Tier, number> = { week: 0, primary: 2, premium: 3, director: 5 };
/** The copyright product the test sells: 500.00 each, 10.00 a day for 5 days. */
export const COPYRIGHT = { price: 50_000n, profit: 1_000n, term: 5 };
/** Dividends: 100.00 per 1,000.00 of copyrights, 10 calendar months later (never under 280 days). */
const DIVIDEND = { unit: 100_000n, value: 10_000n, afterMs: 280 * DAY_MS };
/** Salary level 1 (3 direct and 5 team members with a card), at most once per 30 days. */
const SALARY = { amount: 50_000n, directs: 3, team: 5, everyMs: 30 * DAY_MS };
/** Withdrawal fee: 5 %, rounded half up, added to the amount. */
export const withdrawalFee = (amount: bigint) => (amount * 500n + 5_000n) / 10_000n;

export interface ModelCard {
  tier: Tier;
  start: number;
  end: number;
  /** What was paid for it plus the credit carried in (capped at its price). */
  value: bigint;
  replaced: boolean;
  /** What an upgrade left in it for good (value - unused at that moment); null while not replaced. */
  kept: bigint | null;
  /**
   * The uplines its purchase rewards (index and rate): held until the card ends, or settled on its
   * used share when an upgrade replaces it first (docs/team.md).
   */
  rewarded: { j: number; bps: bigint }[];
}

export interface Plan {
  action: 'buy' | 'renew' | 'upgrade' | 'lower';
  tier: Tier;
  price: bigint;
  credit: bigint;
  pay: bigint;
  start: number;
  end: number;
  replaces: ModelCard[];
}

const live = (c: ModelCard, now: number) => !c.replaced && c.end > now;

/** The unused value of a card now: all of it before it starts, the remaining share while it runs. */
function unused(c: ModelCard, now: number): bigint {
  if (!live(c, now)) return 0n;
  if (c.start >= now) return c.value;
  return (c.value * BigInt(c.end - now)) / BigInt(c.end - c.start);
}

/** What buying `tier` now is, by docs/membership.md: buy, renew, upgrade (with credit) or lower. */
export function plan(cards: ModelCard[], tier: Tier, now: number): Plan {
  const price = PRICE[tier];
  const length = DAYS[tier] * DAY_MS;
  const base = { tier, price, credit: 0n, pay: price, replaces: [] as ModelCard[] };
  const active = cards.filter((c) => live(c, now) && c.start <= now);
  const current = active.reduce<ModelCard | null>(
    (b, c) => (!b || RANK[c.tier] > RANK[b.tier] ? c : b),
    null,
  );
  if (!current) return { ...base, action: 'buy', start: now, end: now + length };
  if (RANK[tier] < RANK[current.tier]) return { ...base, action: 'lower', pay: 0n, start: now, end: now };
  if (RANK[tier] === RANK[current.tier]) {
    const start = cards
      .filter((c) => c.tier === tier && live(c, now))
      .reduce((e, c) => Math.max(e, c.end), now);
    return { ...base, action: 'renew', start, end: start + length };
  }
  const replaces = cards.filter((c) => live(c, now) && RANK[c.tier] < RANK[tier]);
  const credit = replaces.reduce((s, c) => s + unused(c, now), 0n);
  return { ...base, action: 'upgrade', credit, pay: price - credit, replaces, start: now, end: now + length };
}

/** Whether the user holds an active Star Card (Primary or above): what withdrawing needs. */
export const holdsStarCard = (u: ModelUser, now: number) =>
  u.cards.some((c) => live(c, now) && c.start <= now && RANK[c.tier] >= RANK.primary);

/** The same plan as quoted: action, list price and the cards an upgrade replaces. */
export const samePlan = (a: Plan, b: Plan) =>
  a.action === b.action &&
  a.price === b.price &&
  a.replaces.length === b.replaces.length &&
  a.replaces.every((c) => b.replaces.includes(c));

/** The uplines of user i a purchase now pays: an active card whose tier reaches their level. */
function rewarded(users: ModelUser[], i: number, now: number): { j: number; bps: bigint }[] {
  return uplines(users, i)
    .filter(({ j, level }) =>
      users[j]!.cards.some((c) => live(c, now) && c.start <= now && REACH[c.tier] >= level),
    )
    .map(({ j, level }) => ({ j, bps: REFERRAL_BPS[level - 1]! }));
}

/**
 * A purchase of user i in the model: the cards it replaces (each keeping what was used of it) and
 * the uplines its referral rewards go to (held until the card ends: `cardRewards`). Answers what
 * left the wallet (negative: refunded).
 */
export function purchase(users: ModelUser[], i: number, p: Plan, now: number, payCap?: bigint): bigint {
  const user = users[i]!;
  const pay = payCap !== undefined && p.pay > payCap ? payCap : p.pay;
  const paid = pay > 0n ? pay : 0n;
  for (const c of p.replaces) {
    c.kept = c.value - unused(c, now);
    c.replaced = true;
  }
  const value = paid + p.credit < p.price ? paid + p.credit : p.price;
  const paidTo = rewarded(users, i, now);
  user.cards.push({
    tier: p.tier,
    start: p.start,
    end: p.end,
    value,
    replaced: false,
    kept: null,
    rewarded: paidTo,
  });
  user.keptCards += pay;
  user.purchases++;
  return pay;
}

/** A copyright purchase: its referral rewards on what was spent. */
export function buyCopyrights(users: ModelUser[], i: number, quantity: bigint, now: number): void {
  users[i]!.copyrights.push({ quantity, at: now });
  users[i]!.purchases++;
  for (const r of rewarded(users, i, now))
    users[r.j]!.referral += (r.bps * quantity * COPYRIGHT.price) / 10_000n + 1n;
}

export interface ModelUser {
  inviter: number | null;
  cards: ModelCard[];
  /** Credited recharges. */
  recharged: bigint;
  /** Red-packet shares claimed from others' packets. */
  received: bigint;
  /** Net money the card purchases kept (paid minus refunded). */
  keptCards: bigint;
  /** Card and copyright purchases (for the rounding slack of rewards: 1 minor unit each). */
  purchases: number;
  copyrights: { quantity: bigint; at: number }[];
  /** Shares of this user's red packets that others claimed. */
  redPacketsOut: bigint;
  /** Everything this user put into red packets (what is not claimed comes back a day later). */
  redPacketsSent: bigint;
  /** The most referral rewards the rules paid this user on copyrights (Star Cards: `cardRewards`). */
  referral: bigint;
  /** Salary claims paid, and when the last was. */
  salary: bigint;
  lastSalary: number | null;
  /** Amount + fee of withdrawals applied and not returned (rejected or failed). */
  withdrawn: bigint;
}

export const newUser = (inviter: number | null): ModelUser => ({
  inviter,
  cards: [],
  recharged: 0n,
  received: 0n,
  keptCards: 0n,
  purchases: 0,
  copyrights: [],
  redPacketsOut: 0n,
  redPacketsSent: 0n,
  referral: 0n,
  salary: 0n,
  lastSalary: null,
  withdrawn: 0n,
});

const copyrightSpend = (u: ModelUser, before = Infinity) =>
  u.copyrights.filter((c) => c.at <= before).reduce((s, c) => s + c.quantity * COPYRIGHT.price, 0n);

/** Copyright revenue due by now at most: quantity × profit for each day from the day after, up to the term. */
function revenueBound(u: ModelUser, now: number): { amount: bigint; days: number } {
  let amount = 0n;
  let days = 0;
  for (const c of u.copyrights) {
    const d = Math.min(COPYRIGHT.term, Math.floor((now - c.at) / DAY_MS) + 1);
    amount += c.quantity * COPYRIGHT.profit * BigInt(d);
    days += d;
  }
  return { amount, days };
}

/**
 * The referral rewards on Star Cards user i may have been paid by now: a card's once it has ended
 * (rate × value), or once an upgrade replaced it (rate × the value it kept); nothing while it can
 * still be credited back. One minor unit of rounding each.
 */
export function cardRewards(users: ModelUser[], i: number, now: number): bigint {
  let sum = 0n;
  for (const d of users)
    for (const c of d.cards) {
      const base = c.replaced ? c.kept! : c.end <= now ? c.value : 0n;
      for (const r of c.rewarded) if (r.j === i) sum += (r.bps * base) / 10_000n + 1n;
    }
  return sum;
}

/** The uplines of user i, with their level (1 = the inviter), up to five levels. */
function uplines(users: ModelUser[], i: number): { j: number; level: number }[] {
  const list: { j: number; level: number }[] = [];
  for (let j = users[i]!.inviter, level = 1; j !== null && level <= 5; j = users[j]!.inviter, level++)
    list.push({ j, level });
  return list;
}

/**
 * The most user i may hold plus have taken out by the rules: what they put in (credited
 * recharges, others' red-packet shares), plus the rewards the rules grant on money the system
 * kept (referral rewards on copyrights, and on Star Cards once they can no longer be credited
 * back; welfare as if every upline
 * held a card reaching the level), minus what the system keeps of their own spending (lower bounds).
 */
export function entitlement(users: ModelUser[], i: number, now: number): bigint {
  const u = users[i]!;
  let rewards = revenueBound(u, now).amount + u.referral + cardRewards(users, i, now);
  for (const [k, d] of users.entries()) {
    const up = uplines(users, k).find((x) => x.j === i);
    if (!up) continue;
    const revenue = revenueBound(d, now);
    rewards += (WELFARE_BPS[up.level - 1]! * revenue.amount) / 10_000n + BigInt(revenue.days);
  }
  rewards += (copyrightSpend(u, now - DIVIDEND.afterMs) / DIVIDEND.unit) * DIVIDEND.value;
  rewards += u.salary;
  const kept = u.keptCards - BigInt(u.purchases) + copyrightSpend(u) + u.redPacketsOut;
  return u.recharged + u.received + rewards - kept;
}

/**
 * The least user i must hold plus have taken out: what they put in minus the most their own
 * spending may keep (rewards only ever add).
 */
export function floor(u: ModelUser): bigint {
  return u.recharged + u.received - u.keptCards - BigInt(u.purchases) - copyrightSpend(u) - u.redPacketsSent;
}

/**
 * A salary the server paid user i now, by docs/team.md: their own Star Card, 3 direct and 5 team
 * members holding one, 30 days since the last claim; level 1 (500.00) is the most six users reach.
 * Answers why the rules would not pay it, or null.
 */
export function claimSalary(users: ModelUser[], i: number, now: number): string | null {
  const u = users[i]!;
  const holders = users.filter((d, k) => holdsStarCard(d, now) && uplines(users, k).some((x) => x.j === i));
  const direct = holders.filter((d) => d.inviter === i).length;
  u.salary += SALARY.amount;
  const last = u.lastSalary;
  u.lastSalary = now;
  if (!holdsStarCard(u, now)) return 'no Star Card';
  if (direct < SALARY.directs || holders.length < SALARY.team)
    return `${direct} direct and ${holders.length} team members hold a Star Card`;
  if (last !== null && now - last < SALARY.everyMs) return `the last claim was ${now - last} ms ago`;
  return null;
}
