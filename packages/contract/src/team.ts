/**
 * The five-level team, copyrights with daily revenue, team rewards, monthly salary, dividends and
 * the leader programme: tenant settings and the shapes the server answers.
 */
import { z } from 'zod';
import { CURRENCY_KEYS, type CurrencyKey, MEMBERSHIP_TIERS } from './constants.js';
import type { MessageKey } from './messages.js';
import { amountSchema, requestIdSchema } from './wallet.js';
import { dateSchema, payPasswordSchema, text } from './validation.js';
import { lazySchema } from './lazy-schema.js';

const m = (key: MessageKey) => ({ error: key });
const currencyKey = lazySchema(() => z.enum(CURRENCY_KEYS));
const bpsPerLevel = lazySchema(() =>
  z
    .array(
      z
        .number(m('ConfigRateRange'))
        .int(m('ConfigRateRange'))
        .min(0, m('ConfigRateRange'))
        .max(5_000, m('ConfigRateRange')),
    )
    .length(5),
);

export const TEAM_LEVELS = [1, 2, 3, 4, 5] as const;

export const teamSettingsSchema = lazySchema(() =>
  z.object({
    /** Referral reward on a team member's Star Card and copyright purchases, per level 1-5 (bps). */
    referralBps: bpsPerLevel,
    /** Welfare revenue on a team member's daily copyright revenue, per level 1-5 (bps). */
    welfareBps: bpsPerLevel,
    salaryLevels: z
      .array(
        z.object({
          level: z.number().int().min(1),
          /** Direct invitees (level 1) holding an active Star Card. */
          directStarMembers: z.number().int().min(0),
          /** Team members (levels 1-5) holding an active Star Card. */
          teamStarMembers: z.number().int().min(0),
          amount: amountSchema,
        }),
      )
      .max(10),
    salaryIntervalDays: z.number().int().min(1),
    dividend: z.object({
      /** One share per this much spent on copyrights. */
      shareUnit: amountSchema,
      /** What a share pays at payout. */
      shareValue: amountSchema,
      months: z.number().int().min(1).max(60),
    }),
    /** The leader programme's goal: team copyright purchases reaching this amount. */
    leaderGoal: amountSchema,
  }),
);
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

export function defaultTeamSettings(currency: CurrencyKey): TeamSettings {
  const money: Record<
    CurrencyKey,
    { salary: [string, string, string]; unit: string; value: string; goal: string }
  > = {
    PHP: { salary: ['500', '1500', '5000'], unit: '1000', value: '100', goal: '1000000' },
    VND: { salary: ['200000', '600000', '2000000'], unit: '400000', value: '40000', goal: '400000000' },
    PKR: { salary: ['2500', '7500', '25000'], unit: '5000', value: '500', goal: '5000000' },
    IDR: { salary: ['150000', '450000', '1500000'], unit: '300000', value: '30000', goal: '300000000' },
    USDT: { salary: ['10', '30', '100'], unit: '20', value: '2', goal: '20000' },
  };
  const c = money[currency];
  return {
    referralBps: [1_000, 500, 300, 200, 100],
    welfareBps: [500, 300, 200, 100, 50],
    salaryLevels: [
      { level: 1, directStarMembers: 3, teamStarMembers: 5, amount: c.salary[0] },
      { level: 2, directStarMembers: 5, teamStarMembers: 20, amount: c.salary[1] },
      { level: 3, directStarMembers: 10, teamStarMembers: 50, amount: c.salary[2] },
    ],
    salaryIntervalDays: 30,
    dividend: { shareUnit: c.unit, shareValue: c.value, months: 10 },
    leaderGoal: c.goal,
  };
}

// ---------------------------------------------------------------------------------------------
// Team
// ---------------------------------------------------------------------------------------------

export const levelCount = lazySchema(() => z.object({ level: z.number().int(), count: z.number().int() }));
export const levelStatus = lazySchema(() =>
  z.object({
    level: z.number().int(),
    members: z.number().int(),
    /** Members holding an active Star Card. */
    activeMembers: z.number().int(),
    /** What the user earned from this level (referral + welfare). */
    revenue: z.string(),
  }),
);
export const teamStatus = lazySchema(() =>
  z.object({
    currency: currencyKey,
    inviteCode: z.string(),
    inviteLink: z.string(),
    teamSize: z.number().int(),
    directCount: z.number().int(),
    activeMembers: z.number().int(),
    newToday: z.number().int(),
    todayRevenue: z.string(),
    totalRevenue: z.string(),
    /**
     * Referral rewards on members' Star Cards still held: paid when the card's period ends (until
     * then an upgrade may credit it back), docs/team.md. `nextRelease`: the earliest such end.
     */
    heldRevenue: z.string(),
    nextRelease: z.string().nullable(),
    /** How many levels pay this user now (by their card: 0 without a Star Card). */
    rewardLevels: z.number().int(),
  }),
);
export const teamMember = lazySchema(() =>
  z.object({
    userId: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    level: z.number().int(),
    /** Registration time. */
    joinedAt: z.string(),
    /** What the user earned from this member. */
    revenue: z.string(),
    /** Their largest credited recharge. */
    maxRecharge: z.string(),
    membership: z.enum(MEMBERSHIP_TIERS).nullable(),
  }),
);
export const teamMembersQuery = lazySchema(() =>
  z.object({
    level: z.coerce.number().int().min(1).max(5).optional(),
    /** Nickname, invite code or user ID. */
    keyword: text().trim().max(40).optional(),
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
);

export const invitationDetail = lazySchema(() =>
  z.object({
    userId: z.string(),
    nickname: z.string(),
    joinedAt: z.string(),
    /** His own direct invitations. */
    directInvites: z.number().int(),
    copyrightPurchase: z.string(),
    copyrightWelfare: z.string(),
    copyrightReferral: z.string(),
    todayRevenue: z.string(),
    /** The level-1 referral rate, in bps. */
    referralBps: z.number().int(),
    myRevenue: z.string(),
  }),
);

export const REVENUE_KINDS = [
  'copyright_revenue',
  'referral_reward',
  'welfare',
  'salary',
  'dividend',
  'task_reward',
  'checkin',
  'daily_award',
  'red_packet',
] as const;
export const revenueDetail = lazySchema(() =>
  z.object({
    currency: currencyKey,
    today: z.string(),
    yesterday: z.string(),
    total: z.string(),
    byKind: z.array(z.object({ kind: z.enum(REVENUE_KINDS), today: z.string(), total: z.string() })),
  }),
);
export const revenueDetailQuery = lazySchema(() =>
  z.object({
    /** YYYY-MM-DD in the tenant's time zone; defaults to today. */
    date: dateSchema.optional(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Copyrights
// ---------------------------------------------------------------------------------------------

export const copyrightProduct = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    cover: z.string().nullable(),
    seriesId: z.number().int().nullable(),
    currency: currencyKey,
    totalQuantity: z.number().int(),
    sold: z.number().int(),
    remaining: z.number().int(),
    /** sold / total, 0-100. */
    progress: z.number(),
    price: z.string(),
    dailyProfit: z.string(),
    termDays: z.number().int(),
    perUserMax: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    /** upcoming, open, sold_out, ended */
    state: z.enum(['upcoming', 'open', 'sold_out', 'ended']),
    /** dailyProfit / price × 365, in bps (spec field; the app shows termReturnBps, a figure a user can check). */
    annualizedBps: z.number().int(),
    /** Total over the term for one copyright: what the daily revenue job pays, no more. */
    totalReturn: z.string(),
    /** totalReturn / price, in bps: what the app shows (the price itself is not paid back). */
    termReturnBps: z.number().int(),
    mine: z.object({ quantity: z.number().int(), revenue: z.string(), yesterday: z.string() }),
  }),
);
export type CopyrightProduct = z.infer<typeof copyrightProduct>;

export const copyrightCenter = lazySchema(() =>
  z.object({
    currency: currencyKey,
    totalPurchase: z.string(),
    totalRevenue: z.string(),
    yesterdayRevenue: z.string(),
    products: z.array(copyrightProduct),
  }),
);

export const buyCopyrightForm = lazySchema(() =>
  z.object({
    productId: text().regex(/^\d{1,18}$/, m('ValidationFailed')),
    quantity: z.coerce
      .number()
      .int(m('ValidationFailed'))
      .min(1, m('ValidationFailed'))
      .max(1000, m('ValidationFailed')),
    /** Money leaving the wallet for an investment asks the payment password, as a withdrawal does. */
    payPassword: payPasswordSchema,
    requestId: requestIdSchema,
  }),
);

export const copyrightHolding = lazySchema(() =>
  z.object({
    id: z.string(),
    productId: z.string(),
    title: z.string(),
    quantity: z.number().int(),
    paid: z.string(),
    dailyRevenue: z.string(),
    purchasedAt: z.string(),
    /** First and last revenue days (YYYY-MM-DD, tenant time zone). */
    firstDay: z.string(),
    lastDay: z.string(),
    daysPaid: z.number().int(),
    revenue: z.string(),
  }),
);
export const copyrightRevenueEntry = lazySchema(() =>
  z.object({
    holdingId: z.string(),
    title: z.string(),
    day: z.string(),
    amount: z.string(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Salary, dividends, leaders
// ---------------------------------------------------------------------------------------------

export const salaryStatus = lazySchema(() =>
  z.object({
    currency: currencyKey,
    directStarMembers: z.number().int(),
    teamStarMembers: z.number().int(),
    /** The highest level reached now, 0 for none. */
    level: z.number().int(),
    amount: z.string(),
    levels: z.array(
      z.object({
        level: z.number().int(),
        directStarMembers: z.number().int(),
        teamStarMembers: z.number().int(),
        amount: z.string(),
      }),
    ),
    starCard: z.boolean(),
    lastClaimAt: z.string().nullable(),
    nextClaimAt: z.string().nullable(),
    canClaim: z.boolean(),
  }),
);
export const salaryRecord = lazySchema(() =>
  z.object({
    id: z.string(),
    level: z.number().int(),
    amount: z.string(),
    claimedAt: z.string(),
  }),
);

export const dividendStatus = lazySchema(() =>
  z.object({
    currency: currencyKey,
    shares: z.number().int(),
    /** Shares × share value, not yet paid. */
    pendingValue: z.string(),
    paidValue: z.string(),
    shareUnit: z.string(),
    shareValue: z.string(),
    months: z.number().int(),
    nextPayoutAt: z.string().nullable(),
    grants: z.array(
      z.object({
        id: z.string(),
        shares: z.number().int(),
        value: z.string(),
        grantedAt: z.string(),
        payoutAt: z.string(),
        paidAt: z.string().nullable(),
      }),
    ),
  }),
);

export const leaderBoard = lazySchema(() =>
  z.object({
    currency: currencyKey,
    goal: z.string(),
    me: z.object({ teamSize: z.number().int(), teamPurchase: z.string(), progress: z.number() }),
    leaders: z.array(
      z.object({
        rank: z.number().int(),
        nickname: z.string(),
        avatar: z.string().nullable(),
        teamSize: z.number().int(),
        teamPurchase: z.string(),
        progress: z.number(),
      }),
    ),
  }),
);
