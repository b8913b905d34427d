import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type LocalDay, onLocalDay } from '../../db/days.js';
import { containsPattern } from '../../db/like.js';
import { pageClause, type Page } from '../../db/paging.js';
import { rowsOf } from '../../db/rows.js';
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

/** How many joined `userId`'s team (any of the five levels) on the day `on`. */
export async function joinedTeamOn(db: DbOrTx, userId: bigint, on: LocalDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamLinks)
    .where(and(eq(teamLinks.ancestorId, userId), onLocalDay(teamLinks.joinedAt, on)));
  return row?.n ?? 0;
}

/**
 * The teams of `ancestorIds` (five levels) as a subquery of (ancestor_id, descendant_id, depth), for
 * a statement of another module over its members' rows (the team's Star Card members, the leaders'
 * copyright purchases), which then needs no list of members in between.
 */
export function teamLinksOf(ancestorIds: readonly bigint[]): SQL {
  const ids =
    ancestorIds.length > 0
      ? sql.join(
          ancestorIds.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
  return sql`select ancestor_id, descendant_id, depth from team_link where ancestor_id in (${ids})`;
}

/** The tenant's largest teams (members within five levels): at most `limit`, largest first, ties by id. */
export async function largestTeams(
  db: DbOrTx,
  tenantId: string,
  limit: number,
): Promise<{ userId: bigint; size: number }[]> {
  const rows = await rowsOf<{ id: string; size: number }>(
    db,
    sql`select ancestor_id::text as id, count(*)::int as size from team_link l join app_user a on a.id = l.ancestor_id
        where a.tenant_id = ${tenantId} group by ancestor_id order by size desc, ancestor_id limit ${limit}`,
  );
  return rows.map((r) => ({ userId: BigInt(r.id), size: r.size }));
}

/** The user's uplines, nearest first: the inviter at depth 1, up to five levels. */
export async function uplines(db: DbOrTx, userId: bigint): Promise<{ id: bigint; depth: number }[]> {
  return db
    .select({ id: teamLinks.ancestorId, depth: teamLinks.depth })
    .from(teamLinks)
    .where(eq(teamLinks.descendantId, userId))
    .orderBy(asc(teamLinks.depth));
}

/**
 * A page of the user's team (one level, or all five), newest first, or the members found by
 * nickname, invite code or ID: each one's id, name, avatar, level and when they joined; and how
 * many there are in all.
 */
export async function teamMemberPage(
  db: DbOrTx,
  userId: bigint,
  query: Page & { level?: number | undefined; keyword?: string | undefined },
) {
  const keyword = query.keyword?.trim();
  const filter = sql.join(
    [
      sql`l.ancestor_id = ${userId}`,
      ...(query.level ? [sql`l.depth = ${query.level}`] : []),
      ...(keyword
        ? [
            sql`(u.nickname ilike ${containsPattern(keyword)} or u.invite_code = ${keyword.toUpperCase()} or u.id::text = ${keyword})`,
          ]
        : []),
    ],
    sql` and `,
  );
  // The same order either way (joined_at is the member's created_at): a page walks the links'
  // index; a search finds its few matches first and sorts them.
  const newestFirst = keyword
    ? sql`u.created_at desc, u.id desc`
    : sql`l.joined_at desc, l.descendant_id desc`;
  const rows = await rowsOf<{
    id: string;
    nickname: string;
    avatar: string | null;
    depth: number;
    created_at: string | Date;
  }>(
    db,
    sql`select u.id::text, u.nickname, u.avatar, l.depth, l.joined_at as created_at
        from team_link l join app_user u on u.id = l.descendant_id
        where ${filter}
        order by ${newestFirst}
        ${pageClause(query)}`,
  );
  // Without a keyword the total is the kept count of the level (or of all five).
  const total = keyword
    ? ((
        await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from team_link l join app_user u on u.id = l.descendant_id where ${filter}`,
        )
      )[0]?.n ?? 0)
    : await levelCounts(db, userId).then((counts) =>
        query.level ? (counts.get(query.level) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0),
      );
  return { rows, total };
}
