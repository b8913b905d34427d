import type {
  CreditKind,
  CreditStatus,
  MembershipTier,
  RechargeChannel,
  RechargeStatus,
  WithdrawalStage,
} from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
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
const userRef = () =>
  bigint('user_id', { mode: 'bigint' })
    .notNull()
    .references(() => users.id);
const tenantRef = () =>
  varchar('tenant_id', { length: 6 })
    .notNull()
    .references(() => tenants.id);

/**
 * A recharge: a user's promise to pay on a channel, credited to the wallet (through the ledger)
 * only by a verified gateway webhook or an operator's confirmation. `amount` is what the user pays
 * (minor units of `pay_currency`: the tenant's currency, or USDT), `credit_amount` what the wallet
 * receives (minor units of `currency`).
 */
export const rechargeOrders = pgTable(
  'recharge_order',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    tenantId: tenantRef(),
    userId: userRef(),
    channel: varchar('channel', { length: 12 }).$type<RechargeChannel>().notNull(),
    /** pending → submitted (user says paid / gave the hash) → credited; or failed, expired, rejected. */
    status: varchar('status', { length: 12 }).$type<RechargeStatus>().notNull(),
    payCurrency: varchar('pay_currency', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    creditAmount: bigint('credit_amount', { mode: 'bigint' }).notNull(),
    /** The client's id of the request: the same id answers the same order. */
    requestId: varchar('request_id', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** What the user was shown: official account and reference, USDT address and rate. */
    instructions: jsonb('instructions').notNull(),
    /** Official transfers: the reference the user writes in the transfer note. */
    reference: varchar('reference', { length: 16 }),
    /** Gateway: which provider took it, and credited it (sandbox, paymongo, xendit, vnpay, jazzcash). */
    provider: varchar('provider', { length: 20 }),
    /** Gateway: the provider's payment id; the provider's transaction id once paid. */
    providerRef: varchar('provider_ref', { length: 80 }),
    /**
     * The provider's transaction id that credited it: once per tenant and provider (each
     * provider numbers its own, per merchant account: VNPay's are sequential).
     */
    providerTxnId: varchar('provider_txn_id', { length: 80 }),
    /** USDT: the deposit's transaction hash (64 hex, lower case). */
    txHash: varchar('tx_hash', { length: 64 }),
    /** What finance matched it with (bank statement reference or the hash). */
    matchedReference: varchar('matched_reference', { length: 120 }),
    /**
     * Confirmed by finance: what the bank (or chain) actually received, in `pay_currency`; when it
     * differs from `amount`, `credit_amount` was set from it (the wallet gets what arrived).
     */
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    /** What the money is for beyond the wallet, e.g. `{kind: 'membership', tier}`: done on credit. */
    purpose: jsonb('purpose'),
    reason: text('reason'),
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    expiresAt: ts('expires_at'),
    submittedAt: ts('submitted_at'),
    creditedAt: ts('credited_at'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('recharge_order_no_uq').on(t.orderNo),
    uniqueIndex('recharge_order_request_uq').on(t.userId, t.requestId),
    uniqueIndex('recharge_order_reference_uq').on(t.reference),
    uniqueIndex('recharge_order_provider_txn_uq').on(t.tenantId, t.provider, t.providerTxnId),
    // A hash credits once: no two live orders may carry it (a rejected one frees it).
    uniqueIndex('recharge_order_tx_hash_uq')
      .on(t.txHash)
      .where(sql`${t.status} <> 'rejected'`),
    index('recharge_order_user_idx').on(t.userId, t.createdAt),
    index('recharge_order_queue_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);

/** Every webhook delivery as received, with what was done about it (the console shows them). */
export const gatewayEvents = pgTable(
  'gateway_event',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerTxnId: varchar('provider_txn_id', { length: 80 }),
    orderNo: varchar('order_no', { length: 32 }),
    /** credited, duplicate, declined, or rejected:<why>. */
    outcome: varchar('outcome', { length: 60 }).notNull(),
    payload: text('payload').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('gateway_event_order_idx').on(t.orderNo), index('gateway_event_time_idx').on(t.receivedAt)],
);

/**
 * A tenant's payment provider account: whether it is offered, with which methods (e.g. card,
 * gcash, paymaya), its public settings (merchant ids, test/live mode) and its keys and secrets,
 * sealed with the data key (never shown again, only masked). Changes are audited.
 */
export const paymentProviders = pgTable(
  'payment_provider',
  {
    tenantId: tenantRef(),
    provider: varchar('provider', { length: 20 }).notNull(),
    enabled: boolean('enabled').notNull(),
    methods: jsonb('methods').$type<string[]>().notNull(),
    /** Settings that are not secret (e.g. merchant id, mode). */
    settings: jsonb('settings').$type<Record<string, string>>().notNull(),
    /** The secrets as sealed JSON (`Sealer.seal`), `{name: value}`. */
    secrets: text('secrets').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.provider] })],
);

/**
 * The local sandbox gateway's own books (it plays an external provider: its payment page and
 * its signed webhooks are the only way it talks to the wallet).
 */
export const sandboxPayments = pgTable('sandbox_payment', {
  id: varchar('id', { length: 40 }).primaryKey(),
  merchantOrderNo: varchar('merchant_order_no', { length: 32 }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  currency: varchar('currency', { length: 8 }).notNull(),
  returnUrl: text('return_url').notNull(),
  /** pending, approved, declined */
  status: varchar('status', { length: 12 }).notNull(),
  txnId: varchar('txn_id', { length: 80 }),
  createdAt: ts('created_at').notNull(),
});

/**
 * A withdrawal: amount + fee leave the spendable balance at application (into withdrawals
 * payable) and move on by stage. `destination` is a snapshot of the bank card or USDT address.
 */
export const withdrawals = pgTable(
  'withdrawal',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    tenantId: tenantRef(),
    userId: userRef(),
    currency: varchar('currency', { length: 8 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    /** applied → approved → processing → paid; or rejected / failed (amount + fee returned). */
    status: varchar('status', { length: 12 }).$type<WithdrawalStage>().notNull(),
    destination: jsonb('destination').notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    reason: text('reason'),
    /** The bank's (or chain's) reference of the payout, recorded by finance with "Mark paid". */
    paidReference: varchar('paid_reference', { length: 120 }),
    appliedAt: ts('applied_at').notNull(),
    approvedAt: ts('approved_at'),
    processingAt: ts('processing_at'),
    paidAt: ts('paid_at'),
    failedAt: ts('failed_at'),
    rejectedAt: ts('rejected_at'),
  },
  (t) => [
    uniqueIndex('withdrawal_order_no_uq').on(t.orderNo),
    uniqueIndex('withdrawal_request_uq').on(t.userId, t.requestId),
    index('withdrawal_user_idx').on(t.userId, t.appliedAt),
    index('withdrawal_queue_idx').on(t.tenantId, t.status, t.appliedAt),
  ],
);

/**
 * Memberships held: a card is active from `starts_at` until `ends_at` (checked on every use, by
 * the clock). A renewal is a new card starting where the last one ends; an upgrade ends the
 * replaced cards now (`replaced_at`) and credits their unused value.
 */
export const membershipCards = pgTable(
  'membership_card',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: tenantRef(),
    userId: userRef(),
    /** week, primary, premium, director */
    tier: varchar('tier', { length: 12 }).$type<MembershipTier>().notNull(),
    /** purchase, test, operator … */
    source: varchar('source', { length: 20 }).notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** The card's price in minor units (its unused part is credited on an upgrade). */
    price: bigint('price', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** What the purchase took from the wallet (price minus any upgrade credit). */
    paid: bigint('paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * The money in the card: what was paid for it plus the credit carried in from the cards it
     * replaced, never more than its price. An upgrade credits the unused share of this (not of
     * the list price), and the team's referral rewards are paid on it.
     */
    value: bigint('value', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    replacedAt: ts('replaced_at'),
    /** The buyer's request id: the same id never buys twice. */
    requestId: varchar('request_id', { length: 80 }),
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('membership_card_user_idx').on(t.userId, t.endsAt),
    uniqueIndex('membership_card_request_uq').on(t.userId, t.requestId),
  ],
);

/**
 * Trial cards: 72 hours of free viewing from activation. Every user gets one (`signup`); Star
 * Card holders gift some per period (`gift`), to a team member or as a code a friend claims.
 */
export const trialCards = pgTable(
  'trial_card',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: tenantRef(),
    /** Null while a gift code is unclaimed. */
    ownerId: bigint('owner_id', { mode: 'bigint' }).references(() => users.id),
    giverId: bigint('giver_id', { mode: 'bigint' }).references(() => users.id),
    source: varchar('source', { length: 10 }).notNull(),
    code: varchar('code', { length: 12 }),
    requestId: varchar('request_id', { length: 64 }),
    claimedAt: ts('claimed_at'),
    activatedAt: ts('activated_at'),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('trial_card_code_uq').on(t.code),
    uniqueIndex('trial_card_signup_uq')
      .on(t.ownerId)
      .where(sql`${t.source} = 'signup'`),
    uniqueIndex('trial_card_gift_request_uq').on(t.giverId, t.requestId),
    index('trial_card_owner_idx').on(t.ownerId),
    index('trial_card_giver_idx').on(t.giverId, t.createdAt),
  ],
);

/**
 * A refund or goodwill credit given by an operator (support, finance, admins): credited at once
 * within the threshold, else pending until another operator approves. One ledger transfer
 * (`credit:<id>`) when credited; the operator's request id makes a retry answer the same credit.
 */
export const walletCredits = pgTable(
  'wallet_credit',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: tenantRef(),
    userId: userRef(),
    kind: varchar('kind', { length: 12 }).$type<CreditKind>().notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    conversationId: bigint('conversation_id', { mode: 'bigint' }),
    status: varchar('status', { length: 10 }).$type<CreditStatus>().notNull(),
    requestedBy: bigint('requested_by', { mode: 'bigint' }).notNull(),
    requestedByName: varchar('requested_by_name', { length: 60 }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** The tenant's day the amount counts towards the asker's daily limit. */
    quotaDay: varchar('quota_day', { length: 10 }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'bigint' }),
    decidedByName: varchar('decided_by_name', { length: 60 }),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_credit_request_uq').on(t.requestedBy, t.requestId),
    index('wallet_credit_user_idx').on(t.userId, t.createdAt),
    index('wallet_credit_queue_idx').on(t.tenantId, t.status, t.createdAt),
  ],
);

/**
 * What each operator has credited per tenant's day: claimed with one conditional update before a
 * credit is written, so concurrent or split credits never pass the role's daily limit.
 */
export const creditQuotas = pgTable(
  'credit_quota',
  {
    operatorId: bigint('operator_id', { mode: 'bigint' }).notNull(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    day: varchar('day', { length: 10 }).notNull(),
    used: bigint('used', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.tenantId, t.day] })],
);
