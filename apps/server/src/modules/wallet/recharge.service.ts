import {
  channelsOnDemoDetails,
  type CurrencyKey,
  DEMO_DETAILS_REFUSAL,
  formatMinor,
  isCurrencyKey,
  type PaymentChannel,
  type RechargeChannel,
  type RechargeOrder,
  rechargeOrder,
  type RechargeStatus,
  toMajor,
  usdtCredit,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { gatewayEvents, rechargeOrders } from '../../db/schema/index.js';
import { findUserIds, lockUser, userCards } from '../user/user-rows.js';
import { onePage, type Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { type Notify, noNotify } from '../user/notify.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { GatewayEvent } from '../payment/gateway.js';
import type { GatewayRegistry } from '../payment/providers.js';
import { newOrderNo, newTransferReference } from './amounts.js';
import { tenantWallet } from './settings.js';
import { uniqueViolation } from '../../db/errors.js';
import { parseAmount, replayAfterRace, replayOf, requestHash } from '../../money.js';

type OrderRow = typeof rechargeOrders.$inferSelect;

/** At most this many unfinished (pending or submitted) recharges per user. */
export const MAX_OPEN_RECHARGES = 5;
const OPEN: RechargeStatus[] = ['pending', 'submitted'];
/** The periodic reconciliation asks the providers about card payments pending longer than this. */
export const RECONCILE_AFTER_MINUTES = 15;

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
type Instructions = z.infer<typeof instructionsSchema>;

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
function purposeOf(row: OrderRow): RechargePurpose | null {
  const parsed = rechargePurpose.safeParse(row.purpose);
  return parsed.success ? parsed.data : null;
}

function currencyOf(value: string): CurrencyKey {
  if (!isCurrencyKey(value)) throw new Error(`unknown currency ${value}`);
  return value;
}

/**
 * Recharges on three channels. Money reaches a wallet only here, in one transaction with the
 * order's move to `credited`, through the ledger with the key `recharge:<orderNo>`: a gateway's
 * verified webhook (once per provider transaction) or an operator's confirmation of a bank
 * transfer or a USDT hash (a hash once).
 */
/** Done in the credit's transaction for an order with a purpose (a savepoint: its failure keeps the credit). */
export type CreditHook = (tx: Tx, order: OrderRow, purpose: RechargePurpose) => Promise<void>;

export function createRechargeService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  /** The tenants' card / e-wallet providers; with none the `gateway` channel is listed as unavailable. */
  gateways: GatewayRegistry;
  log?: { warn: (obj: object, msg: string) => void };
  notify?: Notify;
  /**
   * Whether bank transfer and USDT are offered while their details are still the demo's (the
   * defaults'): yes in development and tests, never in production, where such a channel is not
   * listed and an order on it is refused (CollectionAccountMissing, UsdtAddressMissing).
   */
  offerDemoDetails?: boolean;
  /**
   * What is done, in the crediting transaction, for each kind of purpose an order may carry (a
   * Star Card bought with the money): one per kind, so a kind without it fails to compile.
   */
  onCredited: Record<RechargePurpose['kind'], CreditHook>;
}) {
  const { db, clock, ledger, gateways } = deps;
  const offerDemoDetails = deps.offerDemoDetails ?? true;
  const notify = deps.notify ?? noNotify;

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

  async function ownOrder(db: DbOrTx, userId: bigint, orderNo: string, lock = false): Promise<OrderRow> {
    const query = db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('OrderNotFound', { field: 'orderNo' });
    return row;
  }

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

  /** The channels switched on but not offered: on the demo's details, in production. */
  function hiddenChannels(settings: Awaited<ReturnType<typeof tenantWallet>>['settings']) {
    return offerDemoDetails ? [] : channelsOnDemoDetails(settings);
  }

  function channelsOf(
    settings: Awaited<ReturnType<typeof tenantWallet>>['settings'],
    currency: CurrencyKey,
    providers: { provider: string; methods: string[] }[],
  ) {
    const { gateway: g, official: o, usdt: u } = settings.recharge;
    const hidden = hiddenChannels(settings);
    const zero = toMajor(0n, currency);
    const list: PaymentChannel[] = [];
    if (g.enabled) {
      list.push({
        code: 'gateway',
        minAmount: g.minAmount,
        maxAmount: g.maxAmount,
        quickAmounts: g.quickAmounts,
        fee: zero,
        windowMinutes: null,
        usdt: null,
        providers,
        ...(providers.length ? {} : { unavailable: 'PaymentProviderMissing' as const }),
      });
    }
    if (o.enabled && !hidden.includes('official')) {
      list.push({
        code: 'official',
        minAmount: o.minAmount,
        maxAmount: null,
        quickAmounts: [],
        fee: zero,
        windowMinutes: o.windowMinutes,
        usdt: null,
      });
    }
    if (u.enabled && !hidden.includes('usdt')) {
      list.push({
        code: 'usdt',
        minAmount: u.minAmount,
        maxAmount: null,
        quickAmounts: [],
        fee: '0',
        windowMinutes: null,
        usdt: { network: u.network, address: u.address, rate: u.rate },
      });
    }
    return list;
  }

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

  /** A user's orders, newest first (the app's records and the console's user page map them). */
  function userOrders(userId: bigint, page: Page) {
    const where = eq(rechargeOrders.userId, userId);
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

  return {
    toOrder,

    async channels(tenantId: string) {
      const { currency, settings } = await tenantWallet(db, tenantId);
      const providers = settings.recharge.gateway.enabled ? await gateways.offered(tenantId, currency) : [];
      return { currency, channels: channelsOf(settings, currency, providers) };
    },

    /**
     * Creates a recharge order (idempotent by the client's requestId). Refusals: the channel is off
     * (ChannelUnavailable), the amount outside the channel's limits, too many unfinished orders.
     */
    async create(
      user: { userId: bigint; tenantId: string },
      body: { channel: RechargeChannel; amount: string; requestId: string; provider?: string | undefined },
      /** The app's origin the payer uses (the gateway sends the browser back there). */
      appOrigin: string,
      /** What the money is for beyond the wallet (e.g. a card): done when it is credited. */
      purpose?: Omit<RechargePurpose, 'amount'> & { amount: bigint },
      /** The payer's address, for providers that ask for it (VNPay's vnp_IpAddr). */
      payerIp?: string,
    ): Promise<RechargeOrder> {
      const { currency, settings } = await tenantWallet(db, user.tenantId);
      const hash = requestHash([body.channel, body.amount, purpose?.kind ?? null, body.provider ?? null]);
      const [seen] = await db
        .select()
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.userId, user.userId), eq(rechargeOrders.requestId, body.requestId)));
      const earlier = replayOf(seen, hash);
      if (earlier) return toOrder(earlier);

      const offered =
        body.channel === 'gateway' && settings.recharge.gateway.enabled
          ? await gateways.offered(user.tenantId, currency)
          : [];
      const hidden = hiddenChannels(settings).find((c) => c === body.channel);
      if (hidden) throw new AppError(DEMO_DETAILS_REFUSAL[hidden], { field: 'channel' });
      const channel = channelsOf(settings, currency, offered).find((c) => c.code === body.channel);
      if (!channel) throw new AppError('ChannelUnavailable', { field: 'channel' });
      if (channel.unavailable) throw new AppError(channel.unavailable, { field: 'channel' });
      const provider =
        body.channel !== 'gateway'
          ? null
          : (offered.find((p) => p.provider === (body.provider ?? offered[0]?.provider))?.provider ?? null);
      if (body.channel === 'gateway' && !provider)
        throw new AppError('ChannelUnavailable', { field: 'provider' });
      const payCurrency: CurrencyKey = body.channel === 'usdt' ? 'USDT' : currency;
      const amount = parseAmount(body.amount, payCurrency);
      const min = parseAmount(channel.minAmount, payCurrency);
      // A purchase pays its price, whatever the channel's smallest recharge.
      if (!purpose && (amount < min || amount <= 0n)) {
        throw new AppError('AmountBelowMinimum', { field: 'amount', params: { amount: channel.minAmount } });
      }
      if (channel.maxAmount !== null && amount > parseAmount(channel.maxAmount, payCurrency)) {
        throw new AppError('AmountAboveMaximum', { field: 'amount', params: { amount: channel.maxAmount } });
      }
      const creditAmount =
        body.channel === 'usdt' ? usdtCredit(body.amount, settings.recharge.usdt.rate, currency) : amount;
      if (creditAmount <= 0n) throw new AppError('InvalidAmount', { field: 'amount' });
      if (purpose && creditAmount < purpose.amount)
        throw new AppError('AmountBelowMinimum', {
          field: 'amount',
          params: { amount: toMajor(purpose.amount, currency) },
        });

      const now = clock.now();
      const orderNo = newOrderNo('R', now);
      const instructions: Instructions = {};
      let reference: string | null = null;
      let expiresAt: Date | null = null;
      if (body.channel === 'official') {
        const o = settings.recharge.official;
        reference = newTransferReference();
        expiresAt = new Date(now.getTime() + o.windowMinutes * 60_000);
        instructions.official = {
          bankName: o.bankName,
          accountName: o.accountName,
          accountNumber: o.accountNumber,
          reference,
        };
      } else if (body.channel === 'usdt') {
        const u = settings.recharge.usdt;
        instructions.usdt = { network: u.network, address: u.address, rate: u.rate };
      }

      const created = await withTransaction(db, async (tx) => {
        // One user's orders are made one at a time, so the open-order limit holds under races.
        await lockUser(tx, user.userId);
        const [open] = await tx
          .select({ n: count() })
          .from(rechargeOrders)
          .where(and(eq(rechargeOrders.userId, user.userId), inArray(rechargeOrders.status, OPEN)));
        const [row] = await tx
          .insert(rechargeOrders)
          .values({
            orderNo,
            tenantId: user.tenantId,
            userId: user.userId,
            channel: body.channel,
            provider,
            status: 'pending',
            payCurrency,
            amount,
            currency,
            creditAmount,
            requestId: body.requestId,
            requestHash: hash,
            instructions,
            reference,
            expiresAt,
            purpose: purpose ? { ...purpose, amount: purpose.amount.toString() } : null,
            createdAt: now,
          })
          .onConflictDoNothing({ target: [rechargeOrders.userId, rechargeOrders.requestId] })
          .returning();
        if (!row) return undefined; // the same request, made concurrently: answered below
        if ((open?.n ?? 0) >= MAX_OPEN_RECHARGES) {
          throw new AppError('TooManyOpenOrders', { params: { count: open?.n ?? 0 } });
        }
        return row;
      });
      if (!created) {
        const [same] = await db
          .select()
          .from(rechargeOrders)
          .where(and(eq(rechargeOrders.userId, user.userId), eq(rechargeOrders.requestId, body.requestId)));
        return toOrder(replayAfterRace(same, hash));
      }
      if (body.channel !== 'gateway' || !provider) return toOrder(created);

      // The gateway's payment is made after the order exists, so a webhook always finds its order.
      try {
        const gateway = await gateways.gateway(user.tenantId, provider);
        if (!gateway) throw new Error(`${provider} lost its keys`);
        const payment = await gateway.createPayment({
          orderNo,
          amount,
          currency,
          returnUrl: `${appOrigin}/#/pages/profile/recharge/index?orderNo=${orderNo}`,
          callbackUrl: `${appOrigin}/app-api/pay/webhook/${gateway.provider}`,
          description: `Recharge ${orderNo}`,
          ...(payerIp ? { payerIp } : {}),
          now,
        });
        const [updated] = await db
          .update(rechargeOrders)
          .set({
            providerRef: payment.providerRef,
            instructions: { payUrl: payment.payUrl, ...(payment.form ? { payForm: payment.form } : {}) },
          })
          .where(eq(rechargeOrders.id, created.id))
          .returning();
        return toOrder(updated ?? created);
      } catch (error) {
        await db
          .update(rechargeOrders)
          .set({ status: 'failed', reason: 'The payment gateway is unavailable', closedAt: clock.now() })
          .where(eq(rechargeOrders.id, created.id));
        throw new AppError('ServiceUnavailable', { cause: error });
      }
    },

    /**
     * The order's state; for USDT with `txHash` it records the deposit's hash (a hash serves one
     * order only), for an official transfer it records "I have transferred" inside the window.
     */
    async verify(user: { userId: bigint }, body: { orderNo: string; txHash?: string | undefined }) {
      return withTransaction(db, (tx) => verifyIn(tx, user, body)).catch((error: unknown) => {
        // Two orders given the same hash at once: the unique index lets one through.
        if (uniqueViolation(error) !== null) throw new AppError('TxHashUsed', { field: 'txHash' });
        throw error;
      });
    },

    async get(userId: bigint, orderNo: string): Promise<RechargeOrder> {
      return toOrder(await ownOrder(db, userId, orderNo));
    },

    userOrders,

    async list(userId: bigint, page: Page) {
      const { rows, total } = await userOrders(userId, page);
      return { list: rows.map(toOrder), total };
    },

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
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(rechargeOrders)
          .where(where)
          .orderBy(desc(rechargeOrders.createdAt), desc(rechargeOrders.id))
          .$dynamic(),
        filter,
        { from: rechargeOrders, where },
      );
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

  async function verifyIn(
    tx: Tx,
    user: { userId: bigint },
    body: { orderNo: string; txHash?: string | undefined },
  ) {
    const row = await ownOrder(tx, user.userId, body.orderNo, true);
    const status = effectiveStatus(row);
    if (row.channel === 'usdt' && body.txHash !== undefined) {
      if (status !== 'pending') throw new AppError('OrderClosed', { params: { status } });
      const [taken] = await tx
        .select({ id: rechargeOrders.id })
        .from(rechargeOrders)
        .where(and(eq(rechargeOrders.txHash, body.txHash), ne(rechargeOrders.status, 'rejected')));
      if (taken) throw new AppError('TxHashUsed', { field: 'txHash' });
      const [updated] = await tx
        .update(rechargeOrders)
        .set({ txHash: body.txHash, status: 'submitted', submittedAt: clock.now() })
        .where(eq(rechargeOrders.id, row.id))
        .returning();
      return toOrder(updated ?? row);
    }
    if (row.channel === 'usdt' && status === 'pending')
      throw new AppError('TxHashRequired', { field: 'txHash' });
    if (row.channel === 'official' && (status === 'pending' || status === 'expired')) {
      if (status === 'expired') {
        const { settings } = await tenantWallet(tx, row.tenantId);
        throw new AppError('OrderExpired', { params: { minutes: settings.recharge.official.windowMinutes } });
      }
      const [updated] = await tx
        .update(rechargeOrders)
        .set({ status: 'submitted', submittedAt: clock.now() })
        .where(eq(rechargeOrders.id, row.id))
        .returning();
      return toOrder(updated ?? row);
    }
    return toOrder(row);
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
}

export type RechargeService = ReturnType<typeof createRechargeService>;
