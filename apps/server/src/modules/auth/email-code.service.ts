import { randomBytes, randomInt } from 'node:crypto';
import { APP_NAME, type EmailCodePurpose, type Language } from '@dramastar/contract';

/** What a code is for: the public purposes, and `paypass` (signed-in users only). */
export type CodePurpose = EmailCodePurpose | 'paypass';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { emailCodes } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { sameHex, sha256Hex } from '../../security.js';
import type { Mailer } from '../mail/mailer.js';

export const CODE_TTL_SECONDS = 600;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_WRONG_TRIES = 5;
/** Code requests per address and per client IP, per hour. */
const SENDS_PER_ADDRESS_PER_HOUR = 10;
export const SENDS_PER_IP_PER_HOUR = 30;

const hashCode = (salt: string, code: string) => sha256Hex(`${salt}:${code}`);

const SUBJECT: Record<Language, string> = {
  en: `Your ${APP_NAME} code`,
  vn: `Mã ${APP_NAME} của bạn`,
  id: `Kode ${APP_NAME} Anda`,
};
const BODY: Record<Language, (code: string) => string> = {
  en: (c) =>
    `Your verification code is ${c}. It works once, for 10 minutes. If you did not ask for it, ignore this e-mail.`,
  vn: (c) =>
    `Mã xác minh của bạn là ${c}. Mã chỉ dùng một lần, trong 10 phút. Nếu bạn không yêu cầu, hãy bỏ qua e-mail này.`,
  id: (c) =>
    `Kode verifikasi Anda ${c}. Kode hanya berlaku sekali, selama 10 menit. Jika Anda tidak memintanya, abaikan e-mail ini.`,
};

export function createEmailCodeService(db: Db, clock: Clock, mailer: Mailer, limiter: RateLimiter) {
  /** Stores a new code and mails it; an undelivered code is deleted (ServiceUnavailable). */
  async function deliver(
    input: { tenantId: string; email: string; purpose: CodePurpose; lang: Language },
    now: Date,
  ): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('hex');
    const [row] = await db
      .insert(emailCodes)
      .values({
        tenantId: input.tenantId,
        email: input.email,
        purpose: input.purpose,
        codeHash: hashCode(salt, code),
        salt,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      })
      .returning({ id: emailCodes.id });
    try {
      await mailer.send({
        to: input.email,
        subject: SUBJECT[input.lang],
        text: BODY[input.lang](code),
        code,
      });
    } catch (error) {
      if (row) await db.delete(emailCodes).where(eq(emailCodes.id, row.id));
      throw new AppError('ServiceUnavailable', { cause: error });
    }
  }

  return {
    /**
     * Counts one code request from a client address (30 an hour; `client` is clientAddress(req)),
     * before anything is looked up, so answers that tell whether an address is registered are
     * limited too.
     */
    async limitClient(client: string): Promise<void> {
      await limiter.hit(`code:ip:${client}`, SENDS_PER_IP_PER_HOUR, 3600);
    },

    /**
     * Sends a fresh 6-digit code (secure random) for one address and purpose. Refused within
     * 60 s of the previous code (429 ResendTooSoon: the send slot is claimed atomically, so
     * concurrent requests on any number of instances send one code) and beyond 10 an hour per
     * address (429).
     */
    async send(input: {
      tenantId: string;
      email: string;
      purpose: CodePurpose;
      lang: Language;
    }): Promise<{ expiresInSeconds: number; resendInSeconds: number }> {
      const now = clock.now();
      const slot = `code:resend:${input.tenantId}:${input.purpose}:${input.email}`;
      const wait = await limiter.claim(slot, RESEND_AFTER_SECONDS);
      if (wait > 0)
        throw new AppError('ResendTooSoon', { params: { seconds: wait }, data: { resendInSeconds: wait } });
      try {
        await limiter.hit(`code:to:${input.email}`, SENDS_PER_ADDRESS_PER_HOUR, 3600);
        await deliver(input, now);
      } catch (error) {
        // Not sent: the slot must not block a retry for a minute.
        await limiter.release(slot, now);
        throw error;
      }
      return { expiresInSeconds: CODE_TTL_SECONDS, resendInSeconds: RESEND_AFTER_SECONDS };
    },
    /**
     * Checks a code without using it up. Each try claims one of the code's 5 tries atomically
     * before the comparison (a conditional update, committed on its own), so concurrent guesses on
     * any number of instances compare at most 5 times; a right code gives its try back. After 5
     * wrong tries the code is dead, the right one too. Returns the code's id for `consume` in the
     * transaction that acts on it.
     */
    async check(input: {
      tenantId: string;
      email: string;
      purpose: CodePurpose;
      code: string;
    }): Promise<bigint> {
      const now = clock.now();
      const [row] = await db
        .select({ id: emailCodes.id, expiresAt: emailCodes.expiresAt })
        .from(emailCodes)
        .where(
          and(
            eq(emailCodes.tenantId, input.tenantId),
            eq(emailCodes.email, input.email),
            eq(emailCodes.purpose, input.purpose),
            isNull(emailCodes.consumedAt),
          ),
        )
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      if (!row) throw new AppError('WrongEmailCode', { field: 'verifyCode' });
      if (row.expiresAt <= now) throw new AppError('EmailCodeExpired', { field: 'verifyCode' });
      const [claimed] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(and(eq(emailCodes.id, row.id), lt(emailCodes.attempts, MAX_WRONG_TRIES)))
        .returning({ attempts: emailCodes.attempts, codeHash: emailCodes.codeHash, salt: emailCodes.salt });
      if (!claimed) throw new AppError('TooManyWrongCodes', { field: 'verifyCode' });
      if (sameHex(claimed.codeHash, hashCode(claimed.salt, input.code))) {
        await db
          .update(emailCodes)
          .set({ attempts: sql`${emailCodes.attempts} - 1` })
          .where(eq(emailCodes.id, row.id));
        return row.id;
      }
      throw new AppError(claimed.attempts >= MAX_WRONG_TRIES ? 'TooManyWrongCodes' : 'WrongEmailCode', {
        field: 'verifyCode',
      });
    },

    /** Uses the code up inside the caller's transaction; a code used meanwhile refuses. */
    async consume(tx: DbOrTx, codeId: bigint): Promise<void> {
      const used = await tx
        .update(emailCodes)
        .set({ consumedAt: clock.now() })
        .where(and(eq(emailCodes.id, codeId), isNull(emailCodes.consumedAt)))
        .returning({ id: emailCodes.id });
      if (used.length === 0) throw new AppError('WrongEmailCode', { field: 'verifyCode' });
    },
  };
}

export type EmailCodeService = ReturnType<typeof createEmailCodeService>;
