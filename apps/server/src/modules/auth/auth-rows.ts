import { and, desc, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import { authTickets, captchas, emailCodes, sessions } from '../../db/schema/index.js';

/**
 * The auth module's answers about its tables for the jobs and the console (which do not read them
 * themselves: scripts/table-owners.mjs).
 */

export type SessionRow = typeof sessions.$inferSelect;

/** A page of the user's sessions, newest first. */
export function sessionPage(db: DbOrTx, userId: bigint, page: Page) {
  const where = eq(sessions.userId, userId);
  return onePage(
    db,
    db.select().from(sessions).where(where).orderBy(desc(sessions.createdAt), desc(sessions.id)).$dynamic(),
    page,
    { from: sessions, where },
  );
}

/** The session of `sessionId` when it is the user's, else undefined. */
export async function sessionOf(
  db: DbOrTx,
  userId: bigint,
  sessionId: bigint,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row;
}

/**
 * Deletes what ended before `before`: e-mail codes, captchas and tickets past their expiry,
 * sessions expired or revoked. How many rows went. Idempotent.
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
  ]);
  return counts.reduce((sum, rows) => sum + rows.length, 0);
}
