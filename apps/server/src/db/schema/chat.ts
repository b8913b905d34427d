import type { CHAT_CONVERSATION_STATUSES, ChatMessage, ChatMessageKind } from '@dramastar/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A user's conversation with the tenant's support staff: open (one per user) until closed. */
export const chatConversations = pgTable(
  'chat_conversation',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    userId: bigint('user_id', { mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** open | closed */
    status: varchar('status', { length: 8 }).$type<(typeof CHAT_CONVERSATION_STATUSES)[number]>().notNull(),
    assignedOperatorId: bigint('assigned_operator_id', { mode: 'bigint' }),
    lastMessageId: bigint('last_message_id', { mode: 'bigint' }),
    lastMessageAt: ts('last_message_at'),
    /** Read receipts: the newest message each side has seen. */
    userLastReadId: bigint('user_last_read_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    staffLastReadId: bigint('staff_last_read_id', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: ts('created_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    uniqueIndex('chat_conversation_open_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index('chat_conversation_tenant_idx').on(t.tenantId, t.status, t.lastMessageAt),
    index('chat_conversation_user_idx').on(t.userId, t.id),
  ],
);

export const chatMessages = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /** user | operator | system */
    senderKind: varchar('sender_kind', { length: 8 }).$type<ChatMessage['senderKind']>().notNull(),
    senderId: bigint('sender_id', { mode: 'bigint' }),
    senderName: varchar('sender_name', { length: 60 }),
    /** text | image */
    kind: varchar('kind', { length: 8 }).$type<ChatMessageKind>().notNull(),
    body: text('body').notNull(),
    /** Storage key of an image message. */
    imageKey: text('image_key'),
    /** The sender's own id for the message: a message resent after a drop is stored once. */
    clientId: varchar('client_id', { length: 64 }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('chat_message_client_uq').on(t.conversationId, t.senderKind, t.clientId),
    index('chat_message_conversation_idx').on(t.conversationId, t.id),
  ],
);

/** Ready answers support staff pick from, per tenant. */
export const chatCannedReplies = pgTable(
  'chat_canned_reply',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 }).notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('chat_canned_reply_tenant_idx').on(t.tenantId)],
);
