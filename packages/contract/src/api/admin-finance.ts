import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, ROLES } from '../constants.js';
import { RECHARGE_CHANNELS, RECHARGE_STATUSES } from '../wallet.js';
import { text, dateSchema } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

const tenantId = lazySchema(() =>
  text()
    .regex(/^\d{6}$/)
    .optional(),
);
const pageQuery = lazySchema(() =>
  z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    tenantId,
  }),
);
const currency = lazySchema(() => z.enum(CURRENCY_KEYS));
/** A decimal string in major units (negative for money leaving an account). */
const money = lazySchema(() => z.string());

/** What a webhook delivery came to: credited, duplicate, declined, ignored:…, rejected:<why>. */
export const DELIVERY_OUTCOMES = ['credited', 'duplicate', 'declined', 'ignored', 'rejected'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** The largest payload a delivery's detail shows (bytes of UTF-8). */
export const DELIVERY_PAYLOAD_MAX_BYTES = 10 * 1024;

/** A card-channel payment: the recharge order as the gateway saw it. */
export const gatewayPayment = lazySchema(() =>
  z.object({
    orderNo: z.string(),
    tenantId: z.string(),
    userId: z.string(),
    provider: z.string(),
    /** The provider's payment id (its page). */
    providerRef: z.string().nullable(),
    /** The provider's transaction id, once paid. */
    providerTxnId: z.string().nullable(),
    amount: money,
    currency: z.string(),
    status: z.enum(RECHARGE_STATUSES),
    reason: z.string().nullable(),
    deliveries: z.number().int(),
    createdAt: z.string(),
    creditedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
  }),
);
export type GatewayPayment = z.infer<typeof gatewayPayment>;

export const webhookDelivery = lazySchema(() =>
  z.object({
    id: z.string(),
    provider: z.string(),
    receivedAt: z.string(),
    /** False when the signature was missing, malformed or wrong (the delivery was refused with 401). */
    signatureValid: z.boolean(),
    outcome: z.string(),
    orderNo: z.string().nullable(),
    /** The linked order's tenant (null when the delivery names no known order). */
    tenantId: z.string().nullable(),
    providerTxnId: z.string().nullable(),
    payloadBytes: z.number().int(),
  }),
);
export type WebhookDeliveryRow = z.infer<typeof webhookDelivery>;

export const LEDGER_ACCOUNT_KINDS = ['wallet', 'system'] as const;

/** The ledger's system accounts: where money comes from and goes to outside the users' wallets. */
export const LEDGER_SYSTEM_ACCOUNTS = [
  'recharge_clearing',
  'withdrawals_payable',
  'fees',
  'rewards_expense',
  'membership_revenue',
  'red_packet_escrow',
  'copyright_pool',
  /** Money paid out to users' banks and USDT addresses (withdrawals that succeeded). */
  'payouts',
  /** Refunds and goodwill credits operators give users (issue 44: support's credits). */
  'support_credits',
] as const;

export const ledgerAccount = lazySchema(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    currency: z.string(),
    /** `wallet:<userId>` or `system:<name>`. */
    code: z.string(),
    kind: z.enum(LEDGER_ACCOUNT_KINDS),
    userId: z.string().nullable(),
    email: z.string().nullable(),
    userName: z.string().nullable(),
    inviteCode: z.string().nullable(),
    balance: money,
    createdAt: z.string(),
  }),
);
export type LedgerAccountRow = z.infer<typeof ledgerAccount>;

export const ledgerEntry = lazySchema(() =>
  z.object({
    id: z.string(),
    createdAt: z.string(),
    /** Signed from this account's side: + received, − sent. */
    amount: money,
    counterpart: z.object({ id: z.string(), code: z.string() }),
    kind: z.string(),
    reference: z.string(),
    idempotencyKey: z.string(),
    /** This account's balance right after the entry. */
    balanceAfter: money,
  }),
);
export type LedgerEntryRow = z.infer<typeof ledgerEntry>;

export const financeUser = lazySchema(() =>
  z.object({
    userId: z.string(),
    tenantId: z.string(),
    email: z.string().nullable(),
    userName: z.string().nullable(),
    inviteCode: z.string(),
  }),
);

const check = lazySchema(() =>
  z.object({
    /** What is compared, e.g. `recharges credited = ledger recharges`. */
    name: z.string(),
    expected: money,
    actual: money,
    ok: z.boolean(),
  }),
);

export const reconciliationCurrency = lazySchema(() =>
  z.object({
    currency,
    recharges: z.array(
      z.object({ channel: z.enum(RECHARGE_CHANNELS), count: z.number().int(), amount: money }),
    ),
    rechargesTotal: money,
    withdrawalsPaid: z.object({ count: z.number().int(), amount: money, fees: money }),
    /** Withdrawals applied but neither paid, rejected nor failed at the day's end (amount + fee). */
    withdrawalsHeld: z.object({ count: z.number().int(), amount: money }),
    sales: z.object({ cards: money, copyrights: money }),
    /** Money paid into wallets from the business (rewards, revenue, refunds), by transfer kind. */
    payouts: z.array(z.object({ kind: z.string(), count: z.number().int(), amount: money })),
    /** Sum of every account of the currency at the day's end: must be 0. */
    ledgerSum: money,
    systemAccounts: z.array(
      z.object({
        code: z.string(),
        opening: money,
        movements: money,
        closing: money,
        ok: z.boolean(),
      }),
    ),
    checks: z.array(check),
    balanced: z.boolean(),
  }),
);
export type ReconciliationCurrency = z.infer<typeof reconciliationCurrency>;

export const reconciliationReport = lazySchema(() =>
  z.object({
    tenantId: z.string(),
    timeZone: z.string(),
    date: z.string(),
    /** The day's window [from, to) in UTC. */
    from: z.string(),
    to: z.string(),
    currencies: z.array(reconciliationCurrency),
    balanced: z.boolean(),
  }),
);
export type ReconciliationReport = z.infer<typeof reconciliationReport>;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? undefined : v))
    .optional();

/** Finance's read-only views: gateway payments and webhooks, the ledger explorer, reconciliation. */
export const adminFinanceApi = {
  gatewayPayments: defineCall({
    path: '/finance/gateway/payments',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      pageQuery.extend({
        status: z.enum(RECHARGE_STATUSES).optional(),
        orderNo: optionalText(40),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(gatewayPayment), total: z.number().int() })),
  }),
  webhookDeliveries: defineCall({
    path: '/finance/gateway/deliveries',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      pageQuery.extend({
        outcome: z.enum(DELIVERY_OUTCOMES).optional(),
        orderNo: optionalText(40),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(webhookDelivery), total: z.number().int() })),
  }),
  /** One delivery with its payload (at most 10 KB). */
  webhookDelivery: defineCall({
    path: '/finance/gateway/delivery',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() => z.object({ id: text().regex(/^\d{1,18}$/) })),
    response: lazySchema(() => webhookDelivery.extend({ payload: z.string(), truncated: z.boolean() })),
  }),
  /** Accounts by user (ID, e-mail or invite code), kind, tenant, currency; system accounts too. */
  ledgerAccounts: defineCall({
    path: '/finance/ledger/accounts',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      pageQuery.extend({
        user: optionalText(254),
        kind: z.enum(LEDGER_ACCOUNT_KINDS).optional(),
        currency: currency.optional(),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(ledgerAccount), total: z.number().int() })),
  }),
  /** An account's balance and its entries, newest first. */
  ledgerEntries: defineCall({
    path: '/finance/ledger/entries',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      z.object({
        accountId: text().regex(/^\d{1,18}$/),
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
    ),
    response: lazySchema(() =>
      z.object({ account: ledgerAccount, list: z.array(ledgerEntry), total: z.number().int() }),
    ),
  }),
  /** App users by id (comma-separated), for lists that show who a record belongs to. */
  users: defineCall({
    path: '/finance/users',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() => z.object({ ids: text().regex(/^\d{1,18}(,\d{1,18}){0,99}$/) })),
    response: lazySchema(() => z.object({ list: z.array(financeUser) })),
  }),
  /** One tenant's day (its time zone): what came in, went out and is held, and the ledger's checks. */
  reconciliation: defineCall({
    path: '/finance/reconciliation',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      z.object({
        tenantId,
        date: dateSchema.optional(),
      }),
    ),
    response: reconciliationReport,
  }),
};
