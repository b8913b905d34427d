import { type AdminChatConversation, type ChatTab, ROLES } from '@dramastar/contract';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { chatConversations, chatMessages } from '../../db/schema/index.js';
import { onePage, type Page } from '../../db/paging.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { MediaStorage } from '../../media/storage.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { OperatorContext, OperatorService } from '../operator/operator.service.js';
import { operatorAccess, operatorNames, supportOperators } from '../operator/operator-rows.js';
import { userCards } from '../user/user-rows.js';
import {
  conversationEvent,
  type ConversationRow,
  createChatConversations,
  iso,
} from './chat-conversations.js';
import { createChatMessagesService } from './chat-messages.service.js';

export {
  type ChatActor,
  type ChatEvent,
  conversationEvent,
  forUser,
  inScope,
  type SendInput,
  toChatConversation,
  toChatMessage,
} from './chat-conversations.js';

/**
 * Customer-service chat: conversations (one open per user) and their messages
 * (chat-messages.service.ts: stored exactly once per sender's clientId, read receipts, unread
 * counts), and here the console's side: its lists, assignment and closing. Callers publish the
 * events it answers (chat.routes.ts, chat.socket.ts).
 */
export function createChatService(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  operators: OperatorService;
  /** Where pictures are kept: MEDIA_DIR, or the object store every instance shares. */
  storage: MediaStorage;
}) {
  const { db, clock, operators } = deps;
  const conversations = createChatConversations(deps);
  const { userConversation, staffConversation, openConversationOf, latestConversationOf, assignTo } =
    conversations;

  async function adminView(rows: ConversationRow[]): Promise<AdminChatConversation[]> {
    if (rows.length === 0) return [];
    const userRows = await userCards(
      db,
      rows.map((r) => r.userId),
    );
    const opNames = await operatorNames(
      db,
      rows.flatMap((r) => (r.assignedOperatorId === null ? [] : [r.assignedOperatorId])),
    );
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
      const u = userRows.get(r.userId);
      const last = lastRows.find((m) => m.id === r.lastMessageId);
      return {
        id: String(r.id),
        tenantId: r.tenantId,
        userId: String(r.userId),
        userNickname: u?.nickname ?? '',
        userEmail: u?.email ?? null,
        status: r.status,
        assignedOperatorId: r.assignedOperatorId === null ? null : String(r.assignedOperatorId),
        assignedOperator: r.assignedOperatorId === null ? null : (opNames.get(r.assignedOperatorId) ?? null),
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

  return {
    userConversation,
    staffConversation,
    latestConversationOf,
    openConversationOf: (userId: bigint) => openConversationOf(db, userId),
    ...createChatMessagesService({ ...deps, conversations }),

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
      const rows = await supportOperators(db);
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
          const target = await operatorAccess(tx, BigInt(operatorId));
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
