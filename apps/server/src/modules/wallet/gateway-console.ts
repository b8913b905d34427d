import { DELIVERY_PAYLOAD_MAX_BYTES, type DeliveryOutcome, type RechargeStatus } from '@dramastar/contract';
import { and, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import { gatewayEvents, rechargeOrders } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { major } from '../ledger/ledger-read.js';

// Finance's read-only views of the card gateway: its payments (card-channel recharges) and the
// webhook deliveries as received. Every list is limited to the operator's tenants.

/** The tenants a read may cover: null = all. */
type Scope = string[] | null;

/** The outcome a delivery refused for its signature is recorded with (see webhook.routes.ts). */
const BAD_SIGNATURE = 'rejected:InvalidSignature';

function deliveryScope(scope: Scope): SQL | undefined {
  // A delivery belongs to its order's tenant; one naming no known order only to all-tenant operators.
  return scope ? inArray(rechargeOrders.tenantId, scope) : undefined;
}

const deliveryColumns = {
  id: gatewayEvents.id,
  provider: gatewayEvents.provider,
  providerTxnId: gatewayEvents.providerTxnId,
  orderNo: gatewayEvents.orderNo,
  outcome: gatewayEvents.outcome,
  receivedAt: gatewayEvents.receivedAt,
  tenantId: rechargeOrders.tenantId,
  payloadBytes: sql<number>`octet_length(${gatewayEvents.payload})`.mapWith(Number),
};
type DeliveryRow = {
  id: bigint;
  provider: string;
  providerTxnId: string | null;
  orderNo: string | null;
  outcome: string;
  receivedAt: Date;
  tenantId: string | null;
  payloadBytes: number;
};
const toDelivery = (r: DeliveryRow) => ({
  id: String(r.id),
  provider: r.provider,
  receivedAt: r.receivedAt.toISOString(),
  signatureValid: r.outcome !== BAD_SIGNATURE,
  outcome: r.outcome,
  orderNo: r.orderNo,
  tenantId: r.tenantId,
  providerTxnId: r.providerTxnId,
  payloadBytes: r.payloadBytes,
});

/** Card-channel recharges as the gateway saw them, newest first (`provider`: an order's when it names none). */
export async function gatewayPayments(
  db: DbOrTx,
  provider: string,
  filter: Page & { scope: Scope; status?: RechargeStatus; orderNo?: string },
) {
  const conditions: SQL[] = [eq(rechargeOrders.channel, 'gateway')];
  if (filter.scope) conditions.push(inArray(rechargeOrders.tenantId, filter.scope));
  if (filter.status) conditions.push(eq(rechargeOrders.status, filter.status));
  if (filter.orderNo) conditions.push(eq(rechargeOrders.orderNo, filter.orderNo));
  const where = and(...conditions);
  const { rows, total } = await onePage(
    db,
    db
      .select({
        order: rechargeOrders,
        // Qualified by hand: drizzle leaves column names bare inside this subquery.
        deliveries:
          sql<number>`(select count(*) from ${gatewayEvents} ge where ge.order_no = ${rechargeOrders}.order_no)`.mapWith(
            Number,
          ),
      })
      .from(rechargeOrders)
      .where(where)
      .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
      .$dynamic(),
    filter,
    { from: rechargeOrders, where },
  );
  return {
    list: rows.map(({ order: o, deliveries }) => ({
      orderNo: o.orderNo,
      tenantId: o.tenantId,
      userId: String(o.userId),
      provider: o.provider ?? provider,
      providerRef: o.providerRef,
      providerTxnId: o.providerTxnId,
      amount: major(o.amount, o.payCurrency),
      currency: o.payCurrency,
      status: o.status,
      reason: o.reason,
      deliveries,
      createdAt: o.createdAt.toISOString(),
      creditedAt: o.creditedAt?.toISOString() ?? null,
      closedAt: o.closedAt?.toISOString() ?? null,
    })),
    total,
  };
}

/** Webhook deliveries as received (refused ones too), newest first. */
export async function gatewayDeliveries(
  db: DbOrTx,
  filter: Page & { scope: Scope; outcome?: DeliveryOutcome; orderNo?: string },
) {
  const conditions: SQL[] = [];
  const scoped = deliveryScope(filter.scope);
  if (scoped) conditions.push(scoped);
  if (filter.orderNo) conditions.push(eq(gatewayEvents.orderNo, filter.orderNo));
  if (filter.outcome === 'rejected' || filter.outcome === 'ignored') {
    conditions.push(like(gatewayEvents.outcome, `${filter.outcome}:%`));
  } else if (filter.outcome) conditions.push(eq(gatewayEvents.outcome, filter.outcome));
  const where = and(...conditions);
  const { rows, total } = await onePage(
    db,
    db
      .select(deliveryColumns)
      .from(gatewayEvents)
      .leftJoin(rechargeOrders, eq(rechargeOrders.orderNo, gatewayEvents.orderNo))
      .where(where)
      .orderBy(desc(gatewayEvents.receivedAt), desc(gatewayEvents.id))
      .$dynamic(),
    filter,
    db
      .select({ n: count() })
      .from(gatewayEvents)
      .leftJoin(rechargeOrders, eq(rechargeOrders.orderNo, gatewayEvents.orderNo))
      .where(where),
  );
  return { list: rows.map(toDelivery), total };
}

/** One delivery with its payload (capped); outside the operator's tenants: 403. */
export async function gatewayDelivery(db: DbOrTx, id: bigint, scope: Scope) {
  const [row] = await db
    .select({ ...deliveryColumns, payload: gatewayEvents.payload })
    .from(gatewayEvents)
    .leftJoin(rechargeOrders, eq(rechargeOrders.orderNo, gatewayEvents.orderNo))
    .where(eq(gatewayEvents.id, id));
  if (!row) throw new AppError('NotFound');
  if (scope && (row.tenantId === null || !scope.includes(row.tenantId))) throw new AppError('Forbidden');
  const bytes = Buffer.from(row.payload, 'utf8');
  const truncated = bytes.length > DELIVERY_PAYLOAD_MAX_BYTES;
  // Cut on a byte limit, then drop a partial character at the end.
  const payload = truncated
    ? bytes
        .subarray(0, DELIVERY_PAYLOAD_MAX_BYTES)
        .toString('utf8')
        .replace(/\uFFFD$/, '')
    : row.payload;
  return { ...toDelivery(row), payload, truncated };
}
