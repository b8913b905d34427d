import {
  type CurrencyKey,
  isCurrencyKey,
  toMajor,
  type Withdrawal,
  withdrawalDestination,
} from '@dramastar/contract';
import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { type Batch, batchWhere, onePage, type Page } from '../../db/paging.js';
import { withdrawals } from '../../db/schema/index.js';

/** A withdrawal's row; the wallet module alone reads and writes them. */
export type Row = typeof withdrawals.$inferSelect;
type Destination = Withdrawal['destination'];
/**
 * The destination as kept: what the user sees, the card it came from, and for a bank card its
 * full number sealed (only finance's payout view opens it).
 */
const storedDestination = withdrawalDestination.extend({
  bankCardId: z.string().nullable().optional(),
  accountSealed: z.string().optional(),
});
export type StoredDestination = z.infer<typeof storedDestination>;
/** A row's destination, read with its schema (a row this build cannot read fails loudly). */
export const storedOf = (row: Row): StoredDestination => storedDestination.parse(row.destination);

/** The column of the time each stage was reached. */
export const STAGE_COLUMN = {
  approved: 'approvedAt',
  processing: 'processingAt',
  paid: 'paidAt',
  rejected: 'rejectedAt',
  failed: 'failedAt',
} as const;

export function currencyOf(value: string): CurrencyKey {
  if (!isCurrencyKey(value)) throw new Error(`unknown currency ${value}`);
  return value;
}

/** The destination as users and operators see it: the card number masked, nothing sealed. */
export function shownDestination(row: Row): Destination {
  const { channel, bank, bankName, accountName, account } = storedOf(row);
  return { channel, bank, bankName, accountName, account };
}

export function toWithdrawal(row: Row): Withdrawal {
  const currency = currencyOf(row.currency);
  const stages: Withdrawal['stages'] = [{ stage: 'applied', at: row.appliedAt.toISOString() }];
  for (const stage of ['approved', 'processing', 'paid', 'rejected', 'failed'] as const) {
    const at = row[STAGE_COLUMN[stage]];
    if (at) stages.push({ stage, at: at.toISOString() });
  }
  return {
    orderNo: row.orderNo,
    status: row.status,
    amount: toMajor(row.amount, currency),
    fee: toMajor(row.fee, currency),
    total: toMajor(row.amount + row.fee, currency),
    currency,
    destination: shownDestination(row),
    createdAt: row.appliedAt.toISOString(),
    stages,
    reason: row.reason,
  };
}

/** A user's withdrawals, newest first (the app's records and the console's user page map them). */
export function userWithdrawals(db: DbOrTx, userId: bigint, page: Page) {
  const where = eq(withdrawals.userId, userId);
  return onePage(
    db,
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.appliedAt), desc(withdrawals.id))
      .$dynamic(),
    page,
    { from: withdrawals, where },
  );
}

export function toAdminWithdrawal(row: Row) {
  return {
    ...toWithdrawal(row),
    tenantId: row.tenantId,
    userId: String(row.userId),
    paidReference: row.paidReference,
  };
}

/** A batch of withdrawals by id, filtered on when they were applied for (an export's read). */
export function withdrawalBatch(db: DbOrTx, batch: Batch): Promise<Row[]> {
  const w = withdrawals;
  return db
    .select()
    .from(w)
    .where(batchWhere(batch, { id: w.id, tenantId: w.tenantId, time: w.appliedAt, orderNo: w.orderNo }))
    .orderBy(asc(w.id))
    .limit(batch.size);
}
