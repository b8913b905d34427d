import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { tenants } from './tenant.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userId = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .references(() => users.id);

/**
 * The team tree as a closure table: one row per (ancestor, descendant) up to five levels apart,
 * so "everyone within five levels" and "level n" are one indexed query at any team size.
 */
export const teamLinks = pgTable(
  'team_link',
  {
    ancestorId: userId('ancestor_id'),
    descendantId: userId('descendant_id'),
    depth: integer('depth').notNull(),
    /** When the descendant registered (their `created_at`): members are listed newest first. */
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.descendantId] }),
    /** A level's members newest first (a page is a short index scan), and its count. */
    index('team_link_ancestor_depth_idx').on(
      t.ancestorId,
      t.depth,
      t.joinedAt.desc().nullsFirst(),
      t.descendantId.desc().nullsFirst(),
    ),
    /** All levels newest first, and who joined today. */
    index('team_link_ancestor_joined_idx').on(
      t.ancestorId,
      t.joinedAt.desc().nullsFirst(),
      t.descendantId.desc().nullsFirst(),
    ),
    index('team_link_descendant_idx').on(t.descendantId, t.depth),
    check('team_link_depth', sql`${t.depth} between 1 and 5`),
  ],
);

/**
 * How many members each user has at each level (1-5): `team_link` counted once, kept by the
 * transaction that writes the links (linkToInviter), so a team header reads five rows instead of
 * counting a large team's links on every call.
 */
export const teamCounts = pgTable(
  'team_count',
  {
    ancestorId: userId('ancestor_id'),
    depth: integer('depth').notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.depth] }),
    check('team_count_depth', sql`${t.depth} between 1 and 5`),
    check('team_count_members', sql`${t.members} >= 0`),
  ],
);

/** Copyrights for sale: a number of shares of a drama's (or a promotion's) revenue. */
export const copyrightProducts = pgTable(
  'copyright_product',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 })
      .notNull()
      .references(() => tenants.id),
    /** A stable name for seeding and operators. */
    code: varchar('code', { length: 60 }).notNull(),
    /** Title per language: {en, vn, id}. */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    seriesId: bigint('series_id', { mode: 'bigint' }),
    cover: text('cover'),
    totalQuantity: integer('total_quantity').notNull(),
    sold: integer('sold').notNull().default(0),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    dailyProfit: bigint('daily_profit', { mode: 'bigint' }).notNull(),
    termDays: integer('term_days').notNull(),
    perUserMax: integer('per_user_max').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** Operators close a product early; closed = invest ended. */
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('copyright_product_code_uq').on(t.tenantId, t.code),
    check('copyright_product_not_oversold', sql`${t.sold} between 0 and ${t.totalQuantity}`),
  ],
);

export const copyrightHoldings = pgTable(
  'copyright_holding',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    productId: bigint('product_id', { mode: 'bigint' })
      .notNull()
      .references(() => copyrightProducts.id),
    userId: userId('user_id'),
    quantity: integer('quantity').notNull(),
    paid: bigint('paid', { mode: 'bigint' }).notNull(),
    /** quantity × daily profit at purchase. */
    dailyRevenue: bigint('daily_revenue', { mode: 'bigint' }).notNull(),
    /** Revenue days (tenant time zone): the day after purchase through the term's last day. */
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    purchasedAt: ts('purchased_at').notNull(),
  },
  (t) => [
    uniqueIndex('copyright_holding_request_uq').on(t.userId, t.requestId),
    index('copyright_holding_user_idx').on(t.userId, t.purchasedAt),
    index('copyright_holding_product_user_idx').on(t.productId, t.userId),
    index('copyright_holding_due_idx').on(t.lastDay),
  ],
);

/** One row per holding and revenue day: the day is paid exactly once (with its ledger transfer). */
export const copyrightRevenue = pgTable(
  'copyright_revenue',
  {
    holdingId: bigint('holding_id', { mode: 'bigint' })
      .notNull()
      .references(() => copyrightHoldings.id),
    day: date('day', { mode: 'string' }).notNull(),
    userId: userId('user_id'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAt: ts('paid_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.holdingId, t.day] }),
    index('copyright_revenue_user_idx').on(t.userId, t.day),
  ],
);

/** Referral and welfare rewards paid to uplines, for per-level and per-member statistics. */
export const teamRewards = pgTable(
  'team_reward',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    beneficiaryId: userId('beneficiary_id'),
    sourceUserId: userId('source_user_id'),
    level: integer('level').notNull(),
    /** referral_reward (on a card or copyright purchase) or welfare (on daily copyright revenue). */
    kind: varchar('kind', { length: 20 }).notNull(),
    /** card or copyright: what the source bought or earned. */
    cause: varchar('cause', { length: 20 }).notNull(),
    baseAmount: bigint('base_amount', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reference: varchar('reference', { length: 120 }).notNull(),
    /**
     * paid (in the wallet), held (a Star Card's reward, waiting until the card's period can no
     * longer be credited back: `releases_at`), or cancelled (credited back before its release).
     */
    status: varchar('status', { length: 10 })
      .$type<'held' | 'paid' | 'cancelled'>()
      .notNull()
      .default('paid'),
    releasesAt: ts('releases_at'),
    /** When it reached the wallet (null while held or cancelled). */
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('team_reward_once_uq').on(t.kind, t.reference, t.beneficiaryId),
    index('team_reward_held_idx')
      .on(t.releasesAt)
      .where(sql`${t.status} = 'held'`),
    check('team_reward_status', sql`${t.status} in ('held', 'paid', 'cancelled')`),
    index('team_reward_beneficiary_idx').on(t.beneficiaryId, t.createdAt),
    index('team_reward_pair_idx').on(t.beneficiaryId, t.sourceUserId),
  ],
);

/**
 * Referral rewards reversed (their purchase credited back) that the beneficiary's wallet could
 * not cover: set off against their next rewards. Never negative.
 */
export const rewardDebts = pgTable(
  'reward_debt',
  {
    userId: userId('user_id').primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [check('reward_debt_not_negative', sql`${t.amount} >= 0`)],
);

export const salaryClaims = pgTable(
  'salary_claim',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    userId: userId('user_id'),
    /** 1, 2, 3 …: the user's n-th claim (unique: a claim is paid once). */
    sequence: integer('sequence').notNull(),
    level: integer('level').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    claimedAt: ts('claimed_at').notNull(),
  },
  (t) => [uniqueIndex('salary_claim_sequence_uq').on(t.userId, t.sequence)],
);

/** Dividend shares granted on copyright purchases; each grant pays once at its payout time. */
export const dividendGrants = pgTable(
  'dividend_grant',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    userId: userId('user_id'),
    shares: integer('shares').notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    reference: varchar('reference', { length: 120 }).notNull(),
    grantedAt: ts('granted_at').notNull(),
    payoutAt: ts('payout_at').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('dividend_grant_reference_uq').on(t.reference),
    index('dividend_grant_user_idx').on(t.userId),
    index('dividend_grant_due_idx').on(t.payoutAt),
  ],
);
