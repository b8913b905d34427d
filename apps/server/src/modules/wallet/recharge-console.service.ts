import { type RechargeChannel, type RechargeStatus, formatMinor } from '@dramastar/contract';
import { and, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { rechargeOrders } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { parseAmount } from '../../money.js';
import { findUserIds, userCards } from '../user/user-rows.js';
import {
  type Actor,
  type Credit,
  currencyOf,
  type OrderRow,
  orderPage,
  type RechargeViews,
} from './recharge-orders.js';

/**
 * Finance's side of recharges: confirming a bank transfer or a USDT deposit (crediting the wallet),
 * rejecting an order, the console's queue, and closing official orders past their window.
 */
export function createRechargeConsole(deps: { db: Db; clock: Clock; views: RechargeViews; credit: Credit }) {
  const { db, clock, credit } = deps;
  const { effectiveStatus, toAdmin } = deps.views;

  async function lockedOrder(tx: Tx, orderNo: string, actor: Actor): Promise<OrderRow> {
    const [row] = await tx
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.orderNo, orderNo))
      .for('update');
    // Another tenant's order is as good as absent to this operator.
    if (!row || (actor.tenantIds && !actor.tenantIds.includes(row.tenantId))) {
      throw new AppError('OrderNotFound', { field: 'orderNo' });
    }
    return row;
  }

  return {
    /**
     * Finance confirms a bank transfer (the statement's reference must contain the order's) or a
     * USDT deposit (the hash must equal the submitted one), crediting the wallet. Returns the
     * order before and after for the audit log.
     */
    async confirm(
      tx: Tx,
      orderNo: string,
      matchedReference: string,
      operator: Actor,
      /** What arrived, in the pay currency (absent: the order's amount). */
      receivedAmount?: string,
    ) {
      const row = await lockedOrder(tx, orderNo, operator);
      const status = effectiveStatus(row);
      const allowed: RechargeStatus[] =
        row.channel === 'usdt' ? ['submitted'] : ['pending', 'submitted', 'expired'];
      if (row.channel === 'gateway' || !allowed.includes(status)) {
        throw new AppError('OrderClosed', { params: { status } });
      }
      const matched = matchedReference.trim();
      const matches =
        row.channel === 'usdt'
          ? matched.replace(/^0x/i, '').toLowerCase() === row.txHash
          : row.reference !== null && matched.toUpperCase().includes(row.reference);
      if (!matches) throw new AppError('ReferenceMismatch', { field: 'matchedReference' });
      const pay = currencyOf(row.payCurrency);
      const received =
        receivedAmount === undefined ? row.amount : parseAmount(receivedAmount, pay, 'receivedAmount');
      // More than twice the order is another payment: reject this order and have the user make one.
      if (received <= 0n || received > row.amount * 2n) {
        throw new AppError('ReceivedAmountInvalid', {
          field: 'receivedAmount',
          params: { max: formatMinor(row.amount * 2n, pay) },
        });
      }
      // The wallet gets what arrived, at the order's rate (the same amount where no conversion).
      const creditAmount =
        received === row.amount ? row.creditAmount : (row.creditAmount * received) / row.amount;
      if (creditAmount <= 0n) {
        throw new AppError('ReceivedAmountInvalid', {
          field: 'receivedAmount',
          params: { max: formatMinor(row.amount * 2n, pay) },
        });
      }
      const after = await credit(tx, row, {
        matchedReference: matched,
        operatorId: operator.id,
        receivedAmount: received,
        creditAmount,
        ...(received !== row.amount
          ? {
              reason: `Received ${formatMinor(received, pay)} of ${formatMinor(row.amount, pay)} ordered: ${formatMinor(creditAmount, currencyOf(row.currency))} credited`,
            }
          : {}),
      });
      return { before: row, after };
    },

    async reject(tx: Tx, orderNo: string, reason: string, operator: Actor) {
      const row = await lockedOrder(tx, orderNo, operator);
      const status = effectiveStatus(row);
      if (!['pending', 'submitted', 'expired'].includes(status)) {
        throw new AppError('OrderClosed', { params: { status } });
      }
      const [after] = await tx
        .update(rechargeOrders)
        .set({ status: 'rejected', reason, operatorId: operator.id, closedAt: clock.now() })
        .where(eq(rechargeOrders.id, row.id))
        .returning();
      if (!after) throw new Error('recharge order vanished');
      return { before: row, after };
    },

    async adminList(filter: {
      tenantIds: string[] | null;
      status?: RechargeStatus | undefined;
      channel?: RechargeChannel | undefined;
      q?: string | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.tenantIds) conditions.push(inArray(rechargeOrders.tenantId, filter.tenantIds));
      if (filter.channel) conditions.push(eq(rechargeOrders.channel, filter.channel));
      if (filter.status === 'expired') {
        conditions.push(eq(rechargeOrders.status, 'pending'), lt(rechargeOrders.expiresAt, clock.now()));
      } else if (filter.status) conditions.push(eq(rechargeOrders.status, filter.status));
      if (filter.q) {
        // Exact matches only (each an indexed column or a short list): the queue stays fast.
        const q = filter.q;
        const hash = q.replace(/^0x/i, '').toLowerCase();
        const found = or(
          eq(rechargeOrders.orderNo, q),
          eq(rechargeOrders.reference, q.toUpperCase()),
          eq(rechargeOrders.matchedReference, q),
          eq(rechargeOrders.providerTxnId, q),
          eq(rechargeOrders.txHash, hash),
          inArray(rechargeOrders.userId, await findUserIds(db, q, ['email', 'phone'])),
        );
        if (found) conditions.push(found);
      }
      const { rows, total } = await orderPage(db, and(...conditions), filter);
      const payers = await userCards(
        db,
        rows.map((r) => r.userId),
      );
      return { list: rows.map((r) => toAdmin(r, payers.get(r.userId))), total };
    },

    toAdmin,

    /** Marks official orders past their window as expired (reads already treat them so). */
    async expireStale(): Promise<number> {
      const rows = await db
        .update(rechargeOrders)
        .set({ status: 'expired', closedAt: clock.now() })
        .where(and(eq(rechargeOrders.status, 'pending'), lt(rechargeOrders.expiresAt, clock.now())))
        .returning({ id: rechargeOrders.id });
      return rows.length;
    },
  };
}
