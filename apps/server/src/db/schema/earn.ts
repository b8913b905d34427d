import type { MembershipTier } from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userId = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .references(() => users.id);

/** One check-in per user and tenant day (the primary key makes two at once pay once). */
export const checkins = pgTable(
  'checkin',
  {
    userId: userId('user_id'),
    day: date('day', { mode: 'string' }).notNull(),
    streak: integer('streak').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A task reward claimed: once per user, task and period (`once`, or the tenant day for daily tasks). */
export const taskClaims = pgTable(
  'task_claim',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: userId('user_id'),
    code: varchar('code', { length: 40 }).notNull(),
    period: varchar('period', { length: 12 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('task_claim_once_uq').on(t.userId, t.code, t.period)],
);

/** A red packet: funded into escrow at creation, split into its shares up front. */
export const redPackets = pgTable(
  'red_packet',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /**
     * The packet's public id in links and claims: 128 random bits as 32 hex digits (the service
     * makes it; the default gave packets made before it one), never the sequential `id`.
     */
    token: varchar('token', { length: 32 })
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    senderId: userId('sender_id'),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    shares: integer('shares').notNull(),
    split: varchar('split', { length: 8 }).notNull(),
    greeting: text('greeting').notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set once, with the refund of the unclaimed shares. */
    refundedAt: ts('refunded_at'),
    refunded: bigint('refunded', { mode: 'bigint' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('red_packet_token_uq').on(t.token),
    uniqueIndex('red_packet_request_uq').on(t.senderId, t.requestId),
    index('red_packet_sender_idx').on(t.senderId, t.createdAt),
    index('red_packet_expiry_idx').on(t.expiresAt),
  ],
);

export const redPacketShares = pgTable(
  'red_packet_share',
  {
    packetId: bigint('packet_id', { mode: 'bigint' })
      .notNull()
      .references(() => redPackets.id),
    seq: integer('seq').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    claimedBy: bigint('claimed_by', { mode: 'bigint' }).references(() => users.id),
    claimedAt: ts('claimed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.packetId, t.seq] }),
    // One share per user and packet.
    uniqueIndex('red_packet_share_claimer_uq').on(t.packetId, t.claimedBy),
    index('red_packet_share_claimer_idx').on(t.claimedBy),
  ],
);

/** The Star Card holders' daily award: once per user and tenant day. */
export const dailyAwards = pgTable(
  'daily_award',
  {
    userId: userId('user_id'),
    day: date('day', { mode: 'string' }).notNull(),
    tier: varchar('tier', { length: 12 }).$type<MembershipTier>().notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
