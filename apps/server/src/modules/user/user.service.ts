import { randomInt } from 'node:crypto';
import {
  APP_NAME,
  formatMessage,
  isMessageKey,
  type Language,
  type LoginMethod,
  type MessageKey,
  type UserInfo,
} from '@dramastar/contract';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { pageOf, type Page } from '../../db/paging.js';
import { userIdentities, userMessages, users } from '../../db/schema/index.js';
import { tenantSettingsRow } from '../tenant/tenant-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { linkToInviter } from './team-tree.js';

export type { UserRow } from './user-rows.js';
import type { UserRow } from './user-rows.js';

/** Invite codes: 8 characters without look-alikes (0/O, 1/I/L). */
const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET.charAt(randomInt(INVITE_ALPHABET.length));
  return code;
}

export interface NewUser {
  tenantId: string;
  /** Shown to the team; defaults to a friendly name in `language` (`defaultNickname`). */
  nickname?: string | null;
  /** The language the account signed up in (its default name's). */
  language?: Language;
  email?: string | null;
  userName?: string | null;
  passwordHash?: string | null;
  areaCode?: string | null;
  phone?: string | null;
  inviterId?: bigint | null;
}

const DEFAULT_NAMES: Record<Language, string> = { en: 'Viewer', vn: 'Khán giả', id: 'Penonton' };

/**
 * A new account's name until its owner picks one: "Viewer 4821" (in the sign-up's language) reads
 * as a person in team lists and rankings, where "User ZUHN" (the invite code's letters) read as a
 * code. Never the e-mail address, which team lists would expose.
 */
export function defaultNickname(language: Language = 'en'): string {
  return `${DEFAULT_NAMES[language]} ${randomInt(1000, 10000)}`;
}

/**
 * Done in a new account's transaction when someone invited it (the inviter's points, in the catalog
 * module above this one).
 */
export type InvitedHook = (
  tx: DbOrTx,
  invitee: { tenantId: string; userId: bigint; inviterId: bigint },
) => Promise<void>;

export function createUserService(db: Db, clock: Clock, hooks: { invited: InvitedHook }) {
  async function row(tx: DbOrTx, userId: bigint): Promise<UserRow> {
    const [found] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!found) throw new AppError('Unauthorized');
    return found;
  }

  async function addMessage(
    tx: DbOrTx,
    userId: bigint,
    kind: string,
    titleKey: MessageKey,
    bodyKey: MessageKey,
    params: Record<string, string> = {},
  ): Promise<void> {
    await tx.insert(userMessages).values({ userId, kind, titleKey, bodyKey, params, createdAt: clock.now() });
  }

  /** The active user of an invite code in a tenant; 400 InvalidInviteCode naming `field` otherwise. */
  async function inviterByCode(
    tx: DbOrTx,
    tenantId: string,
    code: string,
    field = 'inviteCode',
  ): Promise<UserRow> {
    const [inviter] = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.inviteCode, code.toUpperCase()),
          eq(users.tenantId, tenantId),
          eq(users.status, 'active'),
        ),
      )
      .limit(1);
    if (!inviter) throw new AppError('InvalidInviteCode', { status: 400, field });
    return inviter;
  }

  return {
    row,
    addMessage,

    /** Creates a user with a fresh invite code of its own and a welcome message. */
    async create(tx: DbOrTx, input: NewUser): Promise<UserRow> {
      const now = clock.now();
      for (let attempt = 0; ; attempt++) {
        const inviteCode = newInviteCode();
        const [created] = await tx
          .insert(users)
          .values({
            tenantId: input.tenantId,
            inviteCode,
            inviterId: input.inviterId ?? null,
            nickname: (input.nickname ?? defaultNickname(input.language)).slice(0, 30),
            email: input.email ?? null,
            userName: input.userName ?? null,
            userNameKey: input.userName?.toLowerCase() ?? null,
            passwordHash: input.passwordHash ?? null,
            areaCode: input.areaCode ?? null,
            phone: input.phone ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: users.inviteCode })
          .returning();
        if (created) {
          if (created.inviterId !== null) {
            await linkToInviter(tx, created.id, created.inviterId);
            await hooks.invited(tx, {
              tenantId: input.tenantId,
              userId: created.id,
              inviterId: created.inviterId,
            });
          }
          await addMessage(tx, created.id, 'welcome', 'AccountMsgWelcomeTitle', 'AccountMsgWelcomeBody', {
            app: APP_NAME,
            inviteCode,
          });
          return created;
        }
        // 31^8 codes: a collision is rare, three in a row impossible in practice.
        if (attempt >= 3) throw new Error('could not find a free invite code');
      }
    },

    inviterByCode,

    async info(userId: bigint, tx: DbOrTx = db): Promise<UserInfo> {
      const user = await row(tx, userId);
      const tenant = await tenantSettingsRow(tx, user.tenantId);
      const [inviter] = user.inviterId
        ? await tx.select({ code: users.inviteCode }).from(users).where(eq(users.id, user.inviterId))
        : [];
      const identities = await tx
        .select({ provider: userIdentities.provider })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId));
      const methods: LoginMethod[] = [];
      if (user.email) methods.push('email');
      if (user.userName && user.passwordHash) methods.push('username');
      if (identities.some((i) => i.provider === 'google')) methods.push('google');
      return {
        userId: String(user.id),
        tenantId: user.tenantId,
        nickname: user.nickname,
        avatar: user.avatar,
        email: user.email,
        userName: user.userName,
        areaCode: user.areaCode,
        phone: user.phone,
        inviteCode: user.inviteCode,
        inviteLink: `${tenant?.inviteUrl ?? ''}?inviteCode=${user.inviteCode}`,
        inviterCode: inviter?.code ?? null,
        loginMethods: methods,
        hasPassword: user.passwordHash !== null,
        createdAt: user.createdAt.toISOString(),
      };
    },

    async update(
      userId: bigint,
      changes: { nickname?: string | undefined; avatar?: string | null | undefined },
    ) {
      const set: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
      if (changes.nickname !== undefined) set.nickname = changes.nickname;
      if (changes.avatar !== undefined) {
        if (changes.avatar !== null && !/^\/media\/avatars\/[\w-]+\.(png|jpg|webp)$/.test(changes.avatar)) {
          throw new AppError('ValidationFailed', { status: 400, field: 'avatar' });
        }
        set.avatar = changes.avatar;
      }
      await db.update(users).set(set).where(eq(users.id, userId));
    },

    /**
     * Binds the inviter once. Never oneself, never someone whose own chain of inviters leads back
     * to this user (their downline); `system` accepts only operator or agent accounts' codes.
     */
    async bindInviter(
      userId: bigint,
      code: string,
      options: { system: boolean; field: string },
    ): Promise<string> {
      return withTransaction(db, async (tx) => {
        const user = await row(tx, userId);
        if (user.inviterId !== null) throw new AppError('InviteCodeLocked', { field: options.field });
        // One bind at a time in a tenant: two checks of the chain run side by side would each miss
        // the loop the two binds close together (A binds B while B binds A). Each statement after
        // the lock sees the binds committed before it.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`bind-inviter:${user.tenantId}`}, 0))`,
        );
        const inviter = await inviterByCode(tx, user.tenantId, code, options.field);
        if (options.system && !inviter.isSystem)
          throw new AppError('InvalidInviteCode', { status: 400, field: options.field });
        if (inviter.id === user.id) throw new AppError('CannotInviteSelf', { field: options.field });
        const chain = await tx.execute(sql`
          with recursive up(id, inviter_id, depth) as (
            select id, inviter_id, 0 from app_user where id = ${inviter.id}
            union all
            select u.id, u.inviter_id, up.depth + 1 from app_user u join up on u.id = up.inviter_id where up.depth < 1000
          )
          select 1 as hit from up where id = ${user.id} limit 1`);
        if ((chain as { rows: unknown[] }).rows.length > 0) {
          throw new AppError('InviteCodeOwnTeam', { field: options.field });
        }
        const bound = await tx
          .update(users)
          .set({ inviterId: inviter.id, updatedAt: clock.now() })
          .where(and(eq(users.id, userId), isNull(users.inviterId)))
          .returning({ id: users.id });
        if (bound.length === 0) throw new AppError('InviteCodeLocked', { field: options.field });
        await linkToInviter(tx, userId, inviter.id);
        await addMessage(tx, userId, 'inviter', 'AccountMsgInviterBoundTitle', 'AccountMsgInviterBoundBody', {
          inviteCode: inviter.inviteCode,
        });
        return inviter.inviteCode;
      });
    },

    async messages(userId: bigint, page: Page, lang: Language) {
      const rows = await pageOf(
        db
          .select()
          .from(userMessages)
          .where(eq(userMessages.userId, userId))
          .orderBy(desc(userMessages.createdAt), desc(userMessages.id))
          .$dynamic(),
        page,
      );
      const [totals] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${userMessages.readAt} is null)`.mapWith(Number),
        })
        .from(userMessages)
        .where(eq(userMessages.userId, userId));
      const text = (key: string, params: Record<string, string>) =>
        isMessageKey(key) ? formatMessage(lang, key, params) : key;
      return {
        list: rows.map((m) => ({
          id: String(m.id),
          kind: m.kind,
          title: text(m.titleKey, m.params),
          content: text(m.bodyKey, m.params),
          createdAt: m.createdAt.toISOString(),
          read: m.readAt !== null,
        })),
        total: totals?.total ?? 0,
        unread: totals?.unread ?? 0,
      };
    },

    /** Marks the given messages (or all) read; answers how many stay unread. */
    async readMessages(userId: bigint, ids: string[] | undefined): Promise<number> {
      const conditions = [eq(userMessages.userId, userId), isNull(userMessages.readAt)];
      if (ids)
        conditions.push(
          inArray(
            userMessages.id,
            ids.map((id) => BigInt(id)),
          ),
        );
      await db
        .update(userMessages)
        .set({ readAt: clock.now() })
        .where(and(...conditions));
      const [left] = await db
        .select({ unread: count() })
        .from(userMessages)
        .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
      return left?.unread ?? 0;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
