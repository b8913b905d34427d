import type { OperatorRole } from '@dramastar/contract';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  boolean,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** People who run the business from the console; not app users. */
export const operators = pgTable(
  'operator',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    username: varchar('username', { length: 60 }).notNull(),
    /** argon2id (PHC string). */
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 20 }).$type<OperatorRole>().notNull(),
    /** Tenants a non-owner may act in. */
    tenantIds: jsonb('tenant_ids').$type<string[]>().notNull(),
    mustChangePassword: boolean('must_change_password').notNull(),
    failedLogins: integer('failed_logins').notNull(),
    /** Base32 TOTP secret (RFC 6238) once enrolment starts; confirmed when `totpEnabledAt` is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: ts('password_changed_at'),
    lockedUntil: ts('locked_until'),
    disabledAt: ts('disabled_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('operator_username_uq').on(t.username)],
);

export const operatorSessions = pgTable(
  'operator_session',
  {
    /** SHA-256 of the bearer token. */
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: varchar('ip', { length: 45 }),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [index('operator_session_operator_idx').on(t.operatorId)],
);

/** Every operator action that changes something: who, when, tenant, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'bigint' }).notNull(),
    operatorName: varchar('operator_name', { length: 60 }).notNull(),
    tenantId: varchar('tenant_id', { length: 6 }),
    action: varchar('action', { length: 60 }).notNull(),
    target: varchar('target', { length: 120 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('audit_log_time_idx').on(t.createdAt),
    index('audit_log_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * An operator's recovery codes (shown once at TOTP enrolment or regeneration): SHA-256 of each
 * normalised code, usable once instead of an authenticator code at sign-in (`used_at` claimed by
 * one conditional update).
 */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_code',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'bigint' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('operator_recovery_code_uq').on(t.operatorId, t.codeHash)],
);
