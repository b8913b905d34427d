import { z } from 'zod';
import { defineCall } from '../call.js';
import { ADMIN_API_PREFIX, CURRENCY_KEYS, OPERATOR_ROLES, type OperatorRole, ROLES } from '../constants.js';
import {
  RECHARGE_CHANNELS,
  RECHARGE_STATUSES,
  amountSchema,
  rechargeOrder,
  WITHDRAWAL_STAGES,
  withdrawal,
  withdrawalDestination,
} from '../wallet.js';
import { text, dateTimeSchema, multilineText } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * Roles that must sign in with a TOTP code: every role that can move money (confirm recharges,
 * act on withdrawals) or manage the operators who do. Enrolment is optional for the others.
 */
export const TOTP_REQUIRED_ROLES: readonly OperatorRole[] = ROLES.finance;

export function totpRequiredFor(role: OperatorRole): boolean {
  return TOTP_REQUIRED_ROLES.includes(role);
}

export const operatorInfo = lazySchema(() =>
  z.object({
    id: z.string(),
    username: z.string(),
    role: z.enum(OPERATOR_ROLES),
    /** The tenants this operator may act in; empty for an owner (all tenants). */
    tenantIds: z.array(z.string()),
    /** Signed in with a one-time password: the console opens only after it is changed. */
    mustChangePassword: z.boolean(),
    totpEnabled: z.boolean(),
    /** The role requires TOTP: until it is enabled the console opens only the enrolment. */
    totpRequired: z.boolean(),
  }),
);
export type OperatorInfo = z.infer<typeof operatorInfo>;

const pageQuery = lazySchema(() =>
  z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    tenantId: text()
      .regex(/^\d{6}$/)
      .optional(),
  }),
);
const orderNo = lazySchema(() => text().trim().min(1).max(40));
const reason = lazySchema(() => multilineText().trim().min(3, { error: 'ReasonRequired' }).max(300));

/** A recharge as finance sees it: the user's order plus who it belongs to. */
export const adminRecharge = lazySchema(() =>
  rechargeOrder.extend({
    tenantId: z.string(),
    userId: z.string(),
    /** Who the user is, for the queue (the console links to the user's page). */
    userEmail: z.string().nullable(),
    userPhone: z.string().nullable(),
    matchedReference: z.string().nullable(),
    /** What finance recorded as received when confirming (in `payCurrency`); null before. */
    receivedAmount: z.string().nullable(),
  }),
);
export const adminWithdrawal = lazySchema(() =>
  withdrawal.extend({
    tenantId: z.string(),
    userId: z.string(),
    /** The bank's reference of the payout, recorded with "Mark paid". */
    paidReference: z.string().nullable(),
  }),
);

/**
 * What finance weighs before approving a withdrawal, per user of the queue's page (read for the
 * whole page at once): who they are, since when, what they hold, and their money's history.
 */
export const withdrawalUserContext = lazySchema(() =>
  z.object({
    userId: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** When the account was made (its age is shown from it). */
    joinedAt: z.string(),
    status: z.string(),
    /** Spendable balance now, in the wallet's currency. */
    balance: z.string(),
    currency: z.string(),
    /** Recharges credited in the last 30 days. */
    recharges30d: z.object({ count: z.number().int(), amount: z.string() }),
    /** Every credited recharge. */
    rechargesTotal: z.object({ count: z.number().int(), amount: z.string() }),
    /** Earlier withdrawals: paid (count and amount), refused (rejected or failed), still open. */
    withdrawalsPaid: z.object({ count: z.number().int(), amount: z.string() }),
    withdrawalsRefused: z.number().int(),
    withdrawalsOpen: z.number().int(),
  }),
);
export type WithdrawalUserContext = z.infer<typeof withdrawalUserContext>;

/** One step of a withdrawal: who did it and when (the user's application, then each operator's). */
export const withdrawalStep = lazySchema(() =>
  z.object({
    /** applied, or the operator's action (approve, process, pay, reject, fail, payout_account_view). */
    action: z.string(),
    /** The operator's user name; null for the user's own application. */
    by: z.string().nullable(),
    at: z.string(),
    reason: z.string().nullable(),
    /** Mark paid: the bank's transfer reference. */
    reference: z.string().nullable(),
  }),
);

/** The bank's (or chain's) transfer reference a payout is recorded with. */
const paidReference = lazySchema(() =>
  text('PaidReferenceRequired')
    .trim()
    .min(3, { error: 'PaidReferenceRequired' })
    .max(120, { error: 'PaidReferenceRequired' }),
);

export const auditEntry = lazySchema(() =>
  z.object({
    id: z.string(),
    operator: z.string(),
    tenantId: z.string().nullable(),
    action: z.string(),
    target: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  }),
);

/**
 * A recovery code as typed: 10 letters and digits, case, spaces and dashes ignored
 * (shown as `abcde-fghij`).
 */
export const recoveryCodeSchema = lazySchema(() =>
  text()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: 'RecoveryCodeFormat' })),
);

export const WITHDRAWAL_ACTIONS = ['approve', 'process', 'pay', 'reject', 'fail'] as const;

/** The operator console's calls, under /admin-api. */
export const adminApi = {
  login: defineCall({
    prefix: ADMIN_API_PREFIX,
    path: '/auth/login',
    auth: 'guest',
    body: lazySchema(() =>
      z.object({
        username: text().trim().min(1).max(60),
        password: text().min(1).max(200),
        /**
         * The authenticator's 6-digit code, for operators with TOTP enabled: without it they get
         * 409 `TotpRequired` (the console then asks for it); a wrong one counts as a failed sign-in.
         */
        totpCode: text()
          .trim()
          .regex(/^\d{6}$/, { error: 'TotpCodeFormat' })
          .optional(),
        /**
         * Instead of `totpCode` (a lost phone): one of the recovery codes shown at enrolment, each
         * accepted once; a wrong or used one counts as a failed sign-in (409 `WrongRecoveryCode`).
         */
        recoveryCode: recoveryCodeSchema.optional(),
      }),
    ),
    response: lazySchema(() => z.object({ token: z.string(), operator: operatorInfo })),
  }),
  logout: defineCall({
    path: '/auth/logout',
    auth: 'operator',
    roles: ROLES.any,
    duringSetup: true,
    response: lazySchema(() => z.object({})),
  }),
  me: defineCall({
    path: '/auth/me',
    auth: 'operator',
    roles: ROLES.any,
    duringSetup: true,
    response: operatorInfo,
  }),
  recharges: defineCall({
    path: '/finance/recharges',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      pageQuery.extend({
        status: z.enum(RECHARGE_STATUSES).optional(),
        channel: z.enum(RECHARGE_CHANNELS).optional(),
        /**
         * An order number, the transfer reference the user was given, the reference finance
         * matched or a USDT hash (exact, any case), or the user's e-mail or phone.
         */
        q: text().trim().min(1).max(120).optional(),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(adminRecharge), total: z.number().int() })),
  }),
  /**
   * Credits a bank-transfer or USDT recharge once the money is seen: `matchedReference` is the
   * bank statement's reference (must contain the order's reference) or the USDT hash (must equal it).
   */
  confirmRecharge: defineCall({
    path: '/finance/recharges/confirm',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() =>
      z.object({
        orderNo,
        matchedReference: text().trim().min(1).max(120),
        /**
         * The amount the statement (or chain) shows received, in the order's pay currency; absent
         * = the order's amount. When it differs the wallet is credited what was received (at most
         * twice the order's amount), and the answer and the audit entry say so.
         */
        receivedAmount: amountSchema.optional(),
      }),
    ),
    response: adminRecharge,
  }),
  rejectRecharge: defineCall({
    path: '/finance/recharges/reject',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() => z.object({ orderNo, reason })),
    response: adminRecharge,
  }),
  withdrawals: defineCall({
    path: '/finance/withdrawals',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      pageQuery.extend({
        status: z.enum(WITHDRAWAL_STAGES).optional(),
        /** One withdrawal by its order number (exact, any case), e.g. from a chat message's link. */
        q: orderNo.optional(),
      }),
    ),
    response: lazySchema(() =>
      z.object({
        list: z.array(adminWithdrawal),
        total: z.number().int(),
        /** The page's users with what finance weighs (one entry per user, read for the page at once). */
        users: z.array(withdrawalUserContext),
      }),
    ),
  }),
  /** approve → process → pay; reject (before processing) or fail (after approval) return amount + fee. */
  withdrawalAction: defineCall({
    path: '/finance/withdrawals/action',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() =>
      z
        .object({
          orderNo,
          action: z.enum(WITHDRAWAL_ACTIONS),
          reason: reason.optional(),
          /** Mark paid: the bank's transfer reference (the console asks for it; 3-120 characters). */
          reference: paidReference.optional(),
        })
        .refine((b) => !(b.action === 'reject' || b.action === 'fail') || b.reason !== undefined, {
          path: ['reason'],
          message: 'ReasonRequired',
        })
        // A payout is recorded only with the bank's (or chain's) reference of the transfer.
        .refine((b) => b.action !== 'pay' || b.reference !== undefined, {
          path: ['reference'],
          message: 'PaidReferenceRequired',
        }),
    ),
    response: adminWithdrawal,
  }),
  /**
   * Approves several withdrawals at once (at most 50), each in its own transaction with its own
   * audit entry: one that moved meanwhile or whose user is frozen is refused alone, with its
   * error key, and the others go on.
   */
  withdrawalBulkApprove: defineCall({
    path: '/finance/withdrawals/approve-many',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() =>
      z.object({
        orderNos: z
          .array(orderNo)
          .min(1, { error: 'SelectWithdrawals' })
          .max(50, { error: 'TooManyWithdrawals' }),
      }),
    ),
    response: lazySchema(() =>
      z.object({
        results: z.array(z.object({ orderNo: z.string(), ok: z.boolean(), errorKey: z.string().nullable() })),
      }),
    ),
  }),
  /** Who did each step of a withdrawal and when, oldest first (from the audit log). */
  withdrawalTimeline: defineCall({
    path: '/finance/withdrawals/timeline',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() => z.object({ orderNo })),
    response: lazySchema(() => z.object({ orderNo: z.string(), steps: z.array(withdrawalStep) })),
  }),
  /**
   * The account a withdrawal is paid to, in full (a bank card's whole number): for finance while
   * the withdrawal is approved or processing, each view audited; masked everywhere else.
   */
  withdrawalPayoutAccount: defineCall({
    path: '/finance/withdrawals/payout-account',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() => z.object({ orderNo })),
    response: lazySchema(() => withdrawalDestination.extend({ orderNo: z.string() })),
  }),
  /** Per currency the ledger's accounts must sum to zero. */
  ledgerHealth: defineCall({
    path: '/finance/ledger-health',
    auth: 'operator',
    roles: ROLES.finance,
    response: lazySchema(() =>
      z.object({
        balanced: z.boolean(),
        currencies: z.array(
          z.object({ currency: z.enum(CURRENCY_KEYS), sum: z.string(), accounts: z.number().int() }),
        ),
      }),
    ),
  }),
  audit: defineCall({
    path: '/audit',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      pageQuery.extend({
        action: text().max(60).optional(),
        /** The operator's user name, exactly. */
        operator: text().trim().toLowerCase().max(60).optional(),
        /** Part of the target, e.g. an order number or `user:42`. */
        target: text().trim().max(120).optional(),
        /** Entries at or after this instant (ISO 8601 with offset). */
        from: dateTimeSchema.optional(),
        /** Entries before this instant; after `from`, else 400 naming `to`. */
        to: dateTimeSchema.optional(),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(auditEntry), total: z.number().int() })),
  }),
  /** The actions the audit log holds (within the operator's tenants), for the console's filter. */
  auditActions: defineCall({
    path: '/audit/actions',
    auth: 'operator',
    roles: ROLES.finance,
    response: lazySchema(() => z.object({ actions: z.array(z.string()) })),
  }),
};
