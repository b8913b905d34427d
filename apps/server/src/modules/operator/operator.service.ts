import { type OperatorInfo, type OperatorRole, OPERATOR_ROLES, totpRequiredFor } from '@dramastar/contract';
import { count } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { operators } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { hashPassword } from '../auth/password.js';
import { createOperatorAudit } from './operator-audit.service.js';
import { createOperatorSignIn, OPERATOR_IDLE_MINUTES } from './operator-sign-in.service.js';
import type { OperatorContext } from '../../http/actors.js';

export type { OperatorContext };
export { OPERATOR_LOCK_MINUTES, OPERATOR_MAX_FAILED_LOGINS } from './operator-sign-in.service.js';

/** The console's view of the operator behind a call (`/auth/me`). */
export function contextInfo(op: OperatorContext): OperatorInfo {
  return {
    id: String(op.id),
    username: op.username,
    role: op.role,
    tenantIds: op.tenantIds ?? [],
    mustChangePassword: op.mustChangePassword,
    totpEnabled: op.totpEnabled,
    totpRequired: totpRequiredFor(op.role),
  };
}

/**
 * Operators (console users, not app users), one object made of its parts: creating and counting
 * them here, signing in and out (operator-sign-in.service.ts) and the audit log every changing
 * action writes to (operator-audit.service.ts).
 */
export function createOperatorService(db: Db, clock: Clock, options: { idleMinutes?: number } = {}) {
  function info(row: typeof operators.$inferSelect): OperatorInfo {
    return {
      id: String(row.id),
      username: row.username,
      role: row.role,
      tenantIds: row.role === 'owner' ? [] : row.tenantIds,
      mustChangePassword: row.mustChangePassword,
      totpEnabled: row.totpEnabledAt !== null,
      totpRequired: totpRequiredFor(row.role),
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

    ...createOperatorSignIn({
      db,
      clock,
      idleMs: (options.idleMinutes ?? OPERATOR_IDLE_MINUTES) * 60_000,
      info,
    }),
    ...createOperatorAudit({ db, clock }),
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/** The tenants a list may show: the operator's, narrowed to one when asked (403 outside them). */
export function tenantScope(op: OperatorContext, tenantId: string | undefined): string[] | null {
  if (tenantId === undefined) return op.tenantIds;
  if (op.tenantIds && !op.tenantIds.includes(tenantId)) throw new AppError('Forbidden');
  return [tenantId];
}
