import type { ChatConversation, ChatMessage, ChatMessageKind } from '@dramastar/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { chatConversations, chatMessages } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { SessionUser } from '../../http/actors.js';
import type { OperatorContext, OperatorService } from '../operator/operator.service.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

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

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
 * How many open conversations within `scope` (null: every tenant) nobody has answered yet: their
 * last message is the user's.
 */
export async function unansweredCount(db: DbOrTx, scope: string[] | null): Promise<number> {
  const c = chatConversations;
  const [row] = await db
    .select({ n: count() })
    .from(c)
    .innerJoin(chatMessages, eq(chatMessages.id, c.lastMessageId))
    .where(
      and(
        eq(c.status, 'open'),
        eq(chatMessages.senderKind, 'user'),
        scope ? inArray(c.tenantId, scope) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Finding a chat's conversations: a user's own (open, or their latest), one of an operator's
 * tenants, opening one, and assigning one to an operator (with its audit entry). Both the
 * messages (chat-messages.service.ts) and the console (chat.service.ts) go through these.
 */
export function createChatConversations(deps: { db: Db; clock: Clock; operators: OperatorService }) {
  const { db, clock, operators } = deps;

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

  return {
    conversationById,
    userConversation,
    staffConversation,
    openConversationOf,
    latestConversationOf,
    ensureOpen,
    assignTo,
  };
}

export type ChatConversations = ReturnType<typeof createChatConversations>;
