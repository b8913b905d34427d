import {
  CHAT_MAX_TEXT,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_SECONDS,
  CHAT_UPLOAD_LIMIT,
  CHAT_UPLOAD_WINDOW_SECONDS,
  type ChatMessage,
  chatImageKey,
} from '@dramastar/contract';
import { and, asc, count, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { chatConversations, chatMessages } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { MediaStorage } from '../../media/storage.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { SessionUser } from '../../http/actors.js';
import type { OperatorContext, OperatorService } from '../operator/operator.service.js';
import { storeChatImage } from './chat-images.js';
import {
  type ChatActor,
  type ChatConversations,
  type ChatEvent,
  conversationEvent,
  type ConversationRow,
  forUser,
  type MessageRow,
  type SendInput,
  toChatConversation,
  toChatMessage,
} from './chat-conversations.js';

/**
 * The messages of a chat, from either side: stored exactly once per sender's clientId, history
 * pages, read receipts, unread counts and pictures. Callers publish the events it answers.
 */
export function createChatMessagesService(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  operators: OperatorService;
  /** Where pictures are kept: MEDIA_DIR, or the object store every instance shares. */
  storage: MediaStorage;
  conversations: ChatConversations;
}) {
  const { db, clock, limiter, operators, storage } = deps;
  const { conversations } = deps;

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
    async messageById(id: string): Promise<ChatMessage | null> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.id, BigInt(id)));
      return row ? toChatMessage(row) : null;
    },

    /** The user's conversation and their unread count (staff messages after their read mark). */
    async userSummary(user: SessionUser) {
      const row = await conversations.latestConversationOf(user.userId);
      if (!row) return { conversation: null, unread: 0 };
      return { conversation: toChatConversation(row), unread: await unreadFor(db, row, 'user') };
    },

    async userHistory(
      user: SessionUser,
      q: { conversationId?: string | undefined; beforeId?: string; afterId?: string; limit: number },
    ) {
      const row = q.conversationId
        ? await conversations.userConversation(db, user, q.conversationId)
        : await conversations.latestConversationOf(user.userId);
      const page = await history(row, q);
      return { ...page, list: page.list.map(forUser) };
    },

    async staffHistory(
      operator: OperatorContext,
      q: { conversationId: string; beforeId?: string; afterId?: string; limit: number },
    ) {
      return history(await conversations.staffConversation(db, operator, q.conversationId), q);
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
          ? await conversations.userConversation(db, actor.user, input.conversationId)
          : await conversations.openConversationOf(db, actor.user.userId);
        // Any of the user's conversations: a resend after staff closed the one it went to (before
        // the ack arrived) answers the stored message instead of opening a new conversation.
        seen = await userMessageByClientId(db, actor.user.userId, input.clientId);
      } else {
        if (!input.conversationId) throw new AppError('ChatConversationNotFound', { status: 404 });
        conversation = await conversations.staffConversation(db, actor.operator, input.conversationId);
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
        let conv =
          conversation ??
          (actor.kind === 'user' ? await conversations.ensureOpen(tx, actor.user) : undefined);
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
            conv = await conversations.assignTo(tx, actor.operator, conv, actor.operator.id);
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
        ? await conversations.userConversation(db, user, conversationId)
        : await conversations.latestConversationOf(user.userId);
      if (!row) throw new AppError('ChatConversationNotFound', { status: 404 });
      return markRead('user', row, messageId);
    },

    async staffRead(operator: OperatorContext, conversationId: string, messageId: string) {
      return markRead(
        'staff',
        await conversations.staffConversation(db, operator, conversationId),
        messageId,
      );
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
      const row = await conversations.staffConversation(db, operator, conversationId);
      if (row.status !== 'open') throw new AppError('ChatConversationClosed');
      await limited(`chat-upload:operator:${operator.id}`, CHAT_UPLOAD_LIMIT, CHAT_UPLOAD_WINDOW_SECONDS);
      return storeChatImage({ storage, clock }, row.userId, dataUrl);
    },
  };
}
