import type { Language } from '@dramastar/contract';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { payPasswords } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { EmailCodeService } from '../auth/email-code.service.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SessionUser } from '../../http/actors.js';
import type { UserService } from '../user/user.service.js';

export const PAY_PASSWORD_MAX_TRIES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;
/** A lock younger than this may still be lifted by a right password being verified. */
const LOCK_SETTLES_MS = 5_000;
/** How long a try waits on such a lock before it is answered PayPasswordLocked. */
const LOCK_WAIT_MS = 3_000;

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

  /**
   * Claims one of the 5 tries (see verify). A lock set by a claim in the last few seconds may
   * only mean 5 tries are being verified at once, and a right one among them lifts it: such a
   * lock is waited on briefly (the claim asked again) before PayPasswordLocked is answered, so a
   * user paying several times at once with the right password is never told it is locked.
   */
  async function claimTry(userId: bigint) {
    const started = Date.now();
    for (let wait = 50; ; wait = Math.min(wait * 2, 400)) {
      const now = clock.now();
      const until = new Date(now.getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000);
      // A lock that has ended starts a fresh count.
      const tries = sql`case when ${payPasswords.lockedUntil} is null then ${payPasswords.failedAttempts} + 1 else 1 end`;
      const [claimed] = await db
        .update(payPasswords)
        .set({
          failedAttempts: tries,
          lockedUntil: sql`case when ${tries} >= ${PAY_PASSWORD_MAX_TRIES} then ${until}::timestamptz else null end`,
        })
        .where(
          and(
            eq(payPasswords.userId, userId),
            or(isNull(payPasswords.lockedUntil), lte(payPasswords.lockedUntil, now)),
          ),
        )
        .returning({ hash: payPasswords.hash, failedAttempts: payPasswords.failedAttempts });
      if (claimed) return claimed;
      const found = await row(userId);
      if (!found) throw new AppError('PaymentPasswordNotSet');
      const lockedAt = (found.lockedUntil ?? until).getTime() - PAY_PASSWORD_LOCK_MINUTES * 60_000;
      const fresh = now.getTime() - lockedAt < LOCK_SETTLES_MS;
      if (!fresh || Date.now() - started + wait > LOCK_WAIT_MS) {
        const left = (found.lockedUntil ?? until).getTime() - now.getTime();
        throw new AppError('PayPasswordLocked', {
          params: { minutes: Math.max(1, Math.ceil(left / 60_000)) },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  return {
    status,

    /** `client` is clientAddress(req): code requests are limited per client address. */
    async sendCode(user: SessionUser, client: string, lang: Language) {
      const { email, tenantId } = await deps.users.row(db, user.userId);
      if (!email) throw new AppError('EmailRequired');
      await deps.codes.limitClient(client);
      return { email, ...(await deps.codes.send({ tenantId, email, purpose: 'paypass', lang })) };
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
     * WrongPaymentPassword. Each try first claims one of the 5 tries atomically (a conditional
     * update, committed on its own; the 5th also starts the lock), so concurrent tries on any number
     * of instances verify at most 5 passwords before the lock; a right password clears the tries
     * claimed before it.
     */
    async verify(userId: bigint, password: string): Promise<void> {
      const claimed = await claimTry(userId);
      if (await verifyPassword(claimed.hash, password)) {
        // As if in sequence: the tries claimed up to this one are cleared, later ones still count
        // (they are fewer than 5, so no lock stands).
        await db
          .update(payPasswords)
          .set({
            failedAttempts: sql`greatest(0, ${payPasswords.failedAttempts} - ${claimed.failedAttempts})`,
            lockedUntil: null,
          })
          .where(eq(payPasswords.userId, userId));
        return;
      }
      if (claimed.failedAttempts >= PAY_PASSWORD_MAX_TRIES)
        throw new AppError('PayPasswordLocked', { params: { minutes: PAY_PASSWORD_LOCK_MINUTES } });
      throw new AppError('WrongPaymentPassword', { field: 'password' });
    },
  };
}

export type PayPasswordService = ReturnType<typeof createPayPasswordService>;
