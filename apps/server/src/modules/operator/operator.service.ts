import { type OperatorInfo, type OperatorRole, OPERATOR_ROLES } from '@dramastar/contract';
import { and, count, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditLog, operators, operatorSessions } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256Hex } from '../../security.js';
import { hashPassword, verifyPassword } from '../auth/password.js';

export const OPERATOR_MAX_FAILED_LOGINS = 5;
export const OPERATOR_LOCK_MINUTES = 15;
export const OPERATOR_SESSION_HOURS = 12;

/** The operator behind a console call. `tenantIds` null: every tenant (owner). */
export interface OperatorContext {
  id: bigint;
  username: string;
  role: OperatorRole;
  tenantIds: string[] | null;
  mustChangePassword: boolean;
  tokenHash: string;
}

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
 * Operators (console users, not app users): argon2id passwords, a lock after repeated failures,
 * revocable bearer sessions, and the audit log every changing action writes to.
 */
export function createOperatorService(db: Db, clock: Clock) {
  function info(row: typeof operators.$inferSelect): OperatorInfo {
    return {
      id: String(row.id),
      username: row.username,
      role: row.role as OperatorRole,
      tenantIds: row.role === 'owner' ? [] : row.tenantIds,
      mustChangePassword: row.mustChangePassword,
    };
  }

  return {
    info,

    /** Creates an operator; answers null when the user name is taken. */
    async create(input: {
      username: string;
      password: string;
      role: OperatorRole;
      tenantIds?: string[];
      mustChangePassword?: boolean;
    }) {
      if (!OPERATOR_ROLES.includes(input.role)) throw new Error(`unknown role ${input.role}`);
      const [row] = await db
        .insert(operators)
        .values({
          username: input.username.trim().toLowerCase(),
          passwordHash: await hashPassword(input.password),
          role: input.role,
          tenantIds: input.tenantIds ?? [],
          mustChangePassword: input.mustChangePassword ?? false,
          failedLogins: 0,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      return row ? info(row) : null;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(operators);
      return row?.n ?? 0;
    },

    async login(username: string, password: string) {
      const now = clock.now();
      const [row] = await db
        .select()
        .from(operators)
        .where(eq(operators.username, username.trim().toLowerCase()));
      if (row?.lockedUntil && row.lockedUntil > now) {
        const minutes = Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 60_000);
        throw new AppError('OperatorLocked', { params: { minutes } });
      }
      const ok = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !ok || row.disabledAt) {
        if (row) {
          const failed = row.failedLogins + 1;
          await db
            .update(operators)
            .set({
              failedLogins: failed >= OPERATOR_MAX_FAILED_LOGINS ? 0 : failed,
              lockedUntil:
                failed >= OPERATOR_MAX_FAILED_LOGINS
                  ? new Date(now.getTime() + OPERATOR_LOCK_MINUTES * 60_000)
                  : null,
            })
            .where(eq(operators.id, row.id));
        }
        throw new AppError('WrongOperatorLogin');
      }
      if (row.failedLogins > 0)
        await db.update(operators).set({ failedLogins: 0 }).where(eq(operators.id, row.id));
      const token = randomToken();
      await db.insert(operatorSessions).values({
        tokenHash: sha256Hex(token),
        operatorId: row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000),
      });
      return { token, operator: info(row) };
    },

    async resolve(token: string): Promise<OperatorContext | null> {
      const tokenHash = sha256Hex(token);
      const [row] = await db
        .select({ operator: operators })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, clock.now()),
            isNull(operators.disabledAt),
          ),
        );
      if (!row) return null;
      const o = row.operator;
      return {
        id: o.id,
        username: o.username,
        role: o.role as OperatorRole,
        tenantIds: o.role === 'owner' ? null : o.tenantIds,
        mustChangePassword: o.mustChangePassword,
        tokenHash,
      };
    },

    async logout(op: OperatorContext) {
      await db
        .update(operatorSessions)
        .set({ revokedAt: clock.now() })
        .where(eq(operatorSessions.tokenHash, op.tokenHash));
    },

    /** Writes one audit entry, in the transaction of the change it records. */
    async audit(tx: DbOrTx, op: OperatorContext, entry: AuditInput) {
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
    },

    async auditList(filter: {
      tenantIds: string[] | null;
      tenantId?: string | undefined;
      action?: string | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.tenantIds) conditions.push(inArray(auditLog.tenantId, filter.tenantIds));
      if (filter.tenantId) conditions.push(eq(auditLog.tenantId, filter.tenantId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      const where = and(...conditions);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize);
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
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
        total: total?.n ?? 0,
      };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/** Roles allowed to run finance (recharges, withdrawals, ledger). */
export const FINANCE_ROLES: readonly OperatorRole[] = ['owner', 'tenant_admin', 'finance'];

/** 403 unless the operator's role is one of `roles`. */
export function requireRole(op: OperatorContext, roles: readonly OperatorRole[]): void {
  if (!roles.includes(op.role)) throw new AppError('Forbidden');
}

/** The tenants a list may show: the operator's, narrowed to one when asked (403 outside them). */
export function tenantScope(op: OperatorContext, tenantId: string | undefined): string[] | null {
  if (tenantId === undefined) return op.tenantIds;
  if (op.tenantIds && !op.tenantIds.includes(tenantId)) throw new AppError('Forbidden');
  return [tenantId];
}
