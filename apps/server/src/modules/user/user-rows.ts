import type { UserStatus } from '@dramastar/contract';
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { type DayRange, type LocalDay, onLocalDay } from '../../db/days.js';
import { type Batch, batchWhere, type Page, pageClause } from '../../db/paging.js';
import { rowsOf } from '../../db/rows.js';
import { userIdentities, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/**
 * The user module's answers about accounts for the other modules (which do not read `app_user`
 * themselves: scripts/table-owners.mjs). Each takes the caller's transaction when it runs inside one.
 */

/**
 * Holds the user's row until the transaction ends (FOR NO KEY UPDATE): one user's money requests
 * run one after another, while rows that refer to the user are not blocked. False when unknown.
 */
export async function lockUser(tx: Tx, userId: bigint): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

/** What other people see of a user, and what staff see beside it. */
export interface UserCard {
  id: bigint;
  tenantId: string;
  nickname: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  userName: string | null;
  inviteCode: string;
  inviterId: bigint | null;
  status: string;
  createdAt: Date;
}

const cardColumns = {
  id: users.id,
  tenantId: users.tenantId,
  nickname: users.nickname,
  avatar: users.avatar,
  email: users.email,
  phone: users.phone,
  userName: users.userName,
  inviteCode: users.inviteCode,
  inviterId: users.inviterId,
  status: users.status,
  createdAt: users.createdAt,
};

/** The users of `ids` (one query), by id; unknown ids are not in the map. */
export async function userCards(db: DbOrTx, ids: readonly bigint[]): Promise<Map<bigint, UserCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(cardColumns).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** One user, or undefined. */
export async function userCard(db: DbOrTx, id: bigint): Promise<UserCard | undefined> {
  return (await userCards(db, [id])).get(id);
}

/** The user of a tenant with this invite code, or undefined. */
export async function userByInviteCode(
  db: DbOrTx,
  tenantId: string,
  inviteCode: string,
): Promise<{ id: bigint } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.inviteCode, inviteCode)));
  return row;
}

/** How the console finds a user by what an operator types: e-mail, phone, user name or invite code. */
export type UserKey = 'email' | 'phone' | 'userName' | 'inviteCode';

/**
 * The ids of the users (of any tenant: the caller limits by its own tenant scope) that `q` names by
 * one of `keys`: the e-mail and user name regardless of case, the phone with or without its `+`,
 * the invite code regardless of case.
 */
export async function findUserIds(db: DbOrTx, q: string, keys: readonly UserKey[]): Promise<bigint[]> {
  const match = {
    email: eq(users.email, q.toLowerCase()),
    phone: eq(users.phone, q.replace(/^\+/, '')),
    userName: eq(users.userNameKey, q.toLowerCase()),
    inviteCode: sql`upper(${users.inviteCode}) = ${q.toUpperCase()}`,
  };
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(...keys.map((k) => match[k])));
  return rows.map((r) => r.id);
}

/** How many users `userId` invited directly; with `on`, only those who signed up that day. */
export async function inviteeCount(db: DbOrTx, userId: bigint, on?: LocalDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.inviterId, userId), on ? onLocalDay(users.createdAt, on) : undefined));
  return row?.n ?? 0;
}

/**
 * Each inviter's direct invitations in a tenant (of users who signed up on the day `on`, or ever),
 * as a subquery of (user_id, value): the invitation rank board ranks it.
 */
export function inviteScores(tenantId: string, on?: LocalDay): SQL {
  return sql`select inviter_id as user_id, count(*) as value from app_user
    where tenant_id = ${tenantId} and inviter_id is not null ${on ? sql`and ${onLocalDay(sql`created_at`, on)}` : sql``}
    group by inviter_id`;
}

/**
 * A page of the users `inviterId` invited directly, newest first: each one's id, nickname, when they
 * signed up and how many they invited in turn.
 */
export async function inviteePage(db: DbOrTx, inviterId: bigint, page: Page) {
  const rows = await rowsOf<{ id: string; nickname: string; created_at: string | Date; invites: number }>(
    db,
    sql`select u.id::text, u.nickname, u.created_at,
          (select count(*)::int from app_user x where x.inviter_id = u.id) as invites
        from app_user u where u.inviter_id = ${inviterId}
        order by u.created_at desc, u.id desc
        ${pageClause(page)}`,
  );
  return rows.map((r) => ({
    id: BigInt(r.id),
    nickname: r.nickname,
    createdAt: new Date(r.created_at),
    invites: r.invites,
  }));
}

/** A sign-in method from outside (Google) added to a user's account. */
export interface NewIdentity {
  userId: bigint;
  tenantId: string;
  provider: 'google';
  subject: string;
  email: string | null;
  createdAt: Date;
}

/** Adds an outside sign-in to an account (a unique violation when another account holds it). */
export async function addIdentity(tx: DbOrTx, identity: NewIdentity): Promise<void> {
  await tx.insert(userIdentities).values(identity);
}

/** Whether the user has a sign-in from `provider`. */
export async function hasIdentity(db: DbOrTx, userId: bigint, provider: 'google'): Promise<boolean> {
  const [row] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)));
  return row !== undefined;
}

/** The account (not cancelled) an outside identity is linked to in a tenant, else undefined. */
export async function identityOwner(
  db: DbOrTx,
  tenantId: string,
  provider: 'google',
  subject: string,
): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(
      and(
        eq(userIdentities.tenantId, tenantId),
        eq(userIdentities.provider, provider),
        eq(userIdentities.subject, subject),
        ne(users.status, 'cancelled'),
      ),
    );
  return row?.id;
}

/** The account (not cancelled) of a tenant with this e-mail (lower case), else undefined. */
export async function userByEmail(db: DbOrTx, tenantId: string, email: string): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email), ne(users.status, 'cancelled')));
  return row?.id;
}

/** The account of a tenant found by its e-mail (lower case) or user name key, in one of `statuses` (any when omitted). */
export async function accountBy(
  db: DbOrTx,
  tenantId: string,
  by: { email: string } | { userNameKey: string },
  statuses?: readonly UserStatus[],
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        'email' in by ? eq(users.email, by.email) : eq(users.userNameKey, by.userNameKey),
        statuses ? inArray(users.status, [...statuses]) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** The account's status (frozen accounts get no new session), or undefined when unknown. */
export async function accountStatus(db: DbOrTx, userId: bigint): Promise<UserStatus | undefined> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  return row?.status;
}

/**
 * Changes the account's own sign-in data. `once` sets an e-mail or user name only while the account
 * has none (a conditional update: of two binds at once, the second changes nothing): false then.
 */
export async function changeAccount(
  tx: DbOrTx,
  userId: bigint,
  now: Date,
  change:
    | { email: string; once: true }
    | { userName: string; userNameKey: string; passwordHash: string; once: true }
    | { email: null }
    | { passwordHash: string },
): Promise<boolean> {
  const { once, ...set } = { once: false, ...change };
  const unset = 'userName' in set ? isNull(users.userName) : isNull(users.email);
  const rows = await tx
    .update(users)
    .set({ ...set, updatedAt: now })
    .where(and(eq(users.id, userId), once ? unset : undefined))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Removes the account's sign-in from `provider`, or all of its outside sign-ins. */
export async function removeIdentities(tx: DbOrTx, userId: bigint, provider?: 'google'): Promise<void> {
  await tx
    .delete(userIdentities)
    .where(
      and(eq(userIdentities.userId, userId), provider ? eq(userIdentities.provider, provider) : undefined),
    );
}

/** The account's outside sign-ins. */
export async function identitiesOf(db: DbOrTx, userId: bigint) {
  return db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

/**
 * Cancels the account for good: personal data erased, outside sign-ins removed; the invite code
 * and the place in the team stay, so the inviters' teams keep their shape.
 */
export async function eraseAccount(tx: DbOrTx, userId: bigint, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      updatedAt: now,
      nickname: 'Cancelled user',
      avatar: null,
      email: null,
      userName: null,
      userNameKey: null,
      passwordHash: null,
      phone: null,
      areaCode: null,
    })
    .where(eq(users.id, userId));
  await removeIdentities(tx, userId);
}

/**
 * Accounts a tenant's users opened in [start, end): for other modules' reports (the analytics
 * rollup's sign-up cohorts), which may not read the accounts table themselves.
 */
export async function signUpsBetween(
  db: DbOrTx,
  tenantId: string,
  start: Date,
  end: Date,
): Promise<{ userId: bigint; createdAt: Date }[]> {
  return db
    .select({ userId: users.id, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), gte(users.createdAt, start), lt(users.createdAt, end)));
}

/** A batch of accounts by id, filtered on their opening (an export's read). */
export function userBatch(db: DbOrTx, batch: Batch): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(batchWhere(batch, { id: users.id, tenantId: users.tenantId, time: users.createdAt }))
    .orderBy(asc(users.id))
    .limit(batch.size);
}

/**
 * How many accounts a tenant's users opened on each local day of `days` (days with none are
 * absent): the console dashboard's new users.
 */
export function signUpsPerDay(
  db: DbOrTx,
  tenantId: string,
  days: DayRange,
): Promise<{ day: string; n: number }[]> {
  return db
    .select({ day: days.localDay(users.createdAt), n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), gte(users.createdAt, days.start), lt(users.createdAt, days.end)))
    .groupBy(sql`1`);
}
