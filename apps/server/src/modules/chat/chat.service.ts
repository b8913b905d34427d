import {
  type AdminChatConversation,
  CHAT_MAX_TEXT,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_SECONDS,
  CHAT_UPLOAD_LIMIT,
  CHAT_UPLOAD_WINDOW_SECONDS,
  type ChatConversation,
  type ChatMessage,
  type ChatMessageKind,
  type ChatTab,
  chatImageKey,
  ROLES,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { chatConversations, chatMessages, operators as operatorTable, users } from '../../db/schema/index.js';
import { onePage, type Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { MediaStorage } from '../../media/storage.js';
import { storeChatImage } from './chat-images.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { SessionUser } from '../../http/actors.js';
import type { OperatorContext, OperatorService } from '../operator/operator.service.js';

type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Who writes: a user (their own conversation only) or a support operator (their tenants only). */
export type ChatActor = { kind: 'user'; user: SessionUser } | { kind: 'operator'; operator: OperatorContext };

export interface SendInput {
  conversationId?: string | undefined;
  clientId: string;
  kind: ChatMessageKind;
  body?: string | undefined;
  imageKey?: string | undefined;
}

/** Something other instances (and this one) must push to their sockets. */
export type ChatEvent =
  | { t: 'message'; id: string; conv: string; tenant: string; user: string }
  | { t: 'typing'; conv: string; tenant: string; user: string; from: 'user' | 'operator' }
  | { t: 'read'; conv: string; tenant: string; user: string; side: 'user' | 'staff'; id: string }
  | {
      t: 'conversation';
      conv: string;
      tenant: string;
      user: string;
      status: 'open' | 'closed';
      assigned: string | null;
    };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A message as a user sees it: staff answer as "Support", their sign-in names stay in the console. */
export function forUser(message: ChatMessage): ChatMessage {
  return message.senderName === null ? message : { ...message, senderName: null };
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: String(row.id),
    conversationId: String(row.conversationId),
    senderKind: row.senderKind,
    senderName: row.senderKind === 'operator' ? row.senderName : null,
    kind: row.kind,
    body: row.body,
    imageUrl: row.imageKey ? `/media/${row.imageKey}` : null,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toChatConversation(row: ConversationRow): ChatConversation {
  return {
    id: String(row.id),
    status: row.status,
    userLastReadId: String(row.userLastReadId),
    staffLastReadId: String(row.staffLastReadId),
    lastMessageId: row.lastMessageId === null ? null : String(row.lastMessageId),
    createdAt: row.createdAt.toISOString(),
    closedAt: iso(row.closedAt),
  };
}

export function conversationEvent(row: ConversationRow): ChatEvent {
  return {
    t: 'conversation',
    conv: String(row.id),
    tenant: row.tenantId,
    user: String(row.userId),
    status: row.status,
    assigned: row.assignedOperatorId === null ? null : String(row.assignedOperatorId),
  };
}

export function inScope(operator: Pick<OperatorContext, 'tenantIds'>, tenantId: string): boolean {
  return operator.tenantIds === null || operator.tenantIds.includes(tenantId);
}

/**
 * Customer-service chat: conversations (one open per user), messages stored exactly once per
 * sender's clientId, read receipts, unread counts, the console's lists, assignment and closing.
 * Callers publish the events it answers (chat.routes.ts, chat.socket.ts).
 */
export function createChatService(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  operators: OperatorService;
  /** Where pictures are kept: MEDIA_DIR, or the object store every instance shares. */
  storage: MediaStorage;
}) {
  const { db, clock, limiter, operators, storage } = deps;

  /** A per-user limit shared by all instances, refused as ChatRateLimited (429). */
  async function limited(key: string, limit: number, windowSeconds: number) {
    try {
      await limiter.hit(key, limit, windowSeconds);
    } catch (error) {
      if (error instanceof AppError && error.key === 'TooManyRequests')
        throw new AppError('ChatRateLimited', { status: 429 });
      throw error;
    }
  }

  async function conversationById(tx: DbOrTx, id: string): Promise<ConversationRow | undefined> {
    const [row] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, BigInt(id)));
    return row;
  }

  /** The user's own conversation (404 for an unknown one or another user's: nothing leaks). */
  async function userConversation(tx: DbOrTx, user: SessionUser, id: string): Promise<ConversationRow> {
    const row = await conversationById(tx, id);
    if (!row || row.userId !== user.userId) throw new AppError('ChatConversationNotFound', { status: 404 });
    return row;
  }

  /** A conversation of the operator's tenants (403 outside them, 404 when unknown). */
  async function staffConversation(tx: DbOrTx, operator: OperatorContext, id: string) {
    const row = await conversationById(tx, id);
    if (!row) throw new AppError('ChatConversationNotFound', { status: 404 });
    if (!inScope(operator, row.tenantId)) throw new AppError('Forbidden');
    return row;
  }

  async function openConversationOf(tx: DbOrTx, userId: bigint) {
    const [row] = await tx
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.userId, userId), eq(chatConversations.status, 'open')));
    return row;
  }

  /** The user's open conversation, else their newest closed one, else undefined. */
  async function latestConversationOf(userId: bigint) {
    const open = await openConversationOf(db, userId);
    if (open) return open;
    const [row] = await db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.userId, userId))
      .orderBy(desc(chatConversations.id))
      .limit(1);
    return row;
  }

  async function ensureOpen(tx: DbOrTx, user: SessionUser): Promise<ConversationRow> {
    const existing = await openConversationOf(tx, user.userId);
    if (existing) return existing;
    await tx
      .insert(chatConversations)
      .values({ tenantId: user.tenantId, userId: user.userId, status: 'open', createdAt: clock.now() })
      .onConflictDoNothing();
    const row = await openConversationOf(tx, user.userId);
    if (!row) throw new Error('chat conversation vanished');
    return row;
  }

  async function unreadFor(tx: DbOrTx, conversation: ConversationRow, side: 'user' | 'staff') {
    const [row] = await tx
      .select({ n: count() })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversation.id),
          side === 'user'
            ? gt(chatMessages.id, conversation.userLastReadId)
            : gt(chatMessages.id, conversation.staffLastReadId),
          side === 'user' ? ne(chatMessages.senderKind, 'user') : eq(chatMessages.senderKind, 'user'),
        ),
      );
    return row?.n ?? 0;
  }

  async function existingMessage(
    tx: DbOrTx,
    conversationId: bigint,
    senderKind: ChatMessage['senderKind'],
    clientId: string,
  ) {
    const [row] = await tx
      .select()
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.senderKind, senderKind),
          eq(chatMessages.clientId, clientId),
        ),
      );
    return row;
  }

  async function userMessageByClientId(tx: DbOrTx, userId: bigint, clientId: string) {
    const [row] = await tx
      .select({ message: chatMessages })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          eq(chatConversations.userId, userId),
          eq(chatMessages.senderKind, 'user'),
          eq(chatMessages.clientId, clientId),
        ),
      )
      .limit(1);
    return row?.message;
  }

  /** The text, or the image: one the conversation's user uploaded (never another user's file). */
  async function checkContent(
    input: SendInput,
    owner: bigint,
  ): Promise<{ body: string; imageKey: string | null }> {
    if (input.kind === 'image') {
      const key = chatImageKey.safeParse(input.imageKey);
      if (!key.success || !key.data.startsWith(`chat/${owner}/`))
        throw new AppError('ChatImageNotFound', { status: 400, field: 'imageKey' });
      if (!(await storage.exists(key.data)))
        throw new AppError('ChatImageNotFound', { status: 400, field: 'imageKey' });
      return { body: '', imageKey: key.data };
    }
    const body = (input.body ?? '').trim();
    if (body.length > CHAT_MAX_TEXT)
      throw new AppError('ChatMessageTooLong', {
        status: 400,
        field: 'body',
        params: { max: CHAT_MAX_TEXT },
      });
    if (!body) throw new AppError('ChatMessageEmpty', { status: 400, field: 'body' });
    return { body, imageKey: null };
  }

  /** Auto-assignment and its audit entry, when an operator answers an unassigned conversation. */
  async function assignTo(tx: DbOrTx, operator: OperatorContext, row: ConversationRow, to: bigint) {
    const [after] = await tx
      .update(chatConversations)
      .set({ assignedOperatorId: to })
      .where(eq(chatConversations.id, row.id))
      .returning();
    if (!after) throw new Error('chat conversation vanished');
    await operators.audit(tx, operator, {
      tenantId: row.tenantId,
      action: 'chat.assign',
      target: `chat_conversation:${row.id}`,
      before: { assignedOperatorId: row.assignedOperatorId },
      after: { assignedOperatorId: to },
    });
    return after;
  }

  async function adminView(rows: ConversationRow[]): Promise<AdminChatConversation[]> {
    if (rows.length === 0) return [];
    const userRows = await db
      .select({ id: users.id, nickname: users.nickname, email: users.email })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.userId),
        ),
      );
    const opIds = rows.flatMap((r) => (r.assignedOperatorId === null ? [] : [r.assignedOperatorId]));
    const opRows = opIds.length
      ? await db
          .select({ id: operatorTable.id, username: operatorTable.username })
          .from(operatorTable)
          .where(inArray(operatorTable.id, opIds))
      : [];
    const lastIds = rows.flatMap((r) => (r.lastMessageId === null ? [] : [r.lastMessageId]));
    const lastRows = lastIds.length
      ? await db.select().from(chatMessages).where(inArray(chatMessages.id, lastIds))
      : [];
    const unreadRows = await db
      .select({ conv: chatMessages.conversationId, n: count() })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(
        and(
          inArray(
            chatMessages.conversationId,
            rows.map((r) => r.id),
          ),
          eq(chatMessages.senderKind, 'user'),
          gt(chatMessages.id, chatConversations.staffLastReadId),
        ),
      )
      .groupBy(chatMessages.conversationId);
    return rows.map((r) => {
      const u = userRows.find((x) => x.id === r.userId);
      const last = lastRows.find((m) => m.id === r.lastMessageId);
      return {
        id: String(r.id),
        tenantId: r.tenantId,
        userId: String(r.userId),
        userNickname: u?.nickname ?? '',
        userEmail: u?.email ?? null,
        status: r.status,
        assignedOperatorId: r.assignedOperatorId === null ? null : String(r.assignedOperatorId),
        assignedOperator: opRows.find((o) => o.id === r.assignedOperatorId)?.username ?? null,
        lastMessage: last ? (last.kind === 'image' ? '[image]' : last.body.slice(0, 120)) : null,
        lastMessageAt: iso(r.lastMessageAt),
        unread: unreadRows.find((x) => x.conv === r.id)?.n ?? 0,
        userLastReadId: String(r.userLastReadId),
        staffLastReadId: String(r.staffLastReadId),
        createdAt: r.createdAt.toISOString(),
        closedAt: iso(r.closedAt),
      };
    });
  }

  async function history(
    conversation: ConversationRow | undefined,
    q: { beforeId?: string | undefined; afterId?: string | undefined; limit: number },
  ) {
    if (!conversation) return { conversationId: null, list: [], hasMore: false };
    const conds: SQL[] = [eq(chatMessages.conversationId, conversation.id)];
    if (q.beforeId) conds.push(lt(chatMessages.id, BigInt(q.beforeId)));
    if (q.afterId) conds.push(gt(chatMessages.id, BigInt(q.afterId)));
    // After-paging reads forwards from the gap; otherwise the newest page, read backwards.
    const forwards = q.afterId !== undefined && q.beforeId === undefined;
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(...conds))
      .orderBy(forwards ? asc(chatMessages.id) : desc(chatMessages.id))
      .limit(q.limit + 1);
    const hasMore = rows.length > q.limit;
    const page = rows.slice(0, q.limit);
    if (!forwards) page.reverse();
    return { conversationId: String(conversation.id), list: page.map(toChatMessage), hasMore };
  }

  async function markRead(side: 'user' | 'staff', row: ConversationRow, messageId: string) {
    // Never beyond the newest message, never backwards.
    const upTo =
      BigInt(messageId) > (row.lastMessageId ?? 0n) ? (row.lastMessageId ?? 0n) : BigInt(messageId);
    const column = side === 'user' ? chatConversations.userLastReadId : chatConversations.staffLastReadId;
    const [after] = await db
      .update(chatConversations)
      .set(
        side === 'user'
          ? { userLastReadId: sql`greatest(${column}, ${upTo})` }
          : { staffLastReadId: sql`greatest(${column}, ${upTo})` },
      )
      .where(eq(chatConversations.id, row.id))
      .returning();
    if (!after) throw new AppError('ChatConversationNotFound', { status: 404 });
    const event: ChatEvent = {
      t: 'read',
      conv: String(after.id),
      tenant: after.tenantId,
      user: String(after.userId),
      side,
      id: String(side === 'user' ? after.userLastReadId : after.staffLastReadId),
    };
    return { unread: await unreadFor(db, after, side), event };
  }

  return {
    userConversation,
    staffConversation,
    latestConversationOf,
    openConversationOf: (userId: bigint) => openConversationOf(db, userId),

    async messageById(id: string): Promise<ChatMessage | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, BigInt(id)));
      return row ? toChatMessage(row) : null;
    },

    /** The user's conversation and their unread count (staff messages after their read mark). */
    async userSummary(user: SessionUser) {
      const row = await latestConversationOf(user.userId);
      if (!row) return { conversation: null, unread: 0 };
      return { conversation: toChatConversation(row), unread: await unreadFor(db, row, 'user') };
    },

    async userHistory(
      user: SessionUser,
      q: { conversationId?: string | undefined; beforeId?: string; afterId?: string; limit: number },
    ) {
      const row = q.conversationId
        ? await userConversation(db, user, q.conversationId)
        : await latestConversationOf(user.userId);
      const page = await history(row, q);
      return { ...page, list: page.list.map(forUser) };
    },

    async staffHistory(
      operator: OperatorContext,
      q: { conversationId: string; beforeId?: string; afterId?: string; limit: number },
    ) {
      return history(await staffConversation(db, operator, q.conversationId), q);
    },

    /**
     * Stores a message once per (conversation, sender kind, clientId): a resend answers the stored
     * message (`created` false) without counting against the rate limit or being published again.
     */
    async send(actor: ChatActor, input: SendInput) {
      const senderKind = actor.kind;
      let conversation: ConversationRow | undefined;
      let seen: MessageRow | undefined;
      if (actor.kind === 'user') {
        conversation = input.conversationId
          ? await userConversation(db, actor.user, input.conversationId)
          : await openConversationOf(db, actor.user.userId);
        // Any of the user's conversations: a resend after staff closed the one it went to (before
        // the ack arrived) answers the stored message instead of opening a new conversation.
        seen = await userMessageByClientId(db, actor.user.userId, input.clientId);
      } else {
        if (!input.conversationId) throw new AppError('ChatConversationNotFound', { status: 404 });
        conversation = await staffConversation(db, actor.operator, input.conversationId);
        seen = await existingMessage(db, conversation.id, senderKind, input.clientId);
      }
      if (seen) return { message: toChatMessage(seen), created: false, events: [] as ChatEvent[] };
      if (conversation && conversation.status !== 'open') {
        if (actor.kind === 'operator' || input.conversationId) throw new AppError('ChatConversationClosed');
        conversation = undefined;
      }
      const content = await checkContent(
        input,
        actor.kind === 'user' ? actor.user.userId : (conversation?.userId ?? 0n),
      );
      if (actor.kind === 'user')
        await limited(`chat:${actor.user.userId}`, CHAT_RATE_LIMIT, CHAT_RATE_WINDOW_SECONDS);
      return withTransaction(db, async (tx) => {
        const events: ChatEvent[] = [];
        let conv = conversation ?? (actor.kind === 'user' ? await ensureOpen(tx, actor.user) : undefined);
        if (!conv) throw new AppError('ChatConversationNotFound', { status: 404 });
        const opened = !conversation;
        const now = clock.now();
        const [inserted] = await tx
          .insert(chatMessages)
          .values({
            conversationId: conv.id,
            senderKind,
            senderId: actor.kind === 'user' ? actor.user.userId : actor.operator.id,
            senderName: actor.kind === 'operator' ? actor.operator.username : null,
            kind: input.kind,
            body: content.body,
            imageKey: content.imageKey,
            clientId: input.clientId,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) {
          // A concurrent resend of the same clientId won the race: answer its message.
          const seen = await existingMessage(tx, conv.id, senderKind, input.clientId);
          if (!seen) throw new Error('chat message vanished');
          return { message: toChatMessage(seen), created: false, events };
        }
        const [updated] = await tx
          .update(chatConversations)
          .set({
            lastMessageId: inserted.id,
            lastMessageAt: now,
            // The sender has read what they wrote.
            ...(actor.kind === 'user' ? { userLastReadId: inserted.id } : { staffLastReadId: inserted.id }),
          })
          .where(eq(chatConversations.id, conv.id))
          .returning();
        if (updated) conv = updated;
        if (actor.kind === 'operator') {
          await operators.audit(tx, actor.operator, {
            tenantId: conv.tenantId,
            action: 'chat.reply',
            target: `chat_message:${inserted.id}`,
            after: { conversationId: String(conv.id), kind: inserted.kind, clientId: inserted.clientId },
          });
          if (conv.assignedOperatorId === null) {
            conv = await assignTo(tx, actor.operator, conv, actor.operator.id);
            events.push(conversationEvent(conv));
          }
        }
        if (opened) events.push(conversationEvent(conv));
        events.push({
          t: 'message',
          id: String(inserted.id),
          conv: String(conv.id),
          tenant: conv.tenantId,
          user: String(conv.userId),
        });
        return { message: toChatMessage(inserted), created: true, events };
      });
    },

    async userRead(user: SessionUser, conversationId: string | undefined, messageId: string) {
      const row = conversationId
        ? await userConversation(db, user, conversationId)
        : await latestConversationOf(user.userId);
      if (!row) throw new AppError('ChatConversationNotFound', { status: 404 });
      return markRead('user', row, messageId);
    },

    async staffRead(operator: OperatorContext, conversationId: string, messageId: string) {
      return markRead('staff', await staffConversation(db, operator, conversationId), messageId);
    },

    /**
     * Stores a PNG, JPEG or WebP of at most 2 MB under an unguessable name in the user's folder
     * (only they can send it); answers its key. Limited per user like messages.
     */
    async upload(user: SessionUser, dataUrl: string) {
      await limited(`chat-upload:${user.userId}`, CHAT_UPLOAD_LIMIT, CHAT_UPLOAD_WINDOW_SECONDS);
      return storeChatImage({ storage, clock }, user.userId, dataUrl);
    },

    /** A staff member's picture for an open conversation of their tenants, kept with its pictures. */
    async staffUpload(operator: OperatorContext, conversationId: string, dataUrl: string) {
      const row = await staffConversation(db, operator, conversationId);
      if (row.status !== 'open') throw new AppError('ChatConversationClosed');
      await limited(`chat-upload:operator:${operator.id}`, CHAT_UPLOAD_LIMIT, CHAT_UPLOAD_WINDOW_SECONDS);
      return storeChatImage({ storage, clock }, row.userId, dataUrl);
    },

    // ---- console ----

    async list(operator: OperatorContext, q: Page & { tab: ChatTab; tenantIds: string[] | null }) {
      const scope = q.tenantIds ? inArray(chatConversations.tenantId, q.tenantIds) : undefined;
      const tabWhere = (tab: ChatTab) =>
        and(
          scope,
          tab === 'closed'
            ? eq(chatConversations.status, 'closed')
            : and(
                eq(chatConversations.status, 'open'),
                tab === 'mine'
                  ? eq(chatConversations.assignedOperatorId, operator.id)
                  : isNull(chatConversations.assignedOperatorId),
              ),
        );
      const where = tabWhere(q.tab);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(chatConversations)
          .where(where)
          .orderBy(sql`${chatConversations.lastMessageAt} desc nulls last`, desc(chatConversations.id))
          .$dynamic(),
        q,
        { from: chatConversations, where },
      );
      const tabCount = async (tab: ChatTab) =>
        (await db.select({ n: count() }).from(chatConversations).where(tabWhere(tab)))[0]?.n ?? 0;
      const tabUnread = async (tab: ChatTab) =>
        (
          await db
            .select({ n: count() })
            .from(chatMessages)
            .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
            .where(
              and(
                tabWhere(tab),
                eq(chatMessages.senderKind, 'user'),
                gt(chatMessages.id, chatConversations.staffLastReadId),
              ),
            )
        )[0]?.n ?? 0;
      return {
        list: await adminView(rows),
        total,
        counts: {
          unassigned: await tabCount('unassigned'),
          mine: await tabCount('mine'),
          unreadUnassigned: await tabUnread('unassigned'),
          unreadMine: await tabUnread('mine'),
        },
      };
    },

    async adminConversation(operator: OperatorContext, id: string) {
      const [view] = await adminView([await staffConversation(db, operator, id)]);
      if (!view) throw new AppError('ChatConversationNotFound', { status: 404 });
      return view;
    },

    /** Operators who may take conversations of `tenantId`: support roles holding that tenant. */
    async agents(tenantIds: string[] | null) {
      const rows = await db
        .select({
          id: operatorTable.id,
          username: operatorTable.username,
          role: operatorTable.role,
          tenantIds: operatorTable.tenantIds,
        })
        .from(operatorTable)
        .where(and(isNull(operatorTable.disabledAt), inArray(operatorTable.role, [...ROLES.support])))
        .orderBy(asc(operatorTable.username));
      return rows
        .filter((r) => r.role === 'owner' || !tenantIds || tenantIds.every((t) => r.tenantIds.includes(t)))
        .map((r) => ({ id: String(r.id), username: r.username, role: r.role }));
    },

    async assign(operator: OperatorContext, conversationId: string, operatorId: string | undefined) {
      return withTransaction(db, async (tx) => {
        const row = await staffConversation(tx, operator, conversationId);
        if (row.status !== 'open') throw new AppError('ChatConversationClosed');
        let to = operator.id;
        if (operatorId !== undefined) {
          const [target] = await tx
            .select()
            .from(operatorTable)
            .where(eq(operatorTable.id, BigInt(operatorId)));
          const ok =
            target &&
            !target.disabledAt &&
            (ROLES.support as readonly string[]).includes(target.role) &&
            (target.role === 'owner' || target.tenantIds.includes(row.tenantId));
          if (!ok) throw new AppError('ChatAssigneeInvalid');
          to = target.id;
        }
        const after = await assignTo(tx, operator, row, to);
        return { row: after, event: conversationEvent(after) };
      });
    },

    async close(operator: OperatorContext, conversationId: string) {
      return withTransaction(db, async (tx) => {
        const row = await staffConversation(tx, operator, conversationId);
        if (row.status !== 'open') throw new AppError('ChatConversationClosed');
        const [after] = await tx
          .update(chatConversations)
          .set({ status: 'closed', closedAt: clock.now() })
          .where(eq(chatConversations.id, row.id))
          .returning();
        if (!after) throw new AppError('ChatConversationNotFound', { status: 404 });
        await operators.audit(tx, operator, {
          tenantId: row.tenantId,
          action: 'chat.close',
          target: `chat_conversation:${row.id}`,
          before: { status: row.status },
          after: { status: after.status, closedAt: after.closedAt },
        });
        return { row: after, event: conversationEvent(after) };
      });
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
