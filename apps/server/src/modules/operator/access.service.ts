import {
  OPERATOR_ROLES,
  RECOVERY_CODE_COUNT,
  type OperatorInfo,
  type OperatorRole,
  type OperatorRow,
  type OperatorSession,
  totpRequiredFor,
} from '@dramastar/contract';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, ilike, isNull, min, ne, type SQL, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { onePage } from '../../db/paging.js';
import { containsPattern } from '../../db/like.js';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.js';
import { knownTenantIds } from '../tenant/tenant-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../security.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import {
  type OperatorContext,
  type OperatorService,
  recoveryCodeHash,
  tenantScope,
} from './operator.service.js';
import { generateTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = 'DramaStar';
/** Roles a tenant admin may give (never owner). */
export const TENANT_ADMIN_GRANTS: readonly OperatorRole[] = ['tenant_admin', 'finance', 'content', 'support'];

type OperatorRecord = typeof operators.$inferSelect;

/** Letters and digits of recovery codes, without look-alikes (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** One recovery code as shown: 10 characters (about 50 bits) as `abcde-fghij`. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET.charAt(randomInt(RECOVERY_ALPHABET.length));
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A session's handle in the console: the first 16 hex digits of its token's hash. */
export const sessionHandle = (tokenHash: string) => tokenHash.slice(0, 16);

/** An operator as the audit log keeps it: no password hash, no secret. */
function auditView(row: OperatorRecord) {
  return {
    username: row.username,
    role: row.role,
    tenantIds: row.tenantIds,
    mustChangePassword: row.mustChangePassword,
    totpEnabled: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
  };
}

/**
 * Console access: my password, TOTP enrolment and sessions; operators management for owners
 * (everyone) and tenant admins (non-owners whose tenants are all theirs). Every change is audited
 * in its own transaction.
 */
export function createAccessService(deps: { db: Db; clock: Clock; operators: OperatorService }) {
  const { db, clock, operators: service } = deps;

  async function load(dbOrTx: Db | Tx, id: bigint): Promise<OperatorRecord | undefined> {
    const [row] = await dbOrTx.select().from(operators).where(eq(operators.id, id));
    return row;
  }

  async function me(tx: Db | Tx, op: OperatorContext): Promise<OperatorRecord> {
    const row = await load(tx, op.id);
    if (!row) throw new AppError('Unauthorized');
    return row;
  }

  /** Whether `actor` may see and change `target` (owner: anyone; tenant admin: see above). */
  function manages(actor: OperatorContext, target: OperatorRecord): boolean {
    if (actor.tenantIds === null) return true;
    if (target.role === 'owner' || target.tenantIds.length === 0) return false;
    return target.tenantIds.every((id) => actor.tenantIds?.includes(id));
  }

  /** The audit entry's tenant for a change to an operator: its first tenant (none for owners). */
  const tenantOf = (row: { tenantIds: string[]; role: string }) =>
    row.role === 'owner' ? null : (row.tenantIds[0] ?? null);

  async function revokeSessions(tx: Db | Tx, operatorId: bigint, except?: string): Promise<number> {
    const rows = await tx
      .update(operatorSessions)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(operatorSessions.operatorId, operatorId),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, clock.now()),
          except ? ne(operatorSessions.tokenHash, except) : undefined,
        ),
      )
      .returning({ tokenHash: operatorSessions.tokenHash });
    return rows.length;
  }

  const lastSeen = sql<Date | null>`(select max(s.last_seen_at) from ${operatorSessions} s where s.operator_id = ${operators}.id)`;

  function toRow(row: OperatorRecord, seen: Date | string | null = null): OperatorRow {
    const now = clock.now();
    return {
      ...service.info(row),
      disabled: row.disabledAt !== null,
      lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: seen === null ? null : new Date(seen).toISOString(),
    };
  }

  /** Loads an operator for a change by `actor`: 404 unknown, 403 outside its reach, 409 itself. */
  async function target(tx: Tx, actor: OperatorContext, id: string): Promise<OperatorRecord> {
    const [row] = await tx
      .select()
      .from(operators)
      .where(eq(operators.id, BigInt(id)))
      .for('update');
    if (!row) throw new AppError('OperatorNotFound', { status: 404 });
    if (!manages(actor, row)) throw new AppError('Forbidden');
    if (row.id === actor.id) throw new AppError('OperatorSelf');
    return row;
  }

  /** A change to another operator, audited with before and after. */
  async function changeOperator(
    actor: OperatorContext,
    id: string,
    action: string,
    change: (tx: Tx, row: OperatorRecord) => Promise<Partial<OperatorRecord>>,
  ): Promise<OperatorRecord> {
    return withTransaction(db, async (tx) => {
      // Owners are changed one at a time (their rows locked in one order, before the target's):
      // two owners disabling each other at once would each still see the other enabled.
      const owners = await tx
        .select({ id: operators.id, disabledAt: operators.disabledAt })
        .from(operators)
        .where(eq(operators.role, 'owner'))
        .orderBy(operators.id)
        .for('update');
      const before = await target(tx, actor, id);
      const set = await change(tx, before);
      const stopsOwning = set.disabledAt || (set.role !== undefined && set.role !== 'owner');
      if (
        before.role === 'owner' &&
        !before.disabledAt &&
        stopsOwning &&
        !owners.some((o) => o.id !== before.id && !o.disabledAt)
      )
        throw new AppError('LastOwner');
      const [after] = await tx.update(operators).set(set).where(eq(operators.id, before.id)).returning();
      if (!after) throw new AppError('OperatorNotFound', { status: 404 });
      await service.audit(tx, actor, {
        tenantId: tenantOf(before),
        action: `operator.${action}`,
        target: `operator:${before.username}`,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  }

  const oneTimePassword = () => randomToken(12);

  /** Replaces the operator's recovery codes with RECOVERY_CODE_COUNT new ones; answers them. */
  async function replaceRecoveryCodes(tx: Tx, operatorId: bigint): Promise<string[]> {
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.insert(operatorRecoveryCodes).values(
      codes.map((code) => ({
        operatorId,
        codeHash: recoveryCodeHash(code),
        createdAt: clock.now(),
      })),
    );
    return codes;
  }

  return {
    /** Checks the current password; the new one: not the user name, not the current one. */
    async changePassword(
      op: OperatorContext,
      currentPassword: string,
      newPassword: string,
    ): Promise<OperatorInfo> {
      const row = await me(db, op);
      if (!(await verifyPassword(row.passwordHash, currentPassword)))
        throw new AppError('WrongCurrentPassword');
      if (newPassword.trim().toLowerCase() === row.username.toLowerCase())
        throw new AppError('PasswordIsUsername', { field: 'newPassword' });
      if (newPassword === currentPassword) throw new AppError('PasswordUnchanged', { field: 'newPassword' });
      const passwordHash = await hashPassword(newPassword);
      return withTransaction(db, async (tx) => {
        const [after] = await tx
          .update(operators)
          .set({ passwordHash, mustChangePassword: false, passwordChangedAt: clock.now() })
          .where(eq(operators.id, op.id))
          .returning();
        if (!after) throw new AppError('Unauthorized');
        const revoked = await revokeSessions(tx, op.id, op.tokenHash);
        await service.audit(tx, op, {
          tenantId: tenantOf(row),
          action: 'operator.password_change',
          target: `operator:${row.username}`,
          before: { mustChangePassword: row.mustChangePassword },
          after: { mustChangePassword: false, otherSessionsRevoked: revoked },
        });
        return service.info(after);
      });
    },

    /** A new secret (replacing an unconfirmed one), its URI and QR code. */
    async totpStart(op: OperatorContext) {
      const secret = generateTotpSecret();
      const uri = otpauthUri(secret, op.username, TOTP_ISSUER);
      const qrDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      await withTransaction(db, async (tx) => {
        const row = await me(tx, op);
        if (row.totpEnabledAt) throw new AppError('TotpAlreadyEnabled');
        await tx
          .update(operators)
          .set({ totpSecret: secret, totpLastStep: null })
          .where(eq(operators.id, op.id));
        await service.audit(tx, op, {
          tenantId: tenantOf(row),
          action: 'operator.totp_start',
          target: `operator:${row.username}`,
          before: { totpEnabled: false },
          after: { totpEnabled: false, pending: true },
        });
      });
      return { secret, uri, qrDataUrl };
    },

    /** The first code from the authenticator turns TOTP on and makes the recovery codes. */
    async totpConfirm(
      op: OperatorContext,
      code: string,
    ): Promise<OperatorInfo & { recoveryCodes: string[] }> {
      return withTransaction(db, async (tx) => {
        const row = await me(tx, op);
        if (row.totpEnabledAt) throw new AppError('TotpAlreadyEnabled');
        if (!row.totpSecret) throw new AppError('TotpNotStarted');
        const step = verifyTotp(row.totpSecret, code, clock.now(), row.totpLastStep);
        if (step === null) throw new AppError('WrongTotpCode', { field: 'code' });
        const [after] = await tx
          .update(operators)
          .set({ totpEnabledAt: clock.now(), totpLastStep: step })
          .where(eq(operators.id, op.id))
          .returning();
        if (!after) throw new AppError('Unauthorized');
        const recoveryCodes = await replaceRecoveryCodes(tx, op.id);
        await service.audit(tx, op, {
          tenantId: tenantOf(row),
          action: 'operator.totp_enable',
          target: `operator:${row.username}`,
          before: { totpEnabled: false },
          after: { totpEnabled: true, recoveryCodes: recoveryCodes.length },
        });
        return { ...service.info(after), recoveryCodes };
      });
    },

    /** TOTP off with a current code, for roles that do not require it. */
    async totpDisable(op: OperatorContext, code: string): Promise<OperatorInfo> {
      if (totpRequiredFor(op.role)) throw new AppError('TotpRoleRequires');
      return withTransaction(db, async (tx) => {
        const row = await me(tx, op);
        if (!row.totpEnabledAt || !row.totpSecret) throw new AppError('TotpNotEnabled');
        const step = verifyTotp(row.totpSecret, code, clock.now(), row.totpLastStep);
        if (step === null || !(await service.claimTotpStep(tx, op.id, step)))
          throw new AppError('WrongTotpCode', { field: 'code' });
        const [after] = await tx
          .update(operators)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
          .where(eq(operators.id, op.id))
          .returning();
        await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, op.id));
        if (!after) throw new AppError('Unauthorized');
        await service.audit(tx, op, {
          tenantId: tenantOf(row),
          action: 'operator.totp_disable',
          target: `operator:${row.username}`,
          before: { totpEnabled: true },
          after: { totpEnabled: false },
        });
        return service.info(after);
      });
    },

    /** How many of my recovery codes are left. */
    async recoveryCodes(op: OperatorContext) {
      const [row] = await db
        .select({
          total: count(),
          left: sql<number>`count(*) filter (where ${operatorRecoveryCodes.usedAt} is null)`.mapWith(Number),
          createdAt: min(operatorRecoveryCodes.createdAt),
        })
        .from(operatorRecoveryCodes)
        .where(eq(operatorRecoveryCodes.operatorId, op.id));
      return {
        left: row?.left ?? 0,
        total: row?.total ?? 0,
        createdAt: row?.createdAt ? new Date(row.createdAt).toISOString() : null,
      };
    },

    /**
     * New recovery codes with a current authenticator code (claimed like a sign-in's: a wrong one
     * counts toward the lock-out, a used one is refused); the old codes stop working.
     */
    async regenerateRecoveryCodes(op: OperatorContext, code: string) {
      await service.confirmTotp(op, code);
      return withTransaction(db, async (tx) => {
        const row = await me(tx, op);
        if (!row.totpEnabledAt) throw new AppError('TotpNotEnabled');
        const recoveryCodes = await replaceRecoveryCodes(tx, op.id);
        await service.audit(tx, op, {
          tenantId: tenantOf(row),
          action: 'operator.recovery_codes_regenerate',
          target: `operator:${row.username}`,
          after: { recoveryCodes: recoveryCodes.length },
        });
        return { recoveryCodes };
      });
    },

    /** My live sessions, newest first. */
    async sessions(op: OperatorContext): Promise<OperatorSession[]> {
      const rows = await db
        .select()
        .from(operatorSessions)
        .where(
          and(
            eq(operatorSessions.operatorId, op.id),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, clock.now()),
          ),
        )
        .orderBy(desc(operatorSessions.createdAt));
      return rows.map((s) => ({
        id: sessionHandle(s.tokenHash),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
        expiresAt: s.expiresAt.toISOString(),
        userAgent: s.userAgent,
        ip: s.ip,
        current: s.tokenHash === op.tokenHash,
      }));
    },

    async revokeSession(op: OperatorContext, id: string): Promise<void> {
      await withTransaction(db, async (tx) => {
        const live = await tx
          .select({ tokenHash: operatorSessions.tokenHash })
          .from(operatorSessions)
          .where(
            and(
              eq(operatorSessions.operatorId, op.id),
              isNull(operatorSessions.revokedAt),
              gt(operatorSessions.expiresAt, clock.now()),
            ),
          );
        const session = live.find((s) => sessionHandle(s.tokenHash) === id);
        if (!session) throw new AppError('SessionNotFound', { status: 404 });
        await tx
          .update(operatorSessions)
          .set({ revokedAt: clock.now() })
          .where(eq(operatorSessions.tokenHash, session.tokenHash));
        await service.audit(tx, op, {
          tenantId: op.tenantIds?.[0] ?? null,
          action: 'operator.session_revoke',
          target: `operator:${op.username}`,
          before: { session: id },
          after: { session: id, revoked: true },
        });
      });
    },

    async revokeOtherSessions(op: OperatorContext): Promise<number> {
      return withTransaction(db, async (tx) => {
        const revoked = await revokeSessions(tx, op.id, op.tokenHash);
        if (revoked > 0) {
          await service.audit(tx, op, {
            tenantId: op.tenantIds?.[0] ?? null,
            action: 'operator.sessions_revoke_others',
            target: `operator:${op.username}`,
            after: { revoked },
          });
        }
        return revoked;
      });
    },

    async list(
      actor: OperatorContext,
      query: {
        pageNum: number;
        pageSize: number;
        tenantId?: string | undefined;
        role?: OperatorRole | undefined;
        username?: string | undefined;
      },
    ) {
      const scope = tenantScope(actor, query.tenantId);
      const conditions: SQL[] = [];
      if (actor.tenantIds !== null) {
        conditions.push(
          ne(operators.role, 'owner'),
          sql`jsonb_array_length(${operators.tenantIds}) > 0`,
          sql`${operators.tenantIds} <@ ${JSON.stringify(actor.tenantIds)}::jsonb`,
        );
      }
      if (query.tenantId && scope)
        conditions.push(sql`${operators.tenantIds} @> ${JSON.stringify([query.tenantId])}::jsonb`);
      if (query.role) conditions.push(eq(operators.role, query.role));
      if (query.username) conditions.push(ilike(operators.username, containsPattern(query.username)));
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select({ operator: operators, lastSeenAt: lastSeen })
          .from(operators)
          .where(where)
          .orderBy(operators.username)
          .$dynamic(),
        query,
        { from: operators, where },
      );
      return { list: rows.map((r) => toRow(r.operator, r.lastSeenAt)), total };
    },

    /** A new operator with a one-time password; a tenant admin gives its own tenants only. */
    async create(
      actor: OperatorContext,
      input: { username: string; role: OperatorRole; tenantIds: string[] },
    ) {
      if (actor.tenantIds !== null) {
        if (!TENANT_ADMIN_GRANTS.includes(input.role)) throw new AppError('Forbidden');
        if (input.tenantIds.some((id) => !actor.tenantIds?.includes(id))) throw new AppError('Forbidden');
      }
      const tenantIds = input.role === 'owner' ? [] : [...new Set(input.tenantIds)].sort();
      if (input.role !== 'owner' && tenantIds.length === 0)
        throw new AppError('OperatorTenantsRequired', { field: 'tenantIds' });
      if (tenantIds.length) {
        const known = await knownTenantIds(db, tenantIds);
        if (known.length !== tenantIds.length) throw new AppError('TenantNotFound');
      }
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const row = await withTransaction(db, async (tx) => {
        const [created] = await tx
          .insert(operators)
          .values({
            username: input.username.trim().toLowerCase(),
            passwordHash,
            role: input.role,
            tenantIds,
            mustChangePassword: true,
            failedLogins: 0,
            createdAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (!created) throw new AppError('OperatorUsernameTaken', { field: 'username' });
        await service.audit(tx, actor, {
          tenantId: tenantOf(created),
          action: 'operator.create',
          target: `operator:${created.username}`,
          after: auditView(created),
        });
        return created;
      });
      return { operator: toRow(row), oneTimePassword: password };
    },

    /**
     * Another operator's role and tenants (owners only, by the call's roles): never the last
     * enabled owner demoted, never the owner itself. Its sessions end so the new role applies at
     * its next sign-in; a role that requires TOTP asks for enrolment then.
     */
    async update(actor: OperatorContext, input: { id: string; role: OperatorRole; tenantIds: string[] }) {
      if (actor.tenantIds !== null || actor.role !== 'owner') throw new AppError('Forbidden');
      if (!OPERATOR_ROLES.includes(input.role))
        throw new AppError('OperatorRoleNotAllowed', { field: 'role' });
      const tenantIds = input.role === 'owner' ? [] : [...new Set(input.tenantIds)].sort();
      if (input.role !== 'owner' && tenantIds.length === 0)
        throw new AppError('OperatorTenantsRequired', { field: 'tenantIds' });
      if (tenantIds.length) {
        const known = await knownTenantIds(db, tenantIds);
        if (known.length !== tenantIds.length) throw new AppError('TenantNotFound', { field: 'tenantIds' });
      }
      const row = await changeOperator(actor, input.id, 'update', async (tx, before) => {
        const same =
          before.role === input.role && JSON.stringify(before.tenantIds) === JSON.stringify(tenantIds);
        if (!same) await revokeSessions(tx, before.id);
        return { role: input.role, tenantIds };
      });
      return toRow(row);
    },

    async setDisabled(actor: OperatorContext, id: string, disabled: boolean) {
      const row = await changeOperator(actor, id, disabled ? 'disable' : 'enable', async (tx, before) => {
        if (disabled) await revokeSessions(tx, before.id);
        return { disabledAt: disabled ? (before.disabledAt ?? clock.now()) : null };
      });
      return toRow(row);
    },

    async resetPassword(actor: OperatorContext, id: string) {
      const password = oneTimePassword();
      const passwordHash = await hashPassword(password);
      const row = await changeOperator(actor, id, 'password_reset', async (tx, before) => {
        await revokeSessions(tx, before.id);
        return { passwordHash, mustChangePassword: true, failedLogins: 0, lockedUntil: null };
      });
      return { operator: toRow(row), oneTimePassword: password };
    },

    async resetTotp(actor: OperatorContext, id: string) {
      const row = await changeOperator(actor, id, 'totp_reset', async (tx, before) => {
        await revokeSessions(tx, before.id);
        await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, before.id));
        return { totpSecret: null, totpEnabledAt: null, totpLastStep: null };
      });
      return toRow(row);
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
