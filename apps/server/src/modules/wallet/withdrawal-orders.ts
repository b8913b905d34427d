import {
  type CurrencyKey,
  isCurrencyKey,
  toMajor,
  type Withdrawal,
  withdrawalDestination,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { DayRange } from '../../db/days.js';
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

/**
 * A tenant's withdrawals in one currency around [from, to): those paid in it (how many, their
 * amounts and fees) and those still held at its end (applied for before it and not paid, rejected
 * or failed by then: how many, amounts with fees).
 */
export async function withdrawalTotals(
  db: DbOrTx,
  window: { tenantId: string; currency: string; from: Date; to: Date },
) {
  const { tenantId, currency, from, to } = window;
  const w = withdrawals;
  const [paid] = await db
    .select({
      n: count(),
      amount: sql<string>`coalesce(sum(${w.amount}), 0)::text`,
      fees: sql<string>`coalesce(sum(${w.fee}), 0)::text`,
    })
    .from(w)
    .where(and(eq(w.tenantId, tenantId), eq(w.currency, currency), gte(w.paidAt, from), lt(w.paidAt, to)));
  const closedBy = (column: typeof w.paidAt) =>
    sql`(${column} is not null and ${column} < ${to.toISOString()}::timestamptz)`;
  const [held] = await db
    .select({ n: count(), amount: sql<string>`coalesce(sum(${w.amount} + ${w.fee}), 0)::text` })
    .from(w)
    .where(
      and(
        eq(w.tenantId, tenantId),
        eq(w.currency, currency),
        lt(w.appliedAt, to),
        sql`not (${closedBy(w.paidAt)} or ${closedBy(w.rejectedAt)} or ${closedBy(w.failedAt)})`,
      ),
    );
  return {
    paid: { count: paid?.n ?? 0, amount: BigInt(paid?.amount ?? '0'), fees: BigInt(paid?.fees ?? '0') },
    held: { count: held?.n ?? 0, amount: BigInt(held?.amount ?? '0') },
  };
}

/**
 * A tenant's withdrawals paid on each local day of `days`, per currency: how many and their
 * amounts without fees (as text). Days without any are absent. The console dashboard's.
 */
export function paidPerDay(
  db: DbOrTx,
  tenantId: string,
  days: DayRange,
): Promise<{ day: string; currency: string; n: number; total: string }[]> {
  const w = withdrawals;
  return db
    .select({
      day: days.localDay(w.paidAt),
      currency: w.currency,
      n: count(),
      total: sql<string>`sum(${w.amount})::text`,
    })
    .from(w)
    .where(
      and(eq(w.tenantId, tenantId), eq(w.status, 'paid'), gte(w.paidAt, days.start), lt(w.paidAt, days.end)),
    )
    .groupBy(sql`1, 2`);
}

/**
 * How many withdrawals wait in `status` within `scope` (null: every tenant): applied for (to
 * approve), approved (to send) or processing (to mark paid).
 */
export async function withdrawalsWaiting(
  db: DbOrTx,
  scope: string[] | null,
  status: 'applied' | 'approved' | 'processing',
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, status), scope ? inArray(withdrawals.tenantId, scope) : undefined));
  return row?.n ?? 0;
}
