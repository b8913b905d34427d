import { OPERATOR_ROLES, type OperatorRole, type OperatorRow } from '@dramastar/contract';
import { and, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { onePage } from '../../db/paging.js';
import { containsPattern } from '../../db/like.js';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.js';
import { knownTenantIds } from '../tenant/tenant-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../security.js';
import { hashPassword } from '../auth/password.js';
import type { AccessCommon } from './access-common.js';
import { type OperatorContext, type OperatorService, tenantScope } from './operator.service.js';

/** Roles a tenant admin may give (never owner). */
export const TENANT_ADMIN_GRANTS: readonly OperatorRole[] = ['tenant_admin', 'finance', 'content', 'support'];

type OperatorRecord = typeof operators.$inferSelect;

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
 * Operators management: owners manage everyone, tenant admins the non-owners whose tenants are
 * all theirs. Listing, creating (with a one-time password), role and tenants, disabling, and
 * resetting a password or TOTP; every change audited with before and after.
 */
export function createAccessOperators(deps: {
  db: Db;
  clock: Clock;
  operators: OperatorService;
  common: AccessCommon;
}) {
  const { db, clock, operators: service } = deps;
  const { tenantOf, revokeSessions } = deps.common;

  /** Whether `actor` may see and change `target` (owner: anyone; tenant admin: see above). */
  function manages(actor: OperatorContext, target: OperatorRecord): boolean {
    if (actor.tenantIds === null) return true;
    if (target.role === 'owner' || target.tenantIds.length === 0) return false;
    return target.tenantIds.every((id) => actor.tenantIds?.includes(id));
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

  return {
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
