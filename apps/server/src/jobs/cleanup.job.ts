import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { DAY_MS } from '../clock.js';
import type { Db } from '../db/client.js';
import { authTickets, captchas, emailCodes, oauthStates, rateLimits, sessions } from '../db/schema/index.js';
import { purgePlayViews } from '../modules/catalog/play-views.js';

/**
 * Deletes what can never be used again: expired codes, captchas, tickets and OAuth states, ended
 * sessions, old rate-limit windows (a day after their end, for investigations), counted plays
 * past their 30 days (play-views.ts). Idempotent: two instances running it at once delete the
 * same rows once.
 */
export async function purgeExpired(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const counts = await Promise.all([
    db.delete(emailCodes).where(lt(emailCodes.expiresAt, dayAgo)).returning({ id: emailCodes.id }),
    db.delete(captchas).where(lt(captchas.expiresAt, dayAgo)).returning({ id: captchas.id }),
    db.delete(authTickets).where(lt(authTickets.expiresAt, dayAgo)).returning({ id: authTickets.id }),
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, dayAgo)).returning({ id: oauthStates.state }),
    db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, dayAgo),
          and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, dayAgo)),
        ),
      )
      .returning({ id: sessions.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgo)).returning({ key: rateLimits.key }),
  ]);
  const plays = await purgePlayViews(db, clock);
  return counts.reduce((sum, rows) => sum + rows.length, plays);
}
