import type { OperatorInfo } from '@dramastar/contract';
import { and, count, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { auditLog, operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { randomToken, sha256Hex } from '../../security.js';
import { verifyPassword } from '../auth/password.js';
import { auditable } from './operator-audit.service.js';
import { verifyTotp } from './totp.js';
import type { OperatorContext } from '../../http/actors.js';

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

/** The stored form of a recovery code: SHA-256 of the code without case, spaces or dashes. */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.replace(/[\s-]/g, '').toLowerCase());
}

/**
 * Signing in and out of the console: argon2id passwords, a lock after repeated failures, TOTP or
 * a recovery code when enrolled, and revocable bearer sessions that end when idle for `idleMs`.
 */
export function createOperatorSignIn(deps: {
  db: Db;
  clock: Clock;
  idleMs: number;
  info: (row: typeof operators.$inferSelect) => OperatorInfo;
}) {
  const { db, clock, idleMs, info } = deps;

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

  return {
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
  };
}
