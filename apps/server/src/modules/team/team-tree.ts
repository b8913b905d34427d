import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Puts a user (with whatever team they already have) under an inviter in the closure table:
 * every ancestor of the inviter (and the inviter) becomes an ancestor of the user and of the
 * user's descendants, while the distance stays within five levels. Run in the transaction that
 * binds the inviter.
 */
export async function linkToInviter(tx: DbOrTx, userId: bigint, inviterId: bigint): Promise<void> {
  await tx.execute(sql`
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
    on conflict do nothing`);
}
