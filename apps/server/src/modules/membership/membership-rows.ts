import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { membershipCards, trialCards } from '../../db/schema/index.js';

/**
 * The membership module's answers about a user's cards for the console (which does not read its
 * tables itself: scripts/table-owners.mjs).
 */

/** Every Star Card the user has had, newest first. */
export function cardsOf(db: DbOrTx, userId: bigint) {
  return db
    .select()
    .from(membershipCards)
    .where(eq(membershipCards.userId, userId))
    .orderBy(desc(membershipCards.createdAt), desc(membershipCards.id));
}

/** Every trial card the user holds, newest first. */
export function trialCardsOf(db: DbOrTx, userId: bigint) {
  return db
    .select()
    .from(trialCards)
    .where(eq(trialCards.ownerId, userId))
    .orderBy(desc(trialCards.createdAt), desc(trialCards.id));
}

/** How many trial cards the user has given away. */
export async function trialCardsGiven(db: DbOrTx, userId: bigint): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trialCards).where(eq(trialCards.giverId, userId));
  return row?.n ?? 0;
}
