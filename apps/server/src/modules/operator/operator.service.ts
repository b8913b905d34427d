import { type OperatorInfo, type OperatorRole, OPERATOR_ROLES, totpRequiredFor } from '@dramastar/contract';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { onePage } from '../../db/paging.js';
import { containsPattern } from '../../db/like.js';
import { auditLog, operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256Hex } from '../../security.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { verifyTotp } from './totp.js';
import type { OperatorContext } from '../../http/actors.js';

export type { OperatorContext };

export const OPERATOR_MAX_FAILED_LOGINS = 5;
export const OPERATOR_LOCK_MINUTES = 15;
export const OPERATOR_SESSION_HOURS = 12;
/** A console session unused this long ends (every open tab of it signs out). */
export const OPERATOR_IDLE_MINUTES = 30;
/** A session's `last_seen_at` is written at most this often. */
export const OPERATOR_LAST_SEEN_EVERY_MS = 60_000;

/** Where a sign-in came from, kept on its session. */
export interface SessionMeta {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

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

/** The stored form of a recovery code: SHA-256 of the code without case, spaces or dashes. */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.replace(/[\s-]/g, '').toLowerCase());
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
export function createOperatorService(db: Db, clock: Clock, options: { idleMinutes?: number } = {}) {
  const idleMs = (options.idleMinutes ?? OPERATOR_IDLE_MINUTES) * 60_000;
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

  /**
   * Claims one sign-in try for `username` before its password is verified: a conditional update
   * (the 5th try also starts the lock; a lock that has ended starts a fresh count), so concurrent
   * tries on any number of instances verify at most 5 passwords before the lock. Undefined when
   * the operator is locked or unknown.
   */
  async function claimTry(username: string, now: Date) {
    const until = new Date(now.getTime() + OPERATOR_LOCK_MINUTES * 60_000);
    const tries = sql`case when ${operators.lockedUntil} is null then ${operators.failedLogins} + 1 else 1 end`;
    const [row] = await db
      .update(operators)
      .set({
        failedLogins: tries,
        lockedUntil: sql`case when ${tries} >= ${OPERATOR_MAX_FAILED_LOGINS} then ${until}::timestamptz else null end`,
      })
      .where(
        and(
          eq(operators.username, username),
          or(isNull(operators.lockedUntil), lte(operators.lockedUntil, now)),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Gives back the claimed try `n` as if the tries had run in sequence: `cleared` (a sign-in) also
   * clears the tries claimed before it, otherwise (the password was right, the TOTP code is asked
   * next) only this one is given back. Later tries still count; fewer than 5, so no lock stands.
   */
  async function giveBack(id: bigint, n: number, cleared: boolean) {
    await db
      .update(operators)
      .set({
        failedLogins: sql`greatest(0, ${operators.failedLogins} - ${cleared ? n : 1})`,
        lockedUntil: null,
      })
      .where(eq(operators.id, id));
  }

  /** Records that a TOTP step was used; false when it (or a later one) already was. */
  async function claimTotpStep(tx: DbOrTx, operatorId: bigint, step: number): Promise<boolean> {
    const rows = await tx
      .update(operators)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(operators.id, operatorId),
          or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
        ),
      )
      .returning({ id: operators.id });
    return rows.length > 0;
  }

  /**
   * Claims one unused recovery code of the operator: one conditional update, so two sign-ins
   * racing with the same code cannot both pass. Answers the codes left, or null when none matched.
   */
  async function claimRecoveryCode(operatorId: bigint, code: string, now: Date): Promise<number | null> {
    const claimed = await db
      .update(operatorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(operatorRecoveryCodes.operatorId, operatorId),
          eq(operatorRecoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: operatorRecoveryCodes.id });
    if (claimed.length === 0) return null;
    const [left] = await db
      .select({ n: count() })
      .from(operatorRecoveryCodes)
      .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
    return left?.n ?? 0;
  }

  /**
   * A sign-in or a failed one in the audit log: who (the operator when the name is known), from
   * where, and why it failed. Never the password or the code typed.
   */
  async function auditSignIn(
    row: Pick<typeof operators.$inferSelect, 'id' | 'username' | 'role' | 'tenantIds'> | undefined,
    action: 'operator.sign_in' | 'operator.sign_in_failed',
    detail: { method?: string; reason?: string; recoveryCodesLeft?: number },
    meta: SessionMeta,
  ) {
    await db.insert(auditLog).values({
      operatorId: row?.id ?? 0n,
      operatorName: row?.username ?? 'unknown',
      tenantId: row && row.role !== 'owner' ? (row.tenantIds[0] ?? null) : null,
      action,
      target: row ? `operator:${row.username}` : 'operator:unknown',
      before: null,
      after: auditable({
        ...(detail.method ? { method: detail.method } : {}),
        ...(detail.recoveryCodesLeft !== undefined ? { recoveryCodesLeft: detail.recoveryCodesLeft } : {}),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 200) ?? null,
      }),
      reason: detail.reason ?? null,
      createdAt: clock.now(),
    });
  }

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

    /**
     * Password, then (when enrolled) the TOTP code: none answers 409 `TotpRequired`, a wrong or
     * replayed one counts as a failed sign-in. The session keeps the user agent and address.
     */
    async login(
      input: {
        username: string;
        password: string;
        totpCode?: string | undefined;
        recoveryCode?: string | undefined;
      },
      meta: SessionMeta = {},
    ) {
      const username = input.username.trim().toLowerCase();
      const now = clock.now();
      const row = await claimTry(username, now);
      /** Refuses the sign-in and records the refusal (never what was typed). */
      const fail = async (error: AppError, reason: string, known = row): Promise<never> => {
        await auditSignIn(known, 'operator.sign_in_failed', { reason }, meta);
        throw error;
      };
      if (!row) {
        const [locked] = await db.select().from(operators).where(eq(operators.username, username));
        if (locked) {
          const left = (locked.lockedUntil ?? now).getTime() - now.getTime();
          return fail(
            new AppError('OperatorLocked', {
              params: { minutes: Math.max(1, Math.ceil(left / 60_000)) },
            }),
            'locked after repeated failed sign-ins',
            locked,
          );
        }
        await verifyPassword(null, input.password); // the same time as a wrong password
        return fail(new AppError('WrongOperatorLogin'), 'unknown user name');
      }
      const ok = await verifyPassword(row.passwordHash, input.password);
      if (!ok) return fail(new AppError('WrongOperatorLogin'), 'wrong password');
      if (row.disabledAt) return fail(new AppError('WrongOperatorLogin'), 'account disabled');
      let method = 'password';
      let recoveryCodesLeft: number | undefined;
      if (row.totpEnabledAt && row.totpSecret) {
        if (input.recoveryCode && !input.totpCode) {
          // A recovery code stands in for the authenticator: claimed once, atomically.
          const left = await claimRecoveryCode(row.id, input.recoveryCode, now);
          if (left === null)
            return fail(new AppError('WrongRecoveryCode', { field: 'recoveryCode' }), 'wrong recovery code');
          method = 'recovery code';
          recoveryCodesLeft = left;
        } else {
          if (!input.totpCode) {
            await giveBack(row.id, row.failedLogins, false);
            throw new AppError('TotpRequired');
          }
          const step = verifyTotp(row.totpSecret, input.totpCode, now, row.totpLastStep);
          // The step is claimed atomically: two sign-ins racing with one code cannot both pass.
          const claimed = step !== null && (await claimTotpStep(db, row.id, step));
          if (!claimed) return fail(new AppError('WrongTotpCode'), 'wrong authenticator code');
          method = 'password and authenticator code';
        }
      }
      await giveBack(row.id, row.failedLogins, true);
      await auditSignIn(
        row,
        'operator.sign_in',
        { method, ...(recoveryCodesLeft !== undefined ? { recoveryCodesLeft } : {}) },
        meta,
      );
      const token = randomToken();
      await db.insert(operatorSessions).values({
        tokenHash: sha256Hex(token),
        operatorId: row.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000),
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip?.slice(0, 45) ?? null,
        lastSeenAt: now,
      });
      return { token, operator: info(row) };
    },

    claimTotpStep,

    /**
     * Asks the signed-in operator for its authenticator code again before a sensitive change
     * (where users pay, a payment provider's keys): none answers 409 `TotpRequired`, a wrong or
     * replayed one 409 `WrongTotpCode` (field `totpCode`) and counts as a failed sign-in try, so
     * guessing locks the account as it would at sign-in (`OperatorLocked`).
     */
    async confirmTotp(op: OperatorContext, code: string | undefined): Promise<void> {
      if (!code) throw new AppError('TotpRequired', { field: 'totpCode' });
      const now = clock.now();
      const row = await claimTry(op.username, now);
      if (!row) throw new AppError('OperatorLocked', { params: { minutes: OPERATOR_LOCK_MINUTES } });
      if (!row.totpEnabledAt || !row.totpSecret) {
        await giveBack(row.id, row.failedLogins, false);
        throw new AppError('TotpEnrolmentRequired');
      }
      const step = verifyTotp(row.totpSecret, code, now, row.totpLastStep);
      const claimed = step !== null && (await claimTotpStep(db, row.id, step));
      if (!claimed) throw new AppError('WrongTotpCode', { field: 'totpCode' });
      await giveBack(row.id, row.failedLogins, false);
    },

    async resolve(token: string): Promise<OperatorContext | null> {
      const tokenHash = sha256Hex(token);
      const now = clock.now();
      const [row] = await db
        .select({ operator: operators, lastSeenAt: operatorSessions.lastSeenAt })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, tokenHash),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            isNull(operators.disabledAt),
          ),
        );
      if (!row) return null;
      // Idle too long: the session ends (revoked, so every tab holding it is signed out).
      if (row.lastSeenAt && now.getTime() - row.lastSeenAt.getTime() > idleMs) {
        await db
          .update(operatorSessions)
          .set({ revokedAt: now })
          .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
        return null;
      }
      if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= OPERATOR_LAST_SEEN_EVERY_MS) {
        await db
          .update(operatorSessions)
          .set({ lastSeenAt: now })
          .where(eq(operatorSessions.tokenHash, tokenHash));
      }
      const o = row.operator;
      return {
        id: o.id,
        username: o.username,
        role: o.role,
        tenantIds: o.role === 'owner' ? null : o.tenantIds,
        mustChangePassword: o.mustChangePassword,
        totpEnabled: o.totpEnabledAt !== null,
        tokenHash,
      };
    },

    async logout(op: OperatorContext) {
      await db
        .update(operatorSessions)
        .set({ revokedAt: clock.now() })
        .where(eq(operatorSessions.tokenHash, op.tokenHash));
    },

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

export type OperatorService = ReturnType<typeof createOperatorService>;

/** The tenants a list may show: the operator's, narrowed to one when asked (403 outside them). */
export function tenantScope(op: OperatorContext, tenantId: string | undefined): string[] | null {
  if (tenantId === undefined) return op.tenantIds;
  if (op.tenantIds && !op.tenantIds.includes(tenantId)) throw new AppError('Forbidden');
  return [tenantId];
}
