import {
  type ChatMessage,
  type ChatMessageKind,
  type ChatServerFrame,
  ChatSocket,
  type ChatSocketOptions,
  type SocketStatus,
} from '@dramastar/contract';

export type { SocketStatus } from '@dramastar/contract';

/** A message written by the user, kept until the server acknowledges it (sent again after a drop). */
export interface OutboxItem {
  clientId: string;
  kind: ChatMessageKind;
  body?: string;
  imageKey?: string;
  /** A local preview for an image while it is being sent. */
  previewUrl?: string;
  createdAt: string;
  /** Set when the server refused it for good (too long, empty, …): shown, never resent. */
  failed?: string;
}

/** Errors that will not pass on a resend: the item is marked failed instead of retried. */
const FINAL_ERRORS = new Set([
  'ChatMessageTooLong',
  'ChatMessageEmpty',
  'ChatImageNotFound',
  'ChatConversationNotFound',
  'ChatConversationClosed',
  'ValidationFailed',
]);

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Messages not yet acknowledged, in the order written; persisted (sessionStorage in the app) so a
 * reload while offline loses nothing. Identified by clientId: the server stores a resend once.
 */
export class Outbox {
  private items: OutboxItem[];

  constructor(
    private readonly store: KeyValueStore | null,
    private readonly key: string,
  ) {
    this.items = Outbox.read(store, key);
  }

  private static read(store: KeyValueStore | null, key: string): OutboxItem[] {
    try {
      const raw = store?.getItem(key);
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(parsed)
        ? parsed.filter(
            (x): x is OutboxItem =>
              x !== null && typeof x === 'object' && typeof (x as OutboxItem).clientId === 'string',
          )
        : [];
    } catch {
      return [];
    }
  }

  private save() {
    try {
      // Local previews (object URLs) do not survive a reload.
      const kept = this.items.map(({ previewUrl: _preview, ...rest }) => rest);
      if (kept.length) this.store?.setItem(this.key, JSON.stringify(kept));
      else this.store?.removeItem(this.key);
    } catch {
      // Storage full or unavailable: the outbox still works in memory.
    }
  }

  add(item: OutboxItem) {
    if (this.items.some((i) => i.clientId === item.clientId)) return;
    this.items.push(item);
    this.save();
  }

  /** The server stored it: it leaves the outbox. */
  ack(clientId: string) {
    const before = this.items.length;
    this.items = this.items.filter((i) => i.clientId !== clientId);
    if (this.items.length !== before) this.save();
  }

  fail(clientId: string, reason: string) {
    this.items = this.items.map((i) => (i.clientId === clientId ? { ...i, failed: reason } : i));
    this.save();
  }

  remove(clientId: string) {
    this.ack(clientId);
  }

  /** What still has to be sent, oldest first. */
  pending(): OutboxItem[] {
    return this.items.filter((i) => !i.failed);
  }

  all(): OutboxItem[] {
    return [...this.items];
  }
}

export interface ChatClientEvents {
  status?: (status: SocketStatus) => void;
  /** After every successful (re)authentication: fetch what was missed. */
  ready?: (conversationId: string | null, reconnect: boolean) => void;
  message?: (message: ChatMessage) => void;
  ack?: (clientId: string, message: ChatMessage) => void;
  typing?: (conversationId: string, from: 'user' | 'operator') => void;
  read?: (conversationId: string, side: 'user' | 'staff', messageId: string) => void;
  conversation?: (conversationId: string, status: 'open' | 'closed') => void;
  error?: (code: string, message: string, clientId?: string) => void;
  outbox?: (items: OutboxItem[]) => void;
  /** The token was refused: the client stops (the app logs out). */
  unauthorized?: () => void;
}

/** The socket's settings (url, token, timers for tests…) plus the outbox and what to report. */
export interface ChatClientOptions extends Omit<
  ChatSocketOptions,
  'onStatus' | 'onReady' | 'onFrame' | 'onUnauthorized'
> {
  outbox: Outbox;
  events: ChatClientEvents;
  newId?: () => string;
}

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The user's chat: the contract's ChatSocket (authentication, reconnection with backoff, keep-alive)
 * plus the outbox: messages written offline or not yet acknowledged are sent once the socket is
 * ready, each once per connection, and refused ones are marked failed or retried.
 */
export class ChatClient {
  private readonly socket: ChatSocket;
  /** clientIds sent on the current connection (each pending item is sent once per connection). */
  private sentOnSocket = new Set<string>();
  private readonly newId: () => string;

  constructor(private readonly options: ChatClientOptions) {
    const { outbox: _outbox, events, newId, ...socket } = options;
    this.newId = newId ?? randomId;
    this.socket = new ChatSocket({
      ...socket,
      onStatus: (status) => events.status?.(status),
      onReady: (hello, reconnect) => {
        this.sentOnSocket.clear();
        events.ready?.(hello.conversationId, reconnect);
        this.flush();
      },
      onFrame: (frame) => this.onFrame(frame),
      onUnauthorized: () => events.unauthorized?.(),
    });
  }

  get socketStatus(): SocketStatus {
    return this.socket.status;
  }

  start() {
    this.socket.start();
  }

  stop() {
    this.socket.stop();
  }

  /** Reconnect now (the browser is back online), instead of waiting for the backoff. */
  reconnectNow() {
    this.socket.reconnectNow();
  }

  private onFrame(frame: Exclude<ChatServerFrame, { type: 'hello' }>) {
    const events = this.options.events;
    switch (frame.type) {
      case 'ack':
        this.options.outbox.ack(frame.clientId);
        events.outbox?.(this.options.outbox.all());
        events.ack?.(frame.clientId, frame.message);
        return;
      case 'message':
        events.message?.(frame.message);
        return;
      case 'typing':
        events.typing?.(frame.conversationId, frame.senderKind);
        return;
      case 'read':
        events.read?.(frame.conversationId, frame.side, frame.messageId);
        return;
      case 'conversation':
        events.conversation?.(frame.conversationId, frame.status);
        return;
      case 'error':
        if (frame.clientId) {
          if (FINAL_ERRORS.has(frame.code)) this.options.outbox.fail(frame.clientId, frame.message);
          else {
            // Rate limited or a passing failure: try this one again a little later.
            this.sentOnSocket.delete(frame.clientId);
            this.socket.later(() => this.flush(), 2);
          }
          events.outbox?.(this.options.outbox.all());
        }
        events.error?.(frame.code, frame.message, frame.clientId);
        return;
      case 'pong':
        return;
    }
  }

  /** Sends every pending outbox item not yet sent on this connection, oldest first. */
  flush() {
    if (!this.socket.ready) return;
    for (const item of this.options.outbox.pending()) {
      if (this.sentOnSocket.has(item.clientId)) continue;
      const sent = this.socket.send({
        type: 'send',
        clientId: item.clientId,
        kind: item.kind,
        ...(item.kind === 'text' ? { body: item.body } : { imageKey: item.imageKey }),
      });
      if (!sent) return;
      this.sentOnSocket.add(item.clientId);
    }
  }

  /** Queues a message (sent now when open, else once back online); answers its clientId. */
  send(input: { kind: ChatMessageKind; body?: string; imageKey?: string; previewUrl?: string }): string {
    const clientId = this.newId();
    this.options.outbox.add({ clientId, createdAt: new Date().toISOString(), ...input });
    this.options.events.outbox?.(this.options.outbox.all());
    this.flush();
    return clientId;
  }

  /** Sends a failed item again under the same clientId. */
  retry(clientId: string) {
    const item = this.options.outbox.all().find((i) => i.clientId === clientId);
    if (!item) return;
    this.options.outbox.remove(clientId);
    const { failed: _failed, ...rest } = item;
    this.options.outbox.add(rest);
    this.sentOnSocket.delete(clientId);
    this.options.events.outbox?.(this.options.outbox.all());
    this.flush();
  }

  /** Forgets a failed item. */
  discard(clientId: string) {
    this.options.outbox.remove(clientId);
    this.options.events.outbox?.(this.options.outbox.all());
  }

  typing() {
    if (this.socket.ready) this.socket.send({ type: 'typing' });
  }

  /** Sends a read receipt; false when the socket is not ready (the caller tries again later). */
  read(messageId: string): boolean {
    return this.socket.ready && this.socket.send({ type: 'read', messageId });
  }
}
