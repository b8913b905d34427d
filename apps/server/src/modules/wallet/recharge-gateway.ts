import { and, asc, eq, inArray, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { gatewayEvents, rechargeOrders } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { uniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/errors.js';
import type { GatewayEvent } from '../payment/gateway.js';
import type { GatewayRegistry } from '../payment/providers.js';
import type { Credit } from './recharge-orders.js';

/**
 * The providers' side of recharges: their verified callbacks (each delivery recorded with what was
 * done about it) and the periodic reconciliation that asks them about orders whose callback never came.
 */
export function createRechargeGateway(deps: {
  db: Db;
  clock: Clock;
  gateways: GatewayRegistry;
  credit: Credit;
  log?: { warn: (obj: object, msg: string) => void } | undefined;
}) {
  const { db, clock, gateways, credit } = deps;

  /**
   * A verified gateway event. Paid: credited once (the order's row lock serialises deliveries;
   * a later one finds it credited), only when amount and currency equal the order's. Failed: a
   * pending order is closed as failed. Every delivery is recorded with its outcome.
   */
  async function handleGatewayEvent(
    event: GatewayEvent,
    payload: string,
    /** The tenant whose provider account vouched for it (none: the sandbox, every tenant's). */
    tenantId: string | null,
  ): Promise<string> {
    let outcome: string;
    try {
      outcome = await withTransaction(db, async (tx) => {
        const [row] = await tx
          .select()
          .from(rechargeOrders)
          .where(eq(rechargeOrders.orderNo, event.orderNo))
          .for('update');
        // Only the order's own provider, through the order's tenant's account, speaks for it.
        if (
          !row ||
          row.channel !== 'gateway' ||
          (row.provider ?? 'sandbox') !== event.provider ||
          (tenantId !== null && row.tenantId !== tenantId)
        )
          throw new AppError('OrderNotFound');
        if (row.status === 'credited')
          return row.providerTxnId === event.txnId ? 'duplicate' : 'ignored:already-credited';
        if (event.outcome === 'failed') {
          if (row.status !== 'pending') return `ignored:${row.status}`;
          await tx
            .update(rechargeOrders)
            .set({ status: 'failed', reason: 'Declined by the payer or the bank', closedAt: clock.now() })
            .where(eq(rechargeOrders.id, row.id));
          return 'declined';
        }
        if (event.amount !== row.amount || event.currency !== row.payCurrency)
          throw new AppError('AmountMismatch');
        // A success after a decline is still money received: it is credited. The transaction id
        // credits one order of the tenant's provider account (recharge_order_provider_txn_uq).
        await credit(tx, row, { provider: event.provider, providerTxnId: event.txnId });
        return 'credited';
      }).catch((error: unknown) => refuseTakenTxn(error, event));
    } catch (error) {
      await recordDelivery(event, `rejected:${error instanceof AppError ? error.key : 'error'}`, payload);
      throw error;
    }
    await recordDelivery(event, outcome, payload);
    return outcome;
  }

  /**
   * The transaction id of a callback already credited another order of the same tenant and
   * provider (sequentially, or by a callback that committed first in a race): refused and logged,
   * never a 500. A genuine provider never does this; the tenant's own keys or a provider's fault
   * can. Other errors pass through.
   */
  async function refuseTakenTxn(error: unknown, event: GatewayEvent): Promise<never> {
    if (uniqueViolation(error) !== 'recharge_order_provider_txn_uq') throw error;
    const [held] = await db
      .select({ orderNo: rechargeOrders.orderNo, tenantId: rechargeOrders.tenantId })
      .from(rechargeOrders)
      .where(
        and(
          eq(rechargeOrders.provider, event.provider),
          eq(rechargeOrders.providerTxnId, event.txnId),
          inArray(
            rechargeOrders.tenantId,
            db
              .select({ tenantId: rechargeOrders.tenantId })
              .from(rechargeOrders)
              .where(eq(rechargeOrders.orderNo, event.orderNo)),
          ),
        ),
      );
    deps.log?.warn(
      {
        provider: event.provider,
        txnId: event.txnId,
        orderNo: event.orderNo,
        creditedOrderNo: held?.orderNo ?? null,
        tenantId: held?.tenantId ?? null,
      },
      'provider transaction already credited',
    );
    throw new AppError('ProviderTxnUsed');
  }

  /** Keeps a webhook delivery with what was done about it (the console lists them). */
  async function recordDelivery(
    event: { provider: string; txnId?: string; orderNo?: string },
    outcome: string,
    payload: string,
  ) {
    await db.insert(gatewayEvents).values({
      provider: event.provider,
      providerTxnId: event.txnId ?? null,
      orderNo: event.orderNo ?? null,
      outcome,
      payload: payload.slice(0, 10_000),
      receivedAt: clock.now(),
    });
  }

  return {
    handleGatewayEvent,

    /**
     * Asks the providers about pending gateway orders made more than `olderThanMinutes` ago (at
     * most `limit`, oldest first; only `tenantIds` when given) and applies what they say through
     * handleGatewayEvent, as if the callback had come: a missed callback still credits once.
     */
    async reconcile(options: { olderThanMinutes: number; limit: number; tenantIds?: string[] | null }) {
      const now = clock.now();
      const conditions: SQL[] = [
        eq(rechargeOrders.channel, 'gateway'),
        eq(rechargeOrders.status, 'pending'),
        lt(rechargeOrders.createdAt, new Date(now.getTime() - options.olderThanMinutes * 60_000)),
        isNotNull(rechargeOrders.providerRef),
      ];
      if (options.tenantIds) conditions.push(inArray(rechargeOrders.tenantId, options.tenantIds));
      const rows = await db
        .select()
        .from(rechargeOrders)
        .where(and(...conditions))
        .orderBy(asc(rechargeOrders.createdAt))
        .limit(options.limit);
      const counts = { checked: 0, credited: 0, declined: 0, pending: 0, errors: 0 };
      for (const row of rows) {
        counts.checked++;
        const provider = row.provider ?? 'sandbox';
        try {
          const gateway = await gateways.gateway(row.tenantId, provider);
          if (!gateway || !row.providerRef) throw new Error(`${provider} is not configured`);
          const answer = await gateway.queryPayment({
            orderNo: row.orderNo,
            providerRef: row.providerRef,
            amount: row.amount,
            currency: row.payCurrency,
            createdAt: row.createdAt,
            now,
          });
          if (!answer.event) {
            counts.pending++;
            continue;
          }
          const outcome = await handleGatewayEvent(
            answer.event,
            `reconciliation: ${provider} says ${answer.status}`,
            provider === 'sandbox' ? null : row.tenantId,
          );
          if (outcome === 'credited') counts.credited++;
          else if (outcome === 'declined') counts.declined++;
        } catch (error) {
          counts.errors++;
          deps.log?.warn({ err: error, orderNo: row.orderNo, provider }, 'reconciliation failed');
        }
      }
      return counts;
    },

    /** Records a delivery that failed verification (bad signature, stale, malformed). */
    async recordRejectedDelivery(provider: string, reason: string, payload: string) {
      await recordDelivery({ provider }, `rejected:${reason}`, payload);
    },
  };
}
