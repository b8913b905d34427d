import { ROLES } from '@dramastar/contract';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type Batch, batchWhere } from '../../db/paging.js';
import { auditLog, operators } from '../../db/schema/index.js';

/**
 * The operator module's answers about operators for the other modules and the console (which do
 * not read its tables themselves: scripts/table-owners.mjs).
 */

/** Every operator's name, role, two-factor and whether disabled, by name (the deployment doctor's view). */
export function operatorRoster(db: DbOrTx) {
  return db
    .select({
      username: operators.username,
      role: operators.role,
      totpEnabledAt: operators.totpEnabledAt,
      disabledAt: operators.disabledAt,
    })
    .from(operators)
    .orderBy(operators.username);
}

/** The user names of the operators of `ids` (one query), by id; unknown ids are not in the map. */
export async function operatorNames(db: DbOrTx, ids: readonly bigint[]): Promise<Map<bigint, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(inArray(operators.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** The operators in a support role who are not disabled, by name, with the tenants they hold. */
export function supportOperators(db: DbOrTx) {
  return db
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      tenantIds: operators.tenantIds,
    })
    .from(operators)
    .where(and(isNull(operators.disabledAt), inArray(operators.role, [...ROLES.support])))
    .orderBy(asc(operators.username));
}

/** An operator's role, tenants and whether disabled, or undefined when unknown. */
export async function operatorAccess(db: DbOrTx, id: bigint) {
  const [row] = await db
    .select({
      id: operators.id,
      role: operators.role,
      tenantIds: operators.tenantIds,
      disabledAt: operators.disabledAt,
    })
    .from(operators)
    .where(eq(operators.id, id));
  return row;
}

/** A batch of the audit log by id, filtered on when the actions were taken (an export's read). */
export function auditBatch(db: DbOrTx, batch: Batch) {
  const a = auditLog;
  return db
    .select()
    .from(a)
    .where(batchWhere(batch, { id: a.id, tenantId: a.tenantId, time: a.createdAt }))
    .orderBy(asc(a.id))
    .limit(batch.size);
}

/** The latest audit entry of `action` on `target` (e.g. `user:42`), or undefined. */
export async function lastAudit(db: DbOrTx, target: string, action: string) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, target), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row;
}
