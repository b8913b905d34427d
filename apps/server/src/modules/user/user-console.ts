import type { UserStatus } from '@dramastar/contract';
import { and, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { containsPattern } from '../../db/like.js';
import { onePage } from '../../db/paging.js';
import { users } from '../../db/schema/index.js';
import type { UserRow } from './user-rows.js';

/**
 * The user module's answers for the console's user pages (admin/users), which do not read
 * `app_user` themselves (scripts/table-owners.mjs).
 */

/** The user's row, or undefined; `lock` holds it until the transaction ends (FOR NO KEY UPDATE). */
export async function userRow(db: DbOrTx, userId: bigint, lock = false): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

/**
 * A page of users, newest first: of `tenantIds` (null: all), in `status`, and matching `q` when
 * given (e-mail, user name or nickname containing it, the invite code, a phone from 6 digits on
 * with or without its prefix, or a short number as the id).
 */
export async function userSearchPage(
  db: DbOrTx,
  filter: {
    tenantIds: string[] | null;
    q?: string | undefined;
    status?: UserStatus | undefined;
    pageNum: number;
    pageSize: number;
  },
) {
  const conditions: SQL[] = [];
  if (filter.tenantIds) conditions.push(inArray(users.tenantId, filter.tenantIds));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  const text = filter.q?.trim();
  if (text) {
    const matches: SQL[] = [
      ilike(users.email, containsPattern(text.toLowerCase())),
      like(users.userNameKey, containsPattern(text.toLowerCase())),
      ilike(users.nickname, containsPattern(text)),
      eq(users.inviteCode, text.toUpperCase()),
    ];
    const digits = text.replace(/[\s().-]/g, '');
    // Short numbers are ids; a phone matches from 6 digits on (with or without its prefix).
    if (/^\+?\d{6,}$/.test(digits)) {
      matches.push(
        sql`(coalesce(${users.areaCode}, '') || coalesce(${users.phone}, '')) like ${containsPattern(digits)}`,
      );
    }
    if (/^\d{1,18}$/.test(digits)) matches.push(eq(users.id, BigInt(digits)));
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  const where = and(...conditions);
  return onePage(
    db,
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).$dynamic(),
    filter,
    { from: users, where },
  );
}

/** Sets the account's status (an operator's freeze or unfreeze); the row after, or undefined when unknown. */
export async function setUserStatus(
  tx: Tx,
  userId: bigint,
  status: 'frozen' | 'active',
  now: Date,
): Promise<UserRow | undefined> {
  const [after] = await tx
    .update(users)
    .set({ status, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return after;
}
