import {
  type CurrencyKey,
  DELIVERY_PAYLOAD_MAX_BYTES,
  type DeliveryOutcome,
  isCurrencyKey,
  RECHARGE_CHANNELS,
  type RechargeChannel,
  type RechargeStatus,
  type ReconciliationCurrency,
  type ReconciliationReport,
  toMajor,
} from '@dramastar/contract';
import { and, count, desc, eq, gte, inArray, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import { gatewayEvents, rechargeOrders, tenants, users, withdrawals } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { SYSTEM_ACCOUNTS } from '../../modules/ledger/ledger.service.js';
import {
  big,
  type LedgerAccount,
  ledgerAccountPage,
  type LedgerScope,
  ledgerStatement,
  major,
  movementsByAccount,
  sumsByKind,
  tenantLedgerAccounts,
} from '../../modules/ledger/ledger-read.js';
import { addDays, dayIn } from '../../clock.js';

/** The tenants a read may cover: null = all. */
type Scope = LedgerScope;

/** The outcome a delivery refused for its signature is recorded with (see webhook.routes.ts). */
const BAD_SIGNATURE = 'rejected:InvalidSignature';

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local day (YYYY-MM-DD) starts in a time zone. */
export function zonedDayStart(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let at = midnightUtc - zoneOffsetMs(new Date(midnightUtc), timeZone);
  // Once more with the offset at the guess: right across a DST change.
  at = midnightUtc - zoneOffsetMs(new Date(at), timeZone);
  return new Date(at);
}

/**
 * Finance's read-only views: the gateway's payments and webhook deliveries, the ledger explorer
 * (accounts and their entries with the balance after each) and the daily reconciliation report.
 * Nothing here writes; every list is limited to the operator's tenants.
 */
export function createAdminFinanceService(deps: { db: Db; clock: Clock; provider: string }) {
  const { db, clock } = deps;

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

  return {
    /** Card-channel recharges as the gateway saw them, newest first. */
    async gatewayPayments(filter: Page & { scope: Scope; status?: RechargeStatus; orderNo?: string }) {
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
          provider: o.provider ?? deps.provider,
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
    },

    /** Webhook deliveries as received (refused ones too), newest first. */
    async deliveries(filter: Page & { scope: Scope; outcome?: DeliveryOutcome; orderNo?: string }) {
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
    },

    /** One delivery with its payload (capped); outside the operator's tenants: 403. */
    async delivery(id: bigint, scope: Scope) {
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
    },

    /** Ledger accounts by user (ID, e-mail, user name or invite code), kind and currency. */
    accounts(
      filter: Page & { scope: Scope; user?: string; kind?: 'wallet' | 'system'; currency?: CurrencyKey },
    ) {
      return ledgerAccountPage(db, filter);
    },

    /** An account and its entries, newest first, with the balance after each, in one snapshot. */
    entries(accountId: bigint, scope: Scope, page: Page) {
      return withTransaction(db, (tx) => ledgerStatement(tx, accountId, scope, page), {
        isolationLevel: 'repeatable read',
      });
    },

    /** App users by id, within the operator's tenants (others are left out). */
    async users(ids: bigint[], scope: Scope) {
      const conditions: SQL[] = [inArray(users.id, ids)];
      if (scope) conditions.push(inArray(users.tenantId, scope));
      const rows = await db
        .select({
          id: users.id,
          tenantId: users.tenantId,
          email: users.email,
          userName: users.userName,
          inviteCode: users.inviteCode,
        })
        .from(users)
        .where(and(...conditions));
      return {
        list: rows.map((r) => ({
          userId: String(r.id),
          tenantId: r.tenantId,
          email: r.email,
          userName: r.userName,
          inviteCode: r.inviteCode,
        })),
      };
    },

    /** The day's report for one tenant (see docs/wallet.md, "Finance in the console"). */
    async reconciliation(tenantId: string, date: string | undefined): Promise<ReconciliationReport> {
      const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
      if (!tenant) throw new AppError('TenantNotFound', { field: 'tenantId' });
      const day = date ?? dayIn(tenant.timeZone, clock.now());
      const from = zonedDayStart(day, tenant.timeZone);
      const to = zonedDayStart(addDays(day, 1), tenant.timeZone);
      return withTransaction(
        db,
        async (tx) => {
          const accounts = await tenantLedgerAccounts(tx, tenantId);
          const currencies = [...new Set([tenant.currency, ...accounts.map((a) => a.currency)])]
            .filter(isCurrencyKey)
            .sort();
          const report: ReconciliationCurrency[] = [];
          for (const currency of currencies) {
            report.push(
              await reconcileCurrency(
                tx,
                tenantId,
                currency,
                accounts.filter((a) => a.currency === currency),
                from,
                to,
              ),
            );
          }
          return {
            tenantId,
            timeZone: tenant.timeZone,
            date: day,
            from: from.toISOString(),
            to: to.toISOString(),
            currencies: report,
            balanced: report.every((c) => c.balanced),
          };
        },
        { isolationLevel: 'repeatable read' },
      );
    },
  };
}

export type AdminFinanceService = ReturnType<typeof createAdminFinanceService>;

async function reconcileCurrency(
  tx: DbOrTx,
  tenantId: string,
  currency: CurrencyKey,
  accounts: LedgerAccount[],
  from: Date,
  to: Date,
): Promise<ReconciliationCurrency> {
  const m = (v: bigint) => toMajor(v, currency);

  // Recharges credited today, per channel (from the orders).
  const rechargeRows = await tx
    .select({
      channel: rechargeOrders.channel,
      n: count(),
      sum: sql<string>`coalesce(sum(${rechargeOrders.creditAmount}), 0)::text`,
    })
    .from(rechargeOrders)
    .where(
      and(
        eq(rechargeOrders.tenantId, tenantId),
        eq(rechargeOrders.currency, currency),
        eq(rechargeOrders.status, 'credited'),
        gte(rechargeOrders.creditedAt, from),
        lt(rechargeOrders.creditedAt, to),
      ),
    )
    .groupBy(rechargeOrders.channel);
  const recharges = RECHARGE_CHANNELS.map((channel: RechargeChannel) => {
    const r = rechargeRows.find((x) => x.channel === channel);
    return { channel, count: r?.n ?? 0, amount: m(big(r?.sum)) };
  });
  const rechargesTotal = rechargeRows.reduce((s, r) => s + big(r.sum), 0n);

  // Today's transfers by kind, and who they went between (wallet or system account).
  const window = { tenantId, currency, from, to };
  const kindRows = await sumsByKind(tx, window);
  const kindSum = (kind: string) => kindRows.filter((r) => r.kind === kind).reduce((s, r) => s + r.sum, 0n);
  const payoutMap = new Map<string, { count: number; amount: bigint }>();
  for (const r of kindRows) {
    // Money from the business into wallets: not a recharge (outside money) nor a refund of a withdrawal.
    if (!r.toWallet || !r.fromCode.startsWith('system:')) continue;
    if (r.fromCode === 'system:recharge_clearing' || r.fromCode === 'system:withdrawals_payable') continue;
    const p = payoutMap.get(r.kind) ?? { count: 0, amount: 0n };
    payoutMap.set(r.kind, { count: p.count + r.count, amount: p.amount + r.sum });
  }
  const payouts = [...payoutMap.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, p]) => ({ kind, count: p.count, amount: m(p.amount) }));

  // Withdrawals paid today, and those still held at the day's end.
  const w = withdrawals;
  const [paid] = await tx
    .select({
      n: count(),
      amount: sql<string>`coalesce(sum(${w.amount}), 0)::text`,
      fees: sql<string>`coalesce(sum(${w.fee}), 0)::text`,
    })
    .from(w)
    .where(and(eq(w.tenantId, tenantId), eq(w.currency, currency), gte(w.paidAt, from), lt(w.paidAt, to)));
  const closedBy = (column: typeof w.paidAt) =>
    sql`(${column} is not null and ${column} < ${to.toISOString()}::timestamptz)`;
  const [held] = await tx
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

  // Each account's movements before, during and after the day, from the transfers.
  const net = await movementsByAccount(tx, window);
  const position = (list: LedgerAccount[]) => {
    let opening = 0n;
    let movements = 0n;
    let closing = 0n;
    for (const a of list) {
      const e = net.get(a.id) ?? { before: 0n, day: 0n, after: 0n };
      opening += e.before;
      movements += e.day;
      // Closing from the stored balance: it must equal the transfers' history.
      closing += a.balance - e.after;
    }
    return { opening, movements, closing };
  };
  const systemAccounts = SYSTEM_ACCOUNTS.flatMap((code) => {
    const list = accounts.filter((a) => a.code === `system:${code}`);
    if (list.length === 0) return [];
    const p = position(list);
    return [{ code, ...p }];
  });
  const wallets = position(accounts.filter((a) => a.userId !== null));
  const rows = [
    ...systemAccounts,
    ...(accounts.some((a) => a.userId !== null) ? [{ code: 'wallets', ...wallets }] : []),
  ];
  const ledgerSum = rows.reduce((s, r) => s + r.closing, 0n);
  const closingOf = (code: string) => rows.find((r) => r.code === code)?.closing ?? 0n;
  const movementOf = (code: string) => rows.find((r) => r.code === code)?.movements ?? 0n;

  const checks = [
    { name: 'Ledger sum at day end = 0', expected: 0n, actual: ledgerSum },
    {
      name: 'Recharges credited (orders) = ledger recharge transfers',
      expected: rechargesTotal,
      actual: kindSum('recharge'),
    },
    {
      name: 'Withdrawals paid (orders) = payouts account movement',
      expected: big(paid?.amount),
      actual: movementOf('payouts'),
    },
    {
      name: 'Fees of paid withdrawals = fees account movement',
      expected: big(paid?.fees),
      actual: movementOf('fees'),
    },
    {
      name: 'Withdrawals held (orders) = withdrawals payable at day end',
      expected: big(held?.amount),
      actual: closingOf('withdrawals_payable'),
    },
  ].map((c) => ({ name: c.name, expected: m(c.expected), actual: m(c.actual), ok: c.expected === c.actual }));
  const accountRowsOut = rows.map((r) => ({
    code: r.code,
    opening: m(r.opening),
    movements: m(r.movements),
    closing: m(r.closing),
    ok: r.opening + r.movements === r.closing,
  }));

  return {
    currency,
    recharges,
    rechargesTotal: m(rechargesTotal),
    withdrawalsPaid: { count: paid?.n ?? 0, amount: m(big(paid?.amount)), fees: m(big(paid?.fees)) },
    withdrawalsHeld: { count: held?.n ?? 0, amount: m(big(held?.amount)) },
    sales: { cards: m(kindSum('membership')), copyrights: m(kindSum('copyright_purchase')) },
    payouts,
    ledgerSum: m(ledgerSum),
    systemAccounts: accountRowsOut,
    checks,
    balanced: checks.every((c) => c.ok) && accountRowsOut.every((r) => r.ok),
  };
}
