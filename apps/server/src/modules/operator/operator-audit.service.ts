import { and, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { onePage } from '../../db/paging.js';
import { containsPattern } from '../../db/like.js';
import { auditLog } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { OperatorContext } from '../../http/actors.js';

export interface AuditInput {
  tenantId: string | null;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** JSON-safe copy of a row (bigints and dates as strings) for the audit log. */
export function auditable(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as unknown;
}

/**
 * The audit log: every changing action of an operator writes one entry in the change's
 * transaction; the console lists them by tenant, action, operator, target and time.
 */
export function createOperatorAudit(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Writes one audit entry, in the transaction of the change it records. */
  async function audit(tx: DbOrTx, op: OperatorContext, entry: AuditInput) {
    await tx.insert(auditLog).values({
      operatorId: op.id,
      operatorName: op.username,
      tenantId: entry.tenantId,
      action: entry.action,
      target: entry.target,
      before: entry.before === undefined ? null : auditable(entry.before),
      after: entry.after === undefined ? null : auditable(entry.after),
      reason: entry.reason ?? null,
      createdAt: clock.now(),
    });
  }

  return {
    /**
     * An operator's change and its audit entry in one transaction, both or neither: `change` runs
     * in the transaction (retried as a whole on a serialization failure), `entry` names what it
     * made (null: nothing changed, nothing to record). Answers what `change` answered.
     */
    async audited<R>(
      op: OperatorContext,
      change: (tx: Tx) => Promise<R>,
      entry: (made: R) => AuditInput | null,
    ): Promise<R> {
      return withTransaction(db, async (tx) => {
        const made = await change(tx);
        const record = entry(made);
        if (record) await audit(tx, op, record);
        return made;
      });
    },

    audit,

    /** The distinct actions of the audit log within `tenantIds` (null = all). */
    async auditActions(tenantIds: string[] | null): Promise<string[]> {
      const rows = await db
        .selectDistinct({ action: auditLog.action })
        .from(auditLog)
        .where(tenantIds ? inArray(auditLog.tenantId, tenantIds) : undefined)
        .orderBy(auditLog.action);
      return rows.map((r) => r.action);
    },

    async auditList(filter: {
      tenantIds: string[] | null;
      tenantId?: string | undefined;
      action?: string | undefined;
      operator?: string | undefined;
      target?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const from = filter.from ? new Date(filter.from) : undefined;
      const to = filter.to ? new Date(filter.to) : undefined;
      if (from && to && to <= from) throw new AppError('ValidationFailed', { status: 400, field: 'to' });
      const conditions: SQL[] = [];
      if (from) conditions.push(gte(auditLog.createdAt, from));
      if (to) conditions.push(lt(auditLog.createdAt, to));
      if (filter.tenantIds) conditions.push(inArray(auditLog.tenantId, filter.tenantIds));
      if (filter.tenantId) conditions.push(eq(auditLog.tenantId, filter.tenantId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.operator) conditions.push(eq(auditLog.operatorName, filter.operator));
      if (filter.target) conditions.push(ilike(auditLog.target, containsPattern(filter.target)));
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .$dynamic(),
        filter,
        { from: auditLog, where },
      );
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          operator: r.operatorName,
          tenantId: r.tenantId,
          action: r.action,
          target: r.target,
          before: r.before,
          after: r.after,
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}
