import {
  type CurrencyKey,
  formatMinor,
  isCurrencyKey,
  type RechargeOrder,
  rechargeOrder,
  type RechargeStatus,
  toMajor,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, max, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { type DayRange, type LocalDay, onLocalDay } from '../../db/days.js';
import { type Batch, batchWhere, onePage, type Page } from '../../db/paging.js';
import { rechargeOrders } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Notify } from '../user/notify.js';
import type { Ledger } from '../ledger/ledger.service.js';

/** A recharge order's row; the wallet module alone reads and writes them. */
export type OrderRow = typeof rechargeOrders.$inferSelect;

/**
 * How to pay an order, as its `instructions` column keeps them (read back with this schema): the
 * order's own fields of the contract, absent rather than null, the hash kept in its own column.
 */
const { payForm, official, usdt } = rechargeOrder.shape;
const instructionsSchema = z.object({
  payUrl: z.string().optional(),
  payForm: payForm.unwrap().unwrap().optional(),
  official: official.unwrap().optional(),
  usdt: usdt.unwrap().omit({ txHash: true }).optional(),
});
export type Instructions = z.infer<typeof instructionsSchema>;

/** Who acts in the console, and the tenants they may act in (null: all). */
export interface Actor {
  id: bigint;
  tenantIds: string[] | null;
}

/** A quote as kept in a recharge order's purpose (JSON: amounts as strings). */
export const storedQuoteSchema = z.object({
  action: z.enum(['buy', 'renew', 'upgrade', 'lower']),
  price: z.string(),
  pay: z.string(),
  replaces: z.array(z.string()),
  at: z.string(),
});
export type StoredQuote = z.infer<typeof storedQuoteSchema>;

/**
 * What an order's money is for beyond the wallet, as its `purpose` column keeps it: a Star Card
 * bought the moment the money is credited, exactly as quoted (amounts as decimal strings).
 */
export const rechargePurpose = rechargeOrder.shape.purpose.unwrap().extend({
  amount: z.string(),
  quote: storedQuoteSchema.optional(),
});
export type RechargePurpose = z.infer<typeof rechargePurpose>;

/** The purpose an order keeps: null for none, and for one this build cannot read. */
export function purposeOf(row: OrderRow): RechargePurpose | null {
  const parsed = rechargePurpose.safeParse(row.purpose);
  return parsed.success ? parsed.data : null;
}

export function currencyOf(value: string): CurrencyKey {
  if (!isCurrencyKey(value)) throw new Error(`unknown currency ${value}`);
  return value;
}

/** A page of the orders `where` picks, newest first (the app's records, the console's queue and user page). */
export function orderPage(db: DbOrTx, where: SQL | undefined, page: Page) {
  return onePage(
    db,
    db
      .select()
      .from(rechargeOrders)
      .where(where)
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
      .$dynamic(),
    page,
    { from: rechargeOrders, where },
  );
}

/** Done in the credit's transaction for an order with a purpose (a savepoint: its failure keeps the credit). */
export type CreditHook = (tx: Tx, order: OrderRow, purpose: RechargePurpose) => Promise<void>;

/** How an order reads in the app and in the console; a pending official order past its window reads expired. */
export function rechargeViews(clock: Clock) {
  /** A pending official order past its window is expired (also when no job has marked it yet). */
  function effectiveStatus(row: OrderRow): RechargeStatus {
    const status = row.status;
    if (status === 'pending' && row.expiresAt && row.expiresAt <= clock.now()) return 'expired';
    return status;
  }

  function toOrder(row: OrderRow): RechargeOrder {
    const purpose = purposeOf(row);
    const pay = currencyOf(row.payCurrency);
    const currency = currencyOf(row.currency);
    const i = instructionsSchema.parse(row.instructions);
    return {
      orderNo: row.orderNo,
      channel: row.channel,
      status: effectiveStatus(row),
      amount: toMajor(row.amount, pay),
      payCurrency: pay,
      creditAmount: toMajor(row.creditAmount, currency),
      currency,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      creditedAt: row.creditedAt?.toISOString() ?? null,
      payUrl: i.payUrl ?? null,
      provider: row.provider,
      payForm: i.payForm ?? null,
      official: i.official ?? null,
      usdt: i.usdt ? { ...i.usdt, txHash: row.txHash } : null,
      reason: row.reason,
      purpose: purpose && { kind: purpose.kind, tier: purpose.tier },
    };
  }

  function toAdmin(row: OrderRow, user?: { email: string | null; phone: string | null }) {
    return {
      ...toOrder(row),
      tenantId: row.tenantId,
      userId: String(row.userId),
      userEmail: user?.email ?? null,
      userPhone: user?.phone ?? null,
      matchedReference: row.matchedReference,
      receivedAmount:
        row.receivedAmount === null ? null : toMajor(row.receivedAmount, currencyOf(row.payCurrency)),
    };
  }

  return { effectiveStatus, toOrder, toAdmin };
}

export type RechargeViews = ReturnType<typeof rechargeViews>;

/**
 * Money reaches a wallet only here: in the transaction of the order's move to `credited`, through
 * the ledger with the key `recharge:<orderNo>`, and then the order's purpose (a savepoint).
 */
export function rechargeCrediting(deps: {
  clock: Clock;
  ledger: Ledger;
  notify: Notify;
  log?: { warn: (obj: object, msg: string) => void } | undefined;
  /**
   * What is done, in the crediting transaction, for each kind of purpose an order may carry (a
   * Star Card bought with the money): one per kind, so a kind without it fails to compile.
   */
  onCredited: Record<RechargePurpose['kind'], CreditHook>;
}) {
  const { clock, ledger, notify } = deps;
  /** Credits the order's wallet and marks it credited; the caller holds the order's row lock. */
  async function credit(tx: Tx, row: OrderRow, set: Partial<OrderRow>): Promise<OrderRow> {
    const now = clock.now();
    const [updated] = await tx
      .update(rechargeOrders)
      .set({ ...set, status: 'credited', creditedAt: now, closedAt: now })
      .where(eq(rechargeOrders.id, row.id))
      .returning();
    await ledger.transfer(tx, {
      tenantId: row.tenantId,
      currency: currencyOf(row.currency),
      from: { system: 'recharge_clearing' },
      to: { userId: row.userId },
      amount: set.creditAmount ?? row.creditAmount,
      kind: 'recharge',
      reference: row.orderNo,
      idempotencyKey: `recharge:${row.orderNo}`,
    });
    if (!updated) throw new Error('recharge order vanished');
    const currency = currencyOf(row.currency);
    await notify(tx, row.userId, 'recharge', 'AccountMsgRechargeTitle', 'AccountMsgRechargeBody', {
      amount: formatMinor(updated.creditAmount, currency),
      orderNo: row.orderNo,
    });
    if (row.purpose !== null) {
      try {
        const purpose = purposeOf(row);
        const hook = purpose && deps.onCredited[purpose.kind];
        if (!hook) throw new Error(`recharge order ${row.orderNo} has a purpose nothing does`);
        // A savepoint: when the purpose cannot be done (e.g. the price changed), the money stays
        // credited to the wallet and the order says why.
        await tx.transaction((inner) => hook(inner, updated, purpose));
      } catch (error) {
        const reason = error instanceof AppError ? error.key : 'error';
        deps.log?.warn({ err: error, orderNo: row.orderNo }, 'recharge purpose not done');
        const [noted] = await tx
          .update(rechargeOrders)
          .set({ reason: `Credited to the wallet; the purchase was not made (${reason})` })
          .where(eq(rechargeOrders.id, row.id))
          .returning();
        return noted ?? updated;
      }
    }
    return updated;
  }
  return credit;
}

export type Credit = ReturnType<typeof rechargeCrediting>;

/** A batch of recharge orders by id, filtered on their creation (an export's read). */
export function rechargeOrderBatch(db: DbOrTx, batch: Batch): Promise<OrderRow[]> {
  const r = rechargeOrders;
  return db
    .select()
    .from(r)
    .where(batchWhere(batch, { id: r.id, tenantId: r.tenantId, time: r.createdAt, orderNo: r.orderNo }))
    .orderBy(asc(r.id))
    .limit(batch.size);
}

/** The recharges of a tenant's currency credited in [from, to), per channel: how many and their credited sum. */
export async function creditedByChannel(
  db: DbOrTx,
  window: { tenantId: string; currency: string; from: Date; to: Date },
): Promise<{ channel: string; count: number; sum: bigint }[]> {
  const rows = await db
    .select({
      channel: rechargeOrders.channel,
      n: count(),
      sum: sql<string>`coalesce(sum(${rechargeOrders.creditAmount}), 0)::text`,
    })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.tenantId, window.tenantId),
        eq(rechargeOrders.currency, window.currency),
        eq(rechargeOrders.status, 'credited'),
        gte(rechargeOrders.creditedAt, window.from),
        lt(rechargeOrders.creditedAt, window.to),
      ),
    )
    .groupBy(rechargeOrders.channel);
  return rows.map((r) => ({ channel: r.channel, count: r.n, sum: BigInt(r.sum) }));
}

/** How many of the user's recharges were credited (on the day `on`, or ever): the recharge task's progress. */
export async function creditedCount(db: DbOrTx, userId: bigint, on?: LocalDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.userId, userId),
        eq(rechargeOrders.status, 'credited'),
        on ? onLocalDay(rechargeOrders.creditedAt, on) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * A tenant's recharges credited on each local day of `days`, per currency: how many and their
 * credited sum (as text). Days without any are absent. The console dashboard's.
 */
export function creditedPerDay(
  db: DbOrTx,
  tenantId: string,
  days: DayRange,
): Promise<{ day: string; currency: string; n: number; total: string }[]> {
  const r = rechargeOrders;
  return db
    .select({
      day: days.localDay(r.creditedAt),
      currency: r.currency,
      n: count(),
      total: sql<string>`sum(${r.creditAmount})::text`,
    })
    .from(r)
    .where(
      and(
        eq(r.tenantId, tenantId),
        eq(r.status, 'credited'),
        gte(r.creditedAt, days.start),
        lt(r.creditedAt, days.end),
      ),
    )
    .groupBy(sql`1, 2`);
}

/** How many recharges wait for an operator to confirm them (submitted), in `scope` (null: every tenant). */
export async function rechargesToConfirm(db: DbOrTx, scope: string[] | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.status, 'submitted'),
        scope ? inArray(rechargeOrders.tenantId, scope) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The largest credited recharge of each of `userIds` (one query); users without one are not in the map. */
export async function largestCredited(db: DbOrTx, userIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: rechargeOrders.userId, largest: max(rechargeOrders.creditAmount) })
    .from(rechargeOrders)
    .where(and(inArray(rechargeOrders.userId, [...userIds]), eq(rechargeOrders.status, 'credited')))
    .groupBy(rechargeOrders.userId);
  return new Map(rows.flatMap((r) => (r.largest === null ? [] : [[r.userId, r.largest]])));
}
