import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authTickets, captchas, emailCodes, rateLimits, sessions } from '../../db/schema/index.js';

/**
 * The auth module's answers about its tables for the jobs and the console (which do not read them
 * themselves: scripts/table-owners.mjs).
 */

/**
 * Deletes what ended before `before`: e-mail codes, captchas and tickets past their expiry,
 * sessions expired or revoked, rate-limit windows started. How many rows went. Idempotent.
 */
export async function purgeEnded(db: DbOrTx, before: Date): Promise<number> {
  const counts = await Promise.all([
    db.delete(emailCodes).where(lt(emailCodes.expiresAt, before)).returning({ id: emailCodes.id }),
    db.delete(captchas).where(lt(captchas.expiresAt, before)).returning({ id: captchas.id }),
    db.delete(authTickets).where(lt(authTickets.expiresAt, before)).returning({ id: authTickets.id }),
    db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, before),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before)),
        ),
      )
      .returning({ id: sessions.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, before)).returning({ key: rateLimits.key }),
  ]);
  return counts.reduce((sum, rows) => sum + rows.length, 0);
}
