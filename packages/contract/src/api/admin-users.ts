import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, MEMBERSHIP_TIERS, type OperatorRole, ROLES } from '../constants.js';
import { adminRecharge, adminWithdrawal } from './admin.js';
import { walletRecord } from './account.js';
import { text, multilineText } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

/** Who may look users up: support (read-only), finance (for its recharges and withdrawals), admins. */
export const USER_READERS = [
  'owner',
  'tenant_admin',
  'support',
  'finance',
] as const satisfies readonly OperatorRole[];

/** An app user's account state: `frozen` cannot sign in or move money; `cancelled` was erased. */
export const USER_STATUSES = ['active', 'frozen', 'cancelled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const tenantIdParam = lazySchema(() =>
  text()
    .regex(/^\d{6}$/)
    .optional(),
);
const page = {
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
/** A user's id (decimal digits of a bigint). */
export const userIdParam = lazySchema(() =>
  text()
    .trim()
    .regex(/^\d{1,18}$/),
);
const reason = lazySchema(() => multilineText().trim().min(3, { error: 'ReasonRequired' }).max(300));

/** One row of the users search. */
export const adminUserRow = lazySchema(() =>
  z.object({
    userId: z.string(),
    tenantId: z.string(),
    nickname: z.string(),
    email: z.string().nullable(),
    userName: z.string().nullable(),
    areaCode: z.string().nullable(),
    phone: z.string().nullable(),
    inviteCode: z.string(),
    status: z.enum(USER_STATUSES),
    createdAt: z.string(),
  }),
);
export type AdminUserRow = z.infer<typeof adminUserRow>;

const userRef = lazySchema(() =>
  z.object({ userId: z.string(), nickname: z.string(), inviteCode: z.string() }),
);

export const adminUserDetail = lazySchema(() =>
  z.object({
    profile: adminUserRow.extend({
      avatar: z.string().nullable(),
      /** Country of the phone prefix (Philippines, Vietnam …), null when unknown. */
      country: z.string().nullable(),
      inviter: userRef.nullable(),
      isSystem: z.boolean(),
      loginMethods: z.array(z.string()),
      cancelledAt: z.string().nullable(),
      /** The latest freeze (from the audit log) while the user is frozen. */
      frozen: z.object({ at: z.string(), by: z.string(), reason: z.string().nullable() }).nullable(),
    }),
    membership: z.object({
      /** The highest card active now. */
      active: z
        .object({ tier: z.enum(MEMBERSHIP_TIERS), startsAt: z.string(), endsAt: z.string() })
        .nullable(),
      /** The end of the last live card (renewals included), when one runs. */
      paidUntil: z.string().nullable(),
      cards: z.array(
        z.object({
          tier: z.enum(MEMBERSHIP_TIERS),
          source: z.string(),
          status: z.enum(['active', 'upcoming', 'expired', 'replaced']),
          startsAt: z.string(),
          endsAt: z.string(),
          price: z.string(),
          paid: z.string(),
        }),
      ),
      trialCards: z.array(
        z.object({
          id: z.string(),
          source: z.string(),
          status: z.enum(['unused', 'active', 'expired']),
          activatedAt: z.string().nullable(),
          expiresAt: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
      /** Trial cards this user gifted (to team members or as codes). */
      trialCardsGifted: z.number().int(),
    }),
    /** Each currency the user has a wallet in (minor-unit accuracy, major-unit decimal strings). */
    balances: z.array(z.object({ currency: z.enum(CURRENCY_KEYS), balance: z.string() })),
    team: z.object({
      /** Level 1 is the inviter, up to level 5. */
      upline: z.array(userRef.extend({ level: z.number().int(), status: z.enum(USER_STATUSES) })),
      /** Members per level 1..5 below the user (always five entries). */
      downline: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
    }),
  }),
);
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminUserSession = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(['active', 'revoked', 'expired']),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
);

const userPage = lazySchema(() => z.object({ userId: userIdParam, ...page }));

/** The console's Users page (/admin-api/users/*). */
export const adminUsersApi = {
  /**
   * One search box: e-mail, user name, nickname or phone (contains, case-insensitive), user id or
   * invite code (exact); empty lists the newest users. Within the operator's tenants.
   */
  search: defineCall({
    path: '/users/search',
    auth: 'operator',
    roles: USER_READERS,
    query: lazySchema(() =>
      z.object({
        q: text().trim().max(254).optional(),
        status: z.enum(USER_STATUSES).optional(),
        tenantId: tenantIdParam,
        ...page,
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(adminUserRow), total: z.number().int() })),
  }),
  detail: defineCall({
    path: '/users/detail',
    auth: 'operator',
    roles: USER_READERS,
    query: lazySchema(() => z.object({ userId: userIdParam })),
    response: adminUserDetail,
  }),
  /** The user's wallet movements in one currency (default: the tenant's), newest first. */
  ledger: defineCall({
    path: '/users/ledger',
    auth: 'operator',
    roles: USER_READERS,
    query: lazySchema(() => userPage.extend({ currency: z.enum(CURRENCY_KEYS).optional() })),
    response: lazySchema(() =>
      z.object({
        currency: z.enum(CURRENCY_KEYS),
        list: z.array(walletRecord),
        total: z.number().int(),
      }),
    ),
  }),
  recharges: defineCall({
    path: '/users/recharges',
    auth: 'operator',
    roles: USER_READERS,
    query: userPage,
    response: lazySchema(() => z.object({ list: z.array(adminRecharge), total: z.number().int() })),
  }),
  withdrawals: defineCall({
    path: '/users/withdrawals',
    auth: 'operator',
    roles: USER_READERS,
    query: userPage,
    response: lazySchema(() => z.object({ list: z.array(adminWithdrawal), total: z.number().int() })),
  }),
  sessions: defineCall({
    path: '/users/sessions',
    auth: 'operator',
    roles: USER_READERS,
    query: userPage,
    response: lazySchema(() => z.object({ list: z.array(adminUserSession), total: z.number().int() })),
  }),
  /** Ends one of the user's sessions (the app signs out on its next call). */
  revokeSession: defineCall({
    path: '/users/sessions/revoke',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => z.object({ userId: userIdParam, sessionId: userIdParam })),
    response: adminUserSession,
  }),
  /** A frozen user cannot sign in; every session ends now. Refused (409) unless the user is active. */
  freeze: defineCall({
    path: '/users/freeze',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => z.object({ userId: userIdParam, reason })),
    response: adminUserRow,
  }),
  /** Back to active: the user signs in again. Refused (409) unless the user is frozen. */
  unfreeze: defineCall({
    path: '/users/unfreeze',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => z.object({ userId: userIdParam, reason })),
    response: adminUserRow,
  }),
};
