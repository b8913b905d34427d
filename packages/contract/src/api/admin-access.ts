import { z } from 'zod';
import { defineCall } from '../call.js';
import { OPERATOR_ROLES, ROLES } from '../constants.js';
import { operatorInfo } from './admin.js';
import { text } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

/** Recovery codes made at TOTP enrolment (and on regeneration), each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/** Operator passwords: at least this long, and not the user name. */
export const OPERATOR_PASSWORD_MIN = 10;
export const OPERATOR_PASSWORD_MAX = 200;

const tenantId = lazySchema(() => text().regex(/^\d{6}$/));
/** A 6-digit authenticator code (sign-in, enrolment, and sensitive changes that ask for it again). */
export const totpCodeSchema = lazySchema(() =>
  text()
    .trim()
    .regex(/^\d{6}$/, { error: 'TotpCodeFormat' }),
);
const totpCode = totpCodeSchema;
const operatorId = lazySchema(() => text().regex(/^\d{1,19}$/));
const ok = lazySchema(() => z.object({}));

/** One of my console sessions (the token itself is never shown). */
export const operatorSession = lazySchema(() =>
  z.object({
    /** A short handle of the session for revoking it. */
    id: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
    expiresAt: z.string(),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    /** The session this request was made with. */
    current: z.boolean(),
  }),
);
export type OperatorSession = z.infer<typeof operatorSession>;

/** An operator as the Operators page lists it. */
export const operatorRow = lazySchema(() =>
  operatorInfo.extend({
    disabled: z.boolean(),
    /** Locked after repeated failed sign-ins until then (ISO), else null. */
    lockedUntil: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
  }),
);
export type OperatorRow = z.infer<typeof operatorRow>;

/** A new password shown once to the operator who made it (create, reset). */
const withOneTimePassword = lazySchema(() =>
  z.object({ operator: operatorRow, oneTimePassword: z.string() }),
);

/**
 * Console access (/admin-api/access/*): my password, two-factor enrolment and sessions; the
 * operators of my tenants (owners and tenant admins).
 */
export const accessApi = {
  /** Changes my password; ends my other sessions. Open during set-up. */
  changePassword: defineCall({
    path: '/access/password',
    auth: 'operator',
    roles: ROLES.any,
    duringSetup: true,
    body: lazySchema(() =>
      z.object({
        currentPassword: text().min(1).max(OPERATOR_PASSWORD_MAX),
        newPassword: text()
          .min(OPERATOR_PASSWORD_MIN, { error: 'OperatorPasswordLength' })
          .max(OPERATOR_PASSWORD_MAX, { error: 'OperatorPasswordLength' }),
      }),
    ),
    response: operatorInfo,
  }),
  /**
   * Starts TOTP enrolment: a new secret (replacing any unconfirmed one), its otpauth:// URI and
   * the URI as a QR code (PNG data URL). Refused once TOTP is enabled (an admin resets it).
   */
  totpStart: defineCall({
    path: '/access/totp/start',
    auth: 'operator',
    roles: ROLES.any,
    duringSetup: true,
    body: ok,
    response: lazySchema(() => z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() })),
  }),
  /**
   * Confirms enrolment with the first code from the authenticator: TOTP is on from now. Answers
   * the operator and its RECOVERY_CODE_COUNT recovery codes, shown this once (stored hashed).
   */
  totpConfirm: defineCall({
    path: '/access/totp/confirm',
    auth: 'operator',
    roles: ROLES.any,
    duringSetup: true,
    body: lazySchema(() => z.object({ code: totpCode })),
    response: lazySchema(() => operatorInfo.extend({ recoveryCodes: z.array(z.string()) })),
  }),
  /** How many of my recovery codes are still unused, and when they were made. */
  recoveryCodes: defineCall({
    path: '/access/recovery-codes',
    auth: 'operator',
    roles: ROLES.any,
    response: lazySchema(() =>
      z.object({ left: z.number().int(), total: z.number().int(), createdAt: z.string().nullable() }),
    ),
  }),
  /**
   * New recovery codes (the old ones stop working) with a current authenticator code; shown once.
   * A wrong code counts as a failed sign-in.
   */
  regenerateRecoveryCodes: defineCall({
    path: '/access/recovery-codes/regenerate',
    auth: 'operator',
    roles: ROLES.any,
    body: lazySchema(() => z.object({ code: totpCode })),
    response: lazySchema(() => z.object({ recoveryCodes: z.array(z.string()) })),
  }),
  /** Turns my TOTP off with a current code; refused for roles that require it. */
  totpDisable: defineCall({
    path: '/access/totp/disable',
    auth: 'operator',
    roles: ROLES.any,
    body: lazySchema(() => z.object({ code: totpCode })),
    response: operatorInfo,
  }),
  sessions: defineCall({
    path: '/access/sessions',
    auth: 'operator',
    roles: ROLES.any,
    response: lazySchema(() => z.object({ list: z.array(operatorSession) })),
  }),
  revokeSession: defineCall({
    path: '/access/sessions/revoke',
    auth: 'operator',
    roles: ROLES.any,
    body: lazySchema(() => z.object({ id: text().regex(/^[0-9a-f]{16}$/) })),
    response: ok,
  }),
  /** Ends every session of mine but this one. */
  revokeOtherSessions: defineCall({
    path: '/access/sessions/revoke-others',
    auth: 'operator',
    roles: ROLES.any,
    body: ok,
    response: lazySchema(() => z.object({ revoked: z.number().int() })),
  }),
  /** Owners see every operator; a tenant admin those of its tenants, never an owner. */
  operators: defineCall({
    path: '/access/operators',
    auth: 'operator',
    roles: ROLES.admins,
    query: lazySchema(() =>
      z.object({
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
        tenantId: tenantId.optional(),
        role: z.enum(OPERATOR_ROLES).optional(),
        username: text().trim().max(60).optional(),
      }),
    ),
    response: lazySchema(() => z.object({ list: z.array(operatorRow), total: z.number().int() })),
  }),
  /**
   * A new operator with a one-time password (shown once; changed at first sign-in). A tenant
   * admin creates finance, content, support or tenant_admin operators within its own tenants.
   */
  createOperator: defineCall({
    path: '/access/operators/create',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() =>
      z.object({
        username: text()
          .trim()
          .regex(/^[A-Za-z0-9._-]{3,60}$/, { error: 'OperatorUsernameFormat' }),
        role: z.enum(OPERATOR_ROLES),
        tenantIds: z.array(tenantId).max(50).default([]),
      }),
    ),
    response: withOneTimePassword,
  }),
  /**
   * Changes another operator's role and tenants (owners only): the last enabled owner cannot be
   * demoted (409 `LastOwner`), nor can an owner change itself (409 `OperatorSelf`). Its sessions
   * end, so the new role applies from its next sign-in.
   */
  updateOperator: defineCall({
    path: '/access/operators/update',
    auth: 'operator',
    roles: ROLES.owner,
    body: lazySchema(() =>
      z.object({
        id: operatorId,
        role: z.enum(OPERATOR_ROLES),
        tenantIds: z.array(tenantId).max(50).default([]),
      }),
    ),
    response: operatorRow,
  }),
  /** Disabling ends the operator's sessions; enabling lets it sign in again. */
  setOperatorDisabled: defineCall({
    path: '/access/operators/disable',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => z.object({ id: operatorId, disabled: z.boolean() })),
    response: operatorRow,
  }),
  /** A new one-time password (shown once), to change at next sign-in; sessions end, lock lifts. */
  resetOperatorPassword: defineCall({
    path: '/access/operators/reset-password',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => z.object({ id: operatorId })),
    response: withOneTimePassword,
  }),
  /** Removes the operator's TOTP (a lost phone): it enrols again at next sign-in; sessions end. */
  resetOperatorTotp: defineCall({
    path: '/access/operators/reset-totp',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => z.object({ id: operatorId })),
    response: operatorRow,
  }),
};
