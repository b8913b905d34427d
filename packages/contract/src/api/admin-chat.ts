import { z } from 'zod';
import { defineCall } from '../call.js';
import { ROLES } from '../constants.js';
import {
  CHAT_CONVERSATION_STATUSES,
  CHAT_MAX_TEXT,
  chatHistory,
  chatHistoryQuery,
  chatMessage,
  chatCalls,
  chatSendBody,
} from '../chat.js';
import { text, multilineText } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

const tenantId = lazySchema(() =>
  text()
    .regex(/^\d{6}$/)
    .optional(),
);
const recordId = lazySchema(() => text().regex(/^\d{1,18}$/, { error: 'ChatConversationNotFound' }));

export const CHAT_TABS = ['unassigned', 'mine', 'closed'] as const;
export type ChatTab = (typeof CHAT_TABS)[number];

/** A conversation as support staff see it in the console's list. */
export const adminChatConversation = lazySchema(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    userId: z.string(),
    userNickname: z.string(),
    userEmail: z.string().nullable(),
    status: z.enum(CHAT_CONVERSATION_STATUSES),
    assignedOperatorId: z.string().nullable(),
    assignedOperator: z.string().nullable(),
    /** The newest message's text ('[image]' for a picture), or null. */
    lastMessage: z.string().nullable(),
    lastMessageAt: z.string().nullable(),
    /** The user's messages staff have not read yet. */
    unread: z.number().int(),
    userLastReadId: z.string(),
    staffLastReadId: z.string(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
  }),
);
export type AdminChatConversation = z.infer<typeof adminChatConversation>;

export const cannedReply = lazySchema(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    title: z.string(),
    body: z.string(),
    createdAt: z.string(),
  }),
);
export type CannedReply = z.infer<typeof cannedReply>;

const cannedFields = {
  title: text().trim().min(1).max(60),
  /** Sent as a reply as it is: no longer than a message. */
  body: multilineText().trim().min(1).max(CHAT_MAX_TEXT),
};

/** The console's customer-service calls (/admin-api/chat/*): support staff, tenant admins, owners. */
export const adminChatApi = {
  conversations: defineCall({
    path: '/chat/conversations',
    auth: 'operator',
    roles: ROLES.support,
    query: lazySchema(() =>
      z.object({
        tab: z.enum(CHAT_TABS).default('unassigned'),
        tenantId,
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      }),
    ),
    response: lazySchema(() =>
      z.object({
        list: z.array(adminChatConversation),
        total: z.number().int(),
        /** Per tab: open conversations without staff, open ones assigned to me; unread user messages. */
        counts: z.object({
          unassigned: z.number().int(),
          mine: z.number().int(),
          unreadUnassigned: z.number().int(),
          unreadMine: z.number().int(),
        }),
      }),
    ),
  }),
  conversation: defineCall({
    path: '/chat/conversation',
    auth: 'operator',
    roles: ROLES.support,
    query: lazySchema(() => z.object({ conversationId: recordId })),
    response: adminChatConversation,
  }),
  history: defineCall({
    path: '/chat/history',
    auth: 'operator',
    roles: ROLES.support,
    query: lazySchema(() => chatHistoryQuery.extend({ conversationId: recordId })),
    response: chatHistory,
  }),
  /** Takes the conversation (no operatorId) or hands it to another support operator of its tenant. */
  assign: defineCall({
    path: '/chat/assign',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() =>
      z.object({
        conversationId: recordId,
        operatorId: text()
          .regex(/^\d{1,18}$/)
          .optional(),
      }),
    ),
    response: adminChatConversation,
  }),
  /** A reply (also possible over the socket); an unassigned conversation becomes the replier's. */
  reply: defineCall({
    path: '/chat/reply',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() => z.intersection(z.object({ conversationId: recordId }), chatSendBody)),
    response: chatMessage,
  }),
  /**
   * A picture for a reply in an open conversation of the operator's tenants (PNG, JPEG or WebP, at
   * most 2 MB, type checked by its bytes), stored with the conversation's pictures; then
   * `/chat/reply` with `kind: 'image'` and the answered key sends it.
   */
  upload: defineCall({
    path: '/chat/upload',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() => z.object({ conversationId: recordId, image: chatCalls.upload.body.shape.image })),
    response: lazySchema(() => z.object({ imageKey: z.string(), url: z.string() })),
    bodyLimit: chatCalls.upload.bodyLimit,
  }),
  read: defineCall({
    path: '/chat/read',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() => z.object({ conversationId: recordId, messageId: text().regex(/^\d{1,18}$/) })),
    response: lazySchema(() => z.object({ unread: z.number().int() })),
  }),
  close: defineCall({
    path: '/chat/close',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() => z.object({ conversationId: recordId })),
    response: adminChatConversation,
  }),
  /** Operators who may take a conversation of the tenant (support roles with that tenant). */
  agents: defineCall({
    path: '/chat/agents',
    auth: 'operator',
    roles: ROLES.support,
    query: lazySchema(() => z.object({ tenantId })),
    response: lazySchema(() =>
      z.object({
        list: z.array(z.object({ id: z.string(), username: z.string(), role: z.string() })),
      }),
    ),
  }),
  cannedReplies: defineCall({
    path: '/chat/canned',
    auth: 'operator',
    roles: ROLES.support,
    query: lazySchema(() => z.object({ tenantId })),
    response: lazySchema(() => z.object({ list: z.array(cannedReply) })),
  }),
  createCannedReply: defineCall({
    path: '/chat/canned/create',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() => z.object({ tenantId: text().regex(/^\d{6}$/), ...cannedFields })),
    response: cannedReply,
  }),
  updateCannedReply: defineCall({
    path: '/chat/canned/update',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() => z.object({ id: text().regex(/^\d{1,18}$/), ...cannedFields })),
    response: cannedReply,
  }),
  deleteCannedReply: defineCall({
    path: '/chat/canned/delete',
    auth: 'operator',
    roles: ROLES.support,
    body: lazySchema(() => z.object({ id: text().regex(/^\d{1,18}$/) })),
    response: lazySchema(() => z.object({})),
  }),
} as const;
