import {
  RECOVERY_CODE_COUNT,
  type OperatorInfo,
  type OperatorSession,
  totpRequiredFor,
} from '@dramastar/contract';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { AccessCommon } from './access-common.js';
import { recoveryCodeHash } from './operator-sign-in.service.js';
import type { OperatorContext, OperatorService } from './operator.service.js';
import { generateTotpSecret, otpauthUri, verifyTotp } from './totp.js';

/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = 'DramaStar';

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

/**
 * The signed-in operator's own access: its password, TOTP enrolment, recovery codes and sessions.
 */
export function createAccessAccount(deps: {
  db: Db;
  clock: Clock;
  operators: OperatorService;
  common: AccessCommon;
}) {
  const { db, clock, operators: service } = deps;
  const { tenantOf, revokeSessions } = deps.common;

  async function load(dbOrTx: Db | Tx, id: bigint): Promise<OperatorRecord | undefined> {
    const [row] = await dbOrTx.select().from(operators).where(eq(operators.id, id));
    return row;
  }

  async function me(tx: Db | Tx, op: OperatorContext): Promise<OperatorRecord> {
    const row = await load(tx, op.id);
    if (!row) throw new AppError('Unauthorized');
    return row;
  }

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
  };
}
