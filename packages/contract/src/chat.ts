import { z } from 'zod';
import { defineCall } from './call.js';
import { AVATAR_MAX_BYTES, text, multilineText } from './validation.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Customer-service chat (issue 10): a user talks to the tenant's support staff in real time over
 * a WebSocket (`/app-api/chat/ws`, `/admin-api/chat/ws`); history, uploads and read receipts are
 * plain calls. The protocol is described in docs/chat.md.
 */

/**
 * Longest text message, in characters (UTF-16 code units, as the browser's `maxLength` counts):
 * about a phone screen of text. The app's composer counts down to it and takes no more.
 */
export const CHAT_MAX_TEXT = 1000;
/** Largest image message in bytes (PNG, JPEG or WebP, checked by their first bytes). */
export const CHAT_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES;
/** Messages one user may send in RATE_WINDOW seconds (across instances). */
export const CHAT_RATE_LIMIT = 20;
export const CHAT_RATE_WINDOW_SECONDS = 10;
/** Images one user may upload in UPLOAD_WINDOW seconds (across instances). */
export const CHAT_UPLOAD_LIMIT = 10;
export const CHAT_UPLOAD_WINDOW_SECONDS = 60;
/** Typing and read frames one socket may send in RATE_WINDOW seconds; beyond, they are refused. */
export const CHAT_SIGNAL_LIMIT = 60;
/** Largest page of history. */
export const CHAT_PAGE_MAX = 100;
/** A socket that has not answered a ping within this many ms is dropped. */
export const CHAT_HEARTBEAT_MS = 25_000;
/** A socket must authenticate within this many ms of opening. */
export const CHAT_AUTH_TIMEOUT_MS = 10_000;

export const CHAT_SENDER_KINDS = ['user', 'operator', 'system'] as const;
export type ChatSenderKind = (typeof CHAT_SENDER_KINDS)[number];
export const CHAT_MESSAGE_KINDS = ['text', 'image'] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_KINDS)[number];
export const CHAT_CONVERSATION_STATUSES = ['open', 'closed'] as const;

const idString = lazySchema(() => text().regex(/^\d{1,18}$/, { error: 'ChatConversationNotFound' }));
const conversationId = lazySchema(() => text().regex(/^\d{1,18}$/, { error: 'ChatConversationNotFound' }));
/** The sender's own id of a message (a UUID or similar): a resend with the same id is stored once. */
export const chatClientId = lazySchema(() =>
  text()
    .trim()
    .regex(/^[\w-]{8,64}$/, { error: 'ValidationFailed' }),
);
/** Storage key of an uploaded chat image (answered by /chat/upload): `chat/<uploader id>/<random>.<type>`. */
export const chatImageKey = lazySchema(() =>
  text().regex(/^chat\/\d{1,18}\/[a-f0-9]{32}\.(png|jpg|webp)$/, {
    error: 'ChatImageNotFound',
  }),
);

export const chatMessage = lazySchema(() =>
  z.object({
    id: z.string(),
    conversationId: z.string(),
    senderKind: z.enum(CHAT_SENDER_KINDS),
    /** The staff member's user name for operator messages, else null. */
    senderName: z.string().nullable(),
    kind: z.enum(CHAT_MESSAGE_KINDS),
    /** The text, or '' for an image. */
    body: z.string(),
    /** The image's address (under /media) for an image message, else null. */
    imageUrl: z.string().nullable(),
    clientId: z.string(),
    createdAt: z.string(),
  }),
);
export type ChatMessage = z.infer<typeof chatMessage>;

/** A conversation as its user sees it. */
export const chatConversation = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(CHAT_CONVERSATION_STATUSES),
    /** The newest message each side has read (read receipts). */
    userLastReadId: z.string(),
    staffLastReadId: z.string(),
    lastMessageId: z.string().nullable(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
  }),
);
export type ChatConversation = z.infer<typeof chatConversation>;

/** What a message sent over the socket (or the console's reply call) carries. */
export const chatSendBody = lazySchema(() =>
  z
    .object({
      clientId: chatClientId,
      kind: z.enum(CHAT_MESSAGE_KINDS).default('text'),
      body: multilineText().max(CHAT_MAX_TEXT, { error: 'ChatMessageTooLong' }).optional(),
      imageKey: chatImageKey.optional(),
    })
    .refine((m) => (m.kind === 'text' ? (m.body ?? '').trim().length > 0 : m.imageKey !== undefined), {
      path: ['body'],
      error: 'ChatMessageEmpty',
    }),
);

// ---- WebSocket frames (JSON text frames) ----

/** Client → server. The first frame must be `auth`; until then only `auth` and `ping` are read. */
export const chatClientFrame = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('auth'), token: text().min(1).max(200) }),
    z.object({
      type: z.literal('send'),
      /** Users: their own open conversation when absent. Operators: required. */
      conversationId: conversationId.optional(),
      clientId: chatClientId,
      kind: z.enum(CHAT_MESSAGE_KINDS).default('text'),
      /** Not limited here: a text above CHAT_MAX_TEXT is answered `ChatMessageTooLong`. */
      body: multilineText()
        .max(CHAT_MAX_TEXT * 4)
        .optional(),
      imageKey: text().max(80).optional(),
    }),
    z.object({ type: z.literal('typing'), conversationId: conversationId.optional() }),
    z.object({ type: z.literal('read'), conversationId: conversationId.optional(), messageId: idString }),
    z.object({ type: z.literal('ping') }),
  ]),
);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

/** Server → client. */
export const chatServerFrame = lazySchema(() =>
  z.discriminatedUnion('type', [
    /** After a good `auth`: who the socket speaks for. */
    z.object({
      type: z.literal('hello'),
      role: z.enum(['user', 'operator']),
      /** The user's open conversation (null until their first message); null for operators. */
      conversationId: z.string().nullable(),
    }),
    /** The message of a `send` is stored: the same answer (same id) for a resend of its clientId. */
    z.object({ type: z.literal('ack'), clientId: z.string(), message: chatMessage }),
    /** A new message in a conversation this socket follows (its own too, from any instance). */
    z.object({ type: z.literal('message'), message: chatMessage }),
    z.object({
      type: z.literal('typing'),
      conversationId: z.string(),
      senderKind: z.enum(['user', 'operator']),
    }),
    /** A read receipt: `side` has read up to `messageId`. */
    z.object({
      type: z.literal('read'),
      conversationId: z.string(),
      side: z.enum(['user', 'staff']),
      messageId: z.string(),
    }),
    /** A conversation was opened, assigned or closed (console lists refresh; the user sees a close). */
    z.object({
      type: z.literal('conversation'),
      conversationId: z.string(),
      status: z.enum(CHAT_CONVERSATION_STATUSES),
      assignedOperatorId: z.string().nullable(),
    }),
    /** A refusal: `code` is a message key (ChatMessageTooLong, ChatRateLimited, ...). */
    z.object({
      type: z.literal('error'),
      code: z.string(),
      message: z.string(),
      clientId: z.string().optional(),
    }),
    z.object({ type: z.literal('pong') }),
  ]),
);
export type ChatServerFrame = z.infer<typeof chatServerFrame>;

/**
 * How long a chat client (the app's or the console's) waits before reconnecting: exponential
 * (base · 2^attempt, capped) with full jitter in [ceiling/2, ceiling], so clients spread out.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  baseMs = 500,
  maxMs = 30_000,
) {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Socket close codes of ours (4000-4999). */
export const CHAT_CLOSE = {
  unauthorized: 4401,
  authTimeout: 4408,
  badFrame: 4400,
  /** The server missed events (its fan-out connection dropped): reconnect and fetch what was missed. */
  resync: 4503,
  shuttingDown: 1001,
} as const;

export const chatHistoryQuery = lazySchema(() =>
  z.object({
    /** Users: their newest conversation when absent. */
    conversationId: conversationId.optional(),
    /** Older than this message id (paging back). */
    beforeId: text()
      .regex(/^\d{1,18}$/)
      .optional(),
    /** Newer than this message id (what was missed while offline). */
    afterId: text()
      .regex(/^\d{1,18}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(30),
  }),
);

export const chatHistory = lazySchema(() =>
  z.object({
    conversationId: z.string().nullable(),
    /** Oldest first. */
    list: z.array(chatMessage),
    /** More older (beforeId paging) or newer (afterId paging) messages remain. */
    hasMore: z.boolean(),
  }),
);

/** The user-side chat calls (under /app-api; beyond spec section 7, so kept out of `api`). */
export const chatCalls = {
  /** The user's open (else newest) conversation and how many staff messages are unread. */
  conversation: defineCall({
    path: '/chat/conversation',
    auth: 'user',
    response: lazySchema(() =>
      z.object({ conversation: chatConversation.nullable(), unread: z.number().int() }),
    ),
  }),
  history: defineCall({
    path: '/chat/history',
    auth: 'user',
    query: chatHistoryQuery,
    response: chatHistory,
  }),
  /** An image for a message, as a data URL (PNG, JPEG or WebP, at most 2 MB, type checked by its bytes). */
  upload: defineCall({
    path: '/chat/upload',
    auth: 'user',
    body: lazySchema(() =>
      z.object({
        image: text().max(Math.ceil((CHAT_IMAGE_MAX_BYTES * 4) / 3) + 100, { error: 'ImageTooLarge' }),
      }),
    ),
    response: lazySchema(() => z.object({ imageKey: z.string(), url: z.string() })),
    bodyLimit: 4 * 1024 * 1024,
  }),
  /** Read receipt: the user has read up to `messageId` of their conversation. */
  read: defineCall({
    path: '/chat/read',
    auth: 'user',
    body: lazySchema(() => z.object({ conversationId, messageId: idString })),
    response: lazySchema(() => z.object({ unread: z.number().int() })),
  }),
} as const;
