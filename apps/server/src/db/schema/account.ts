import type { UserStatus } from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenant.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'app_user',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 })
      .notNull()
      .references(() => tenants.id),
    /** The user's own 8-character invite code. */
    inviteCode: varchar('invite_code', { length: 8 }).notNull(),
    /** Who invited this user; set once (registration or setting/code), never changed. */
    inviterId: bigint('inviter_id', { mode: 'bigint' }).references((): AnyPgColumn => users.id),
    nickname: varchar('nickname', { length: 30 }).notNull(),
    avatar: text('avatar'),
    /** Lower case; unique per tenant. */
    email: varchar('email', { length: 254 }),
    userName: varchar('user_name', { length: 20 }),
    /** Lower-cased user name: user names are unique per tenant regardless of case. */
    userNameKey: varchar('user_name_key', { length: 20 }),
    areaCode: varchar('area_code', { length: 5 }),
    phone: varchar('phone', { length: 16 }),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash'),
    /** Operator or agent accounts whose codes `/user/setSysUser` accepts. */
    isSystem: boolean('is_system').notNull().default(false),
    status: varchar('status', { length: 12 }).$type<UserStatus>().notNull().default('active'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    uniqueIndex('app_user_invite_code_uq').on(t.inviteCode),
    uniqueIndex('app_user_tenant_email_uq').on(t.tenantId, t.email),
    uniqueIndex('app_user_tenant_user_name_uq').on(t.tenantId, t.userNameKey),
    index('app_user_inviter_idx').on(t.inviterId),
  ],
);

/** Sign-in identities from other providers (Google). */
export const userIdentities = pgTable(
  'user_identity',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('user_identity_subject_uq').on(t.tenantId, t.provider, t.subject),
    uniqueIndex('user_identity_user_provider_uq').on(t.userId, t.provider),
  ],
);

/** Sessions: the token is random (256 bits) and only its SHA-256 is stored. */
export const sessions = pgTable(
  'session',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** The absolute end, whatever the activity. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: varchar('ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [uniqueIndex('session_token_hash_uq').on(t.tokenHash), index('session_user_idx').on(t.userId)],
);

/** E-mail verification codes: 6 digits, hashed with a per-code salt, single use. */
export const emailCodes = pgTable(
  'email_code',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    purpose: varchar('purpose', { length: 12 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('email_code_lookup_idx').on(t.tenantId, t.email, t.purpose, t.createdAt)],
);

/** Image captchas: single use, whatever the answer. */
export const captchas = pgTable('captcha', {
  id: varchar('id', { length: 36 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/** Fixed-window counters shared by all instances. */
export const rateLimits = pgTable('rate_limit', {
  key: varchar('key', { length: 300 }).primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Short-lived single-use tickets: `google_login` (the three-page's token after a Google sign-in,
 * holding the Google identity), `google_bind` (links Google to `userId`) and `session_handoff`
 * (signs `userId` in elsewhere, made by the session `sessionId`).
 */
export const authTickets = pgTable(
  'auth_ticket',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The session that made a `session_handoff` ticket: the ticket lives no longer than it (its
     * logout or revocation uses the ticket up; redeeming checks it is still live).
     */
    sessionId: bigint('session_id', { mode: 'bigint' }).references(() => sessions.id, {
      onDelete: 'cascade',
    }),
    data: jsonb('data').$type<Record<string, string | null>>(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    uniqueIndex('auth_ticket_token_hash_uq').on(t.tokenHash),
    index('auth_ticket_session_idx').on(t.sessionId),
  ],
);

/** OpenID Connect requests in flight: state, nonce and PKCE verifier, single use. */
export const oauthStates = pgTable('oauth_state', {
  state: varchar('state', { length: 64 }).primaryKey(),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  tenantId: varchar('tenant_id', { length: 6 }).notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).references(() => users.id, { onDelete: 'cascade' }),
  returnTo: varchar('return_to', { length: 500 }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

/** Account messages (`/user/getMessage`): stored as message keys, translated when read. */
export const userMessages = pgTable(
  'user_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).notNull(),
    titleKey: varchar('title_key', { length: 60 }).notNull(),
    bodyKey: varchar('body_key', { length: 60 }).notNull(),
    params: jsonb('params')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull(),
    readAt: ts('read_at'),
  },
  (t) => [index('user_message_user_idx').on(t.userId, t.createdAt)],
);

/** Development outbox: e-mails "sent" when no SMTP server is configured (never in production). */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    code: varchar('code', { length: 6 }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('dev_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Payment passwords (6 digits, argon2id) and their wrong-try lock. */
export const payPasswords = pgTable('pay_password', {
  userId: bigint('user_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  hash: text('hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull(),
});

/** Bank cards a user withdraws to (spec section 3's bank card form). */
export const bankCards = pgTable(
  'bank_card',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bank: varchar('bank', { length: 20 }).notNull(),
    bankName: varchar('bank_name', { length: 60 }).notNull(),
    accountName: varchar('account_name', { length: 60 }).notNull(),
    firstName: varchar('first_name', { length: 40 }).notNull(),
    lastName: varchar('last_name', { length: 40 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 16 }).notNull(),
    /**
     * The number in clear, only on rows written before numbers were sealed: the server seals
     * them at start (`sealLegacyBankCards`) and empties this column.
     */
    cardNumber: varchar('card_number', { length: 30 }),
    /** The number sealed with AES-256-GCM under DATA_ENCRYPTION_KEY (see sealing.ts). */
    cardNumberSealed: text('card_number_sealed'),
    /** Keyed digest of the number (HMAC-SHA256): a user's same card twice is refused by it. */
    cardNumberDigest: varchar('card_number_digest', { length: 64 }),
    /** The last four digits, for the masked display (`•••• 6789`). */
    cardLast4: varchar('card_last4', { length: 4 }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('bank_card_user_digest_uq').on(t.userId, t.cardNumberDigest),
    index('bank_card_user_idx').on(t.userId),
  ],
);
