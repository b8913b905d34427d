/**
 * Refunds and goodwill credits by support and finance (issue 44 §2): an operator credits a user's
 * wallet with a reason, within their role's limits per credit and per day; above the tenant's
 * threshold a second operator (finance or an admin, never the one who asked) approves it. Every
 * credit is one ledger transfer from the platform's support-credits account, idempotent by the
 * operator's request id, and audited.
 */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, type CurrencyKey, ROLES } from '../constants.js';
import { lazySchema } from '../lazy-schema.js';
import { multilineText, text } from '../validation.js';
import { amountSchema, requestIdSchema } from '../wallet.js';

export const CREDIT_KINDS = ['refund', 'goodwill'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];
export const CREDIT_STATUSES = ['pending', 'credited', 'rejected'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];

/** Limits of credits, in the tenant's currency (major units). */
export interface CreditLimits {
  /** Support's most per credit and per day (per operator, the tenant's day). */
  supportPerCredit: string;
  supportPerDay: string;
  /** Finance's and admins' most per credit and per day. */
  financePerCredit: string;
  financePerDay: string;
  /** A credit above this waits for a second operator's approval. */
  secondApprovalAbove: string;
}

/** The default limits per currency (docs/wallet.md, "Refunds and goodwill credits"). */
export const CREDIT_LIMITS: Record<CurrencyKey, CreditLimits> = {
  PHP: {
    supportPerCredit: '1000',
    supportPerDay: '3000',
    financePerCredit: '20000',
    financePerDay: '100000',
    secondApprovalAbove: '500',
  },
  VND: {
    supportPerCredit: '400000',
    supportPerDay: '1200000',
    financePerCredit: '10000000',
    financePerDay: '50000000',
    secondApprovalAbove: '200000',
  },
  PKR: {
    supportPerCredit: '5000',
    supportPerDay: '15000',
    financePerCredit: '100000',
    financePerDay: '500000',
    secondApprovalAbove: '2500',
  },
  IDR: {
    supportPerCredit: '300000',
    supportPerDay: '900000',
    financePerCredit: '5000000',
    financePerDay: '25000000',
    secondApprovalAbove: '150000',
  },
  USDT: {
    supportPerCredit: '20',
    supportPerDay: '60',
    financePerCredit: '400',
    financePerDay: '2000',
    secondApprovalAbove: '10',
  },
};

export const adminCredit = lazySchema(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    userId: z.string(),
    kind: z.enum(CREDIT_KINDS),
    amount: z.string(),
    currency: z.enum(CURRENCY_KEYS),
    reason: z.string(),
    status: z.enum(CREDIT_STATUSES),
    /** The chat conversation it was given from, if any. */
    conversationId: z.string().nullable(),
    requestedBy: z.string(),
    decidedBy: z.string().nullable(),
    decisionReason: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  }),
);
export type AdminCredit = z.infer<typeof adminCredit>;

const creditId = lazySchema(() => text().regex(/^\d{1,18}$/));
const reason = lazySchema(() => multilineText().trim().min(3, { error: 'ReasonRequired' }).max(300));

export const adminCreditApi = {
  /**
   * Credits a user's wallet (support, finance, admins): credited at once up to the threshold, else
   * pending a second operator. Refusals: CreditLimitPerCredit, CreditLimitPerDay (the day's
   * total is claimed atomically, so split credits cannot pass it), IdempotencyConflict. The same
   * `requestId` answers the same credit.
   */
  create: defineCall({
    path: '/users/credits/create',
    auth: 'operator',
    roles: ['owner', 'tenant_admin', 'finance', 'support'],
    body: lazySchema(() =>
      z.object({
        userId: creditId,
        kind: z.enum(CREDIT_KINDS),
        amount: amountSchema,
        reason,
        requestId: requestIdSchema,
        conversationId: text()
          .regex(/^\d{1,18}$/)
          .optional(),
      }),
    ),
    response: adminCredit,
  }),
  /** Credits, newest first: a user's, or those waiting for approval (status=pending). */
  list: defineCall({
    path: '/users/credits',
    auth: 'operator',
    roles: ['owner', 'tenant_admin', 'finance', 'support'],
    query: lazySchema(() =>
      z.object({
        userId: creditId.optional(),
        status: z.enum(CREDIT_STATUSES).optional(),
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(adminCredit), total: z.number().int() })),
  }),
  /** What the operator may still credit in a user's tenant today. */
  limits: defineCall({
    path: '/users/credits/limits',
    auth: 'operator',
    roles: ['owner', 'tenant_admin', 'finance', 'support'],
    query: lazySchema(() => z.object({ userId: creditId })),
    response: lazySchema(() =>
      z.object({
        currency: z.enum(CURRENCY_KEYS),
        perCredit: z.string(),
        perDay: z.string(),
        leftToday: z.string(),
        secondApprovalAbove: z.string(),
      }),
    ),
  }),
  /** The second approval (finance or admins; not the operator who asked): the money moves now. */
  approve: defineCall({
    path: '/users/credits/approve',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() => z.object({ id: creditId })),
    response: adminCredit,
  }),
  /** Refuses a pending credit (its amount returns to the asker's day). */
  reject: defineCall({
    path: '/users/credits/reject',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() => z.object({ id: creditId, reason })),
    response: adminCredit,
  }),
};
