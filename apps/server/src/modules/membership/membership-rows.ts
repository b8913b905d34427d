import { STAR_TIERS } from '@dramastar/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type DayRange, type LocalDay, onLocalDay } from '../../db/days.js';
import { rowsOf } from '../../db/rows.js';
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

/** How many Star Cards the user bought (on the day `on`, or ever; not trials or grants): the card task's progress. */
export async function purchasedCardCount(db: DbOrTx, userId: bigint, on?: LocalDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(membershipCards)
    .where(
      and(
        eq(membershipCards.userId, userId),
        eq(membershipCards.source, 'purchase'),
        on ? onLocalDay(membershipCards.createdAt, on) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The users holding an active Star Card at `now` (not replaced by an upgrade), as a subquery of
 * user_id (a user may appear once per card): for a statement of another module over its own rows.
 */
export function starHolders(now: Date): SQL {
  const at = now.toISOString();
  const tiers = sql.join(
    STAR_TIERS.map((t) => sql`${t}`),
    sql`, `,
  );
  return sql`select user_id from membership_card where tier in (${tiers}) and replaced_at is null
    and starts_at <= ${at}::timestamptz and ends_at > ${at}::timestamptz`;
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

/**
 * How many users held a Star Card on each local day of `days` (days with none are absent): a card
 * counts on a day it was valid at some time of, until it ended or was replaced (a card replaced as
 * it began never counts). The console dashboard's active members.
 */
export function starHoldersPerDay(
  db: DbOrTx,
  tenantId: string,
  days: DayRange,
): Promise<{ day: string; n: number }[]> {
  const { from, to, timeZone } = days;
  const tiers = sql.raw(STAR_TIERS.map((t) => `'${t}'`).join(','));
  return rowsOf<{ day: string; n: number }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as day, count(distinct c.user_id)::int as n
        from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') d
        join membership_card c on c.tenant_id = ${tenantId} and c.tier in (${tiers})
          and c.starts_at < ((d + interval '1 day') at time zone ${timeZone})
          and least(c.ends_at, coalesce(c.replaced_at, c.ends_at)) > (d at time zone ${timeZone})
          and least(c.ends_at, coalesce(c.replaced_at, c.ends_at)) > c.starts_at
        group by 1`,
  );
}
