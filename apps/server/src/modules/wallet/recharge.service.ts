import {
  channelsOnDemoDetails,
  type CurrencyKey,
  DEMO_DETAILS_REFUSAL,
  type PaymentChannel,
  type RechargeChannel,
  type RechargeOrder,
  type RechargeStatus,
  toMajor,
  usdtCredit,
} from '@dramastar/contract';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { rechargeOrders } from '../../db/schema/index.js';
import { lockUser } from '../user/user-rows.js';
import {
  type CreditHook,
  type Instructions,
  type OrderRow,
  type RechargePurpose,
  orderPage,
  rechargeCrediting,
  rechargeViews,
} from './recharge-orders.js';
import { createRechargeGateway } from './recharge-gateway.js';
import { createRechargeConsole } from './recharge-console.service.js';
import type { Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { type Notify, noNotify } from '../user/notify.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { GatewayRegistry } from '../payment/providers.js';
import { newOrderNo, newTransferReference } from './amounts.js';
import { tenantWallet } from './settings.js';
import { uniqueViolation } from '../../db/errors.js';
import { parseAmount, replayAfterRace, replayOf, requestHash } from '../../money.js';

/** At most this many unfinished (pending or submitted) recharges per user. */
export const MAX_OPEN_RECHARGES = 5;
const OPEN: RechargeStatus[] = ['pending', 'submitted'];
/** The periodic reconciliation asks the providers about card payments pending longer than this. */
export const RECONCILE_AFTER_MINUTES = 15;

/**
 * Recharges on three channels. Money reaches a wallet only through `rechargeCrediting`
 * (recharge-orders.ts), in one transaction with the order's move to `credited`: a gateway's
 * verified webhook (once per provider transaction; recharge-gateway.ts) or an operator's
 * confirmation of a bank transfer or a USDT hash (a hash once; recharge-console.service.ts). This
 * file is the user's side (channels, orders, "I have paid") and puts the three together.
 */

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
  const views = rechargeViews(clock);
  const { effectiveStatus, toOrder } = views;
  const credit = rechargeCrediting({ clock, ledger, notify, log: deps.log, onCredited: deps.onCredited });
  const gatewaySide = createRechargeGateway({ db, clock, gateways, credit, log: deps.log });
  const consoleSide = createRechargeConsole({ db, clock, views, credit });

  async function ownOrder(db: DbOrTx, userId: bigint, orderNo: string, lock = false): Promise<OrderRow> {
    const query = db
      .select()
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.orderNo, orderNo), eq(rechargeOrders.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError('OrderNotFound', { field: 'orderNo' });
    return row;
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
  /** A user's orders, newest first (the app's records and the console's user page map them). */
  function userOrders(userId: bigint, page: Page) {
    return orderPage(db, eq(rechargeOrders.userId, userId), page);
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

    ...gatewaySide,
    ...consoleSide,
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
}

export type RechargeService = ReturnType<typeof createRechargeService>;
