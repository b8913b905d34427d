import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { teamCounts, teamLinks } from '../../db/schema/index.js';

/**
 * Puts a user (with whatever team they already have) under an inviter in the closure table:
 * every ancestor of the inviter (and the inviter) becomes an ancestor of the user and of the
 * user's descendants, while the distance stays within five levels. Each ancestor's count at each
 * level grows by the links made, in the same statement (an upsert, so joins under the same
 * ancestor at once add up; rows are taken in one order, so two joins never deadlock on them).
 * Run in the transaction that binds the inviter.
 */
export async function linkToInviter(tx: DbOrTx, userId: bigint, inviterId: bigint): Promise<void> {
  await tx.execute(sql`
    with made as (
      insert into team_link (ancestor_id, descendant_id, depth, joined_at)
      select a.ancestor_id, d.descendant_id, a.depth + d.depth + 1, d.joined_at
      from (
        select ${inviterId}::bigint as ancestor_id, 0 as depth
        union all select ancestor_id, depth from team_link where descendant_id = ${inviterId}
      ) a
      cross join (
        select id as descendant_id, 0 as depth, created_at as joined_at from app_user where id = ${userId}
        union all select descendant_id, depth, joined_at from team_link where ancestor_id = ${userId}
      ) d
      where a.depth + d.depth + 1 <= 5
      on conflict do nothing
      returning ancestor_id, depth
    )
    insert into team_count (ancestor_id, depth, members)
    select ancestor_id, depth, count(*)::int from made group by ancestor_id, depth order by ancestor_id, depth
    on conflict (ancestor_id, depth) do update set members = team_count.members + excluded.members`);
}

/** A user's members at each level (1-5), from the counts linkToInviter keeps. */
export async function levelCounts(db: DbOrTx, userId: bigint): Promise<Map<number, number>> {
  const rows = await db
    .select({ depth: teamCounts.depth, members: teamCounts.members })
    .from(teamCounts)
    .where(eq(teamCounts.ancestorId, userId));
  return new Map(rows.map((r) => [r.depth, r.members]));
}

/** Whether `memberId` is in `userId`'s team (within five levels). */
export async function inTeam(db: DbOrTx, userId: bigint, memberId: bigint): Promise<boolean> {
  const [link] = await db
    .select({ depth: teamLinks.depth })
    .from(teamLinks)
    .where(and(eq(teamLinks.ancestorId, userId), eq(teamLinks.descendantId, memberId)));
  return link !== undefined;
}

/** The user's uplines, nearest first: the inviter at depth 1, up to five levels. */
export async function uplines(db: DbOrTx, userId: bigint): Promise<{ id: bigint; depth: number }[]> {
  return db
    .select({ id: teamLinks.ancestorId, depth: teamLinks.depth })
    .from(teamLinks)
    .where(eq(teamLinks.descendantId, userId))
    .orderBy(asc(teamLinks.depth));
}
