import type { TransferKind } from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';
import { tenants } from './tenant.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Ledger accounts: a wallet per user and currency, and system accounts (recharge clearing,
 * withdrawals payable, fees, rewards expense…) that make the books balance. Only the ledger
 * module writes `balance`; a user wallet can never go below zero (the database refuses it too).
 */
export const ledgerAccounts = pgTable(
  'ledger_account',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 })
      .notNull()
      .references(() => tenants.id),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** `wallet:<userId>` for a user's wallet, `system:<code>` for a system account. */
    code: varchar('code', { length: 60 }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id),
    /** System accounts may go negative (a source of money, e.g. recharge clearing); wallets never. */
    allowNegative: boolean('allow_negative').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_account_code_uq').on(t.tenantId, t.currency, t.code),
    check('ledger_account_no_overdraft', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

/**
 * A system account's balance is its `balance` plus the sum of its shards. Many transfers a second
 * reach the same system accounts (recharge clearing, fees, rewards…); each adds its amount to the
 * shard of its database connection instead of the account's row, so they do not queue on one row
 * lock. Only accounts that may go negative (system accounts) have shards: a wallet's balance is
 * checked and changed on its own row.
 */
export const ledgerAccountShards = pgTable(
  'ledger_account_shard',
  {
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    shard: smallint('shard').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.shard] })],
);

/**
 * One movement of money: `amount` (minor units, > 0) leaves `debit_account_id` and reaches
 * `credit_account_id`, in one currency. Every transfer has an idempotency key, unique per tenant:
 * the same key with the same request answers the first transfer, with another request it is refused.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfer',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What it is: recharge, withdrawal, fee, membership, copyright_purchase, referral_reward … */
    kind: varchar('kind', { length: 30 }).$type<TransferKind>().notNull(),
    /** The business record it belongs to (order number, card id …). */
    reference: varchar('reference', { length: 120 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    /** SHA-256 of the request that made it, to tell a retry from a different request. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transfer_key_uq').on(t.tenantId, t.idempotencyKey),
    index('ledger_transfer_debit_idx').on(t.debitAccountId, t.createdAt),
    index('ledger_transfer_credit_idx').on(t.creditAccountId, t.createdAt),
    check('ledger_transfer_positive', sql`${t.amount} > 0`),
    check('ledger_transfer_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);
