import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, LANGUAGE_KEYS, ROLES } from '../constants.js';
import { text, dateSchema } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';
import { auditEntry } from './admin.js';

/** The queues the dashboard counts for "waiting for you", in the order it shows them. */
export const WAITING_QUEUES = [
  'rechargesToConfirm',
  'withdrawalsToApprove',
  'withdrawalsToSend',
  'payoutsToMarkPaid',
  'creditsToApprove',
  'chatsUnanswered',
  'failedTranscodes',
] as const;
export type WaitingQueue = (typeof WAITING_QUEUES)[number];

/** The longest range the dashboard answers, in days. */
export const DASHBOARD_MAX_DAYS = 92;
/** The range when none is asked: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

const day = dateSchema;
const amount = lazySchema(() => z.string());

/** Money of one day in one currency (decimal strings in major units). */
export const dashboardMoneyDay = lazySchema(() =>
  z.object({
    day: z.string(),
    /** Recharges credited that day: how many, and what reached the wallets. */
    recharges: z.object({ count: z.number().int(), amount }),
    /** Withdrawals paid out that day: how many, and what the users received (fees not included). */
    withdrawals: z.object({ count: z.number().int(), amount }),
    /** Sales: Star Cards (net of upgrade refunds) and copyrights. */
    revenue: z.object({ cards: amount, copyrights: amount, total: amount }),
    /** What the platform paid users: team rewards (referral, welfare), copyright daily revenue, salary, dividends, check-in/task/daily awards. */
    payouts: z.object({
      teamRewards: amount,
      copyrightRevenue: amount,
      salary: amount,
      dividends: amount,
      checkinTasks: amount,
      total: amount,
    }),
    /** Red-packet shares claimed: money between users (their senders paid it), not in payouts. */
    redPackets: amount,
  }),
);
export type DashboardMoneyDay = z.infer<typeof dashboardMoneyDay>;

export const dashboardStats = lazySchema(() =>
  z.object({
    tenantId: z.string(),
    timeZone: z.string(),
    /** The tenant's own currency (always among `money`). */
    currency: z.enum(CURRENCY_KEYS),
    from: z.string(),
    to: z.string(),
    /** Per day of the tenant's time zone, from … to. */
    days: z.array(
      z.object({
        day: z.string(),
        newUsers: z.number().int(),
        /** Users holding a Star Card (Primary or above) for at least part of the day. */
        activeMembers: z.number().int(),
      }),
    ),
    /** Per currency, never added across currencies. */
    money: z.array(z.object({ currency: z.enum(CURRENCY_KEYS), days: z.array(dashboardMoneyDay) })),
  }),
);
export type DashboardStats = z.infer<typeof dashboardStats>;

/** One thing a production deployment misses or has unsafe (`npm run doctor`, the owner's dashboard). */
export const doctorFinding = lazySchema(() =>
  z.object({
    /** error: a real site must not run so; warning: works, probably not what was meant. */
    severity: z.enum(['error', 'warning']),
    area: z.enum(['config', 'tenant', 'operator']),
    /** What it is about: a variable, `tenant 000001 (Name)`, `operator alice (finance)`. */
    subject: z.string(),
    message: z.string(),
  }),
);
export type DoctorFinding = z.infer<typeof doctorFinding>;

/** The console's dashboard figures: one tenant at a time, its days in its time zone. */
export const adminDashboardApi = {
  stats: defineCall({
    path: '/dashboard/stats',
    auth: 'operator',
    roles: ROLES.finance,
    query: lazySchema(() =>
      z.object({
        /** First day (tenant time zone); default 29 days before `to`. */
        from: day.optional(),
        /** Last day; default today in the tenant's time zone. */
        to: day.optional(),
        /** Default: the operator's first tenant (an owner: the default tenant). */
        tenantId: text()
          .regex(/^\d{6}$/)
          .optional(),
      }),
    ),
    response: dashboardStats,
  }),
  /**
   * Changes of where users pay (collection account, USDT address) and of payment provider keys
   * in the last SENSITIVE_CHANGE_DAYS days within the operator's tenants, newest first: the
   * dashboard shows them to the owner and admins at the top.
   */
  sensitiveChanges: defineCall({
    path: '/dashboard/sensitive-changes',
    auth: 'operator',
    roles: ROLES.finance,
    response: lazySchema(() => z.object({ list: z.array(auditEntry) })),
  }),
  /**
   * What is waiting for the operator, per queue they may work (their role) within their tenants
   * (or the one asked): recharges the user says are paid, withdrawals to approve, to send and to
   * mark paid, chats whose last word is the user's, failed transcodes, credits awaiting a second
   * approval. A queue the role cannot open is left out.
   */
  waiting: defineCall({
    path: '/dashboard/waiting',
    auth: 'operator',
    roles: ROLES.any,
    query: lazySchema(() =>
      z.object({
        tenantId: text()
          .regex(/^\d{6}$/)
          .optional(),
      }),
    ),
    response: lazySchema(() =>
      z.object({ list: z.array(z.object({ queue: z.enum(WAITING_QUEUES), count: z.number().int() })) }),
    ),
  }),
  /** The tenants the operator acts in, by name (every tenant for an owner), for the console's pickers. */
  myTenants: defineCall({
    path: '/dashboard/tenants',
    auth: 'operator',
    roles: ROLES.any,
    response: lazySchema(() =>
      z.object({
        list: z.array(
          z.object({
            tenantId: z.string(),
            name: z.string(),
            currency: z.enum(CURRENCY_KEYS),
            language: z.enum(LANGUAGE_KEYS),
          }),
        ),
      }),
    ),
  }),
  /** What this deployment misses or has unsafe (the server's own settings and every tenant's): owners only. */
  doctor: defineCall({
    path: '/dashboard/doctor',
    auth: 'operator',
    roles: ROLES.owner,
    response: lazySchema(() => z.object({ findings: z.array(doctorFinding) })),
  }),
};

/** How far back the dashboard lists changes of where users pay and of provider keys. */
export const SENSITIVE_CHANGE_DAYS = 7;

/** The audit actions that move where users' money goes (asked for the authenticator code again). */
export const SENSITIVE_AUDIT_ACTIONS = ['config.wallet.collection', 'config.payment_provider.keys'] as const;
