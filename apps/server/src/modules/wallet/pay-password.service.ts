import type { Language } from '@dramastar/contract';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { payPasswords } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { EmailCodeService } from '../auth/email-code.service.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SessionUser } from '../auth/session.service.js';
import type { UserService } from '../user/user.service.js';

export const PAY_PASSWORD_MAX_TRIES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;

/**
 * The payment password asked before money leaves a wallet: 6 digits, set or reset with an e-mail
 * code, stored with argon2id. Five wrong tries lock it for 15 minutes.
 */
export function createPayPasswordService(
  db: Db,
  clock: Clock,
  deps: { codes: EmailCodeService; users: UserService },
) {
  async function row(userId: bigint) {
    const [found] = await db.select().from(payPasswords).where(eq(payPasswords.userId, userId));
    return found;
  }

  const lockedUntil = (r: { lockedUntil: Date | null } | undefined) =>
    r?.lockedUntil && r.lockedUntil > clock.now() ? r.lockedUntil : null;

  async function status(userId: bigint) {
    const found = await row(userId);
    return { exists: found !== undefined, lockedUntil: lockedUntil(found)?.toISOString() ?? null };
  }

  return {
    status,

    async sendCode(user: SessionUser, ip: string, lang: Language) {
      const { email, tenantId } = await deps.users.row(db, user.userId);
      if (!email) throw new AppError('EmailRequired');
      return { email, ...(await deps.codes.send({ tenantId, email, purpose: 'paypass', ip, lang })) };
    },

    async set(user: SessionUser, body: { password: string; verifyCode: string }) {
      const { email, tenantId } = await deps.users.row(db, user.userId);
      if (!email) throw new AppError('EmailRequired');
      const codeId = await deps.codes.check({ tenantId, email, purpose: 'paypass', code: body.verifyCode });
      const hash = await hashPassword(body.password);
      await withTransaction(db, async (tx) => {
        await deps.codes.consume(tx, codeId);
        const values = { hash, failedAttempts: 0, lockedUntil: null, updatedAt: clock.now() };
        await tx
          .insert(payPasswords)
          .values({ userId: user.userId, ...values })
          .onConflictDoUpdate({ target: payPasswords.userId, set: values });
      });
      return status(user.userId);
    },

    /**
     * Checks the payment password before money moves: PaymentPasswordNotSet, PayPasswordLocked or
     * WrongPaymentPassword (the wrong try is counted at once, whatever happens to the request).
     */
    async verify(userId: bigint, password: string): Promise<void> {
      const found = await row(userId);
      if (!found) throw new AppError('PaymentPasswordNotSet');
      const locked = lockedUntil(found);
      const minutesLeft = (until: Date) => Math.ceil((until.getTime() - clock.now().getTime()) / 60_000);
      if (locked) throw new AppError('PayPasswordLocked', { params: { minutes: minutesLeft(locked) } });
      if (await verifyPassword(found.hash, password)) {
        if (found.failedAttempts > 0) {
          await db.update(payPasswords).set({ failedAttempts: 0 }).where(eq(payPasswords.userId, userId));
        }
        return;
      }
      const until = new Date(clock.now().getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000);
      const [after] = await db
        .update(payPasswords)
        .set({
          failedAttempts: sql`${payPasswords.failedAttempts} + 1`,
          lockedUntil: sql`case when ${payPasswords.failedAttempts} + 1 >= ${PAY_PASSWORD_MAX_TRIES} then ${until}::timestamptz else null end`,
        })
        .where(eq(payPasswords.userId, userId))
        .returning({ lockedUntil: payPasswords.lockedUntil });
      if (after?.lockedUntil) {
        // The lock starts now; the next try waits for it to end (a fresh count).
        await db.update(payPasswords).set({ failedAttempts: 0 }).where(eq(payPasswords.userId, userId));
        throw new AppError('PayPasswordLocked', { params: { minutes: PAY_PASSWORD_LOCK_MINUTES } });
      }
      throw new AppError('WrongPaymentPassword', { field: 'password' });
    },
  };
}

export type PayPasswordService = ReturnType<typeof createPayPasswordService>;
