import {
  backoffDelay,
  CHAT_CLOSE,
  type ChatMessage,
  type ChatMessageKind,
  type ChatServerFrame,
  chatServerFrame,
} from '@dramastar/contract';

export type SocketStatus = 'closed' | 'connecting' | 'open';

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

export interface ChatClientOptions {
  url: string;
  token: () => string | null;
  outbox: Outbox;
  events: ChatClientEvents;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Ping every this many ms while open; a socket without any frame for 2 pings is dropped. */
  pingMs?: number;
  newId?: () => string;
}

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * The user's chat socket: authenticates with the first frame, reconnects with exponential backoff
 * and jitter after a drop, sends the outbox (written while offline, or not yet acknowledged) once
 * the socket is ready, and reports the status (connecting / open / closed).
 */
export class ChatClient {
  private socket: WebSocket | null = null;
  private status: SocketStatus = 'closed';
  private attempt = 0;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private lastFrameAt = 0;
  private stopped = true;
  private authed = false;
  private everReady = false;
  /** clientIds sent on the current socket (each pending item is sent once per connection). */
  private sentOnSocket = new Set<string>();
  private readonly Impl: typeof WebSocket;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly newId: () => string;

  constructor(private readonly options: ChatClientOptions) {
    this.Impl = options.WebSocketImpl ?? WebSocket;
    this.random = options.random ?? Math.random;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.newId = options.newId ?? randomId;
  }

  get socketStatus(): SocketStatus {
    return this.status;
  }

  private setStatus(status: SocketStatus) {
    if (this.status === status) return;
    this.status = status;
    this.options.events.status?.(status);
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    this.clearTimer(this.retryTimer);
    this.clearTimer(this.pingTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000, 'bye');
    this.setStatus('closed');
  }

  /** Reconnect now (the browser is back online), instead of waiting for the backoff. */
  reconnectNow() {
    if (this.stopped || this.socket) return;
    this.clearTimer(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.connect();
  }

  private connect() {
    const token = this.options.token();
    if (!token) {
      this.stop();
      return;
    }
    this.setStatus('connecting');
    this.authed = false;
    this.sentOnSocket.clear();
    let socket: WebSocket;
    try {
      socket = new this.Impl(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      socket.send(JSON.stringify({ type: 'auth', token }));
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      this.lastFrameAt = Date.now();
      let frame: ChatServerFrame;
      try {
        const parsed = chatServerFrame.safeParse(JSON.parse(String(event.data)));
        if (!parsed.success) return;
        frame = parsed.data;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authed = false;
      this.clearTimer(this.pingTimer);
      if (event.code === CHAT_CLOSE.unauthorized) {
        this.stop();
        this.options.events.unauthorized?.();
        return;
      }
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    this.setStatus('closed');
    const delay = backoffDelay(this.attempt++, this.random);
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private keepAlive() {
    const pingMs = this.options.pingMs ?? 20_000;
    this.clearTimer(this.pingTimer);
    this.pingTimer = this.setTimer(() => {
      const socket = this.socket;
      if (!socket || this.stopped) return;
      if (Date.now() - this.lastFrameAt > pingMs * 2) {
        // Nothing heard for two rounds: the connection is dead even if the browser has not noticed.
        socket.close(4000, 'no answer');
        return;
      }
      this.raw({ type: 'ping' });
      this.keepAlive();
    }, pingMs);
  }

  private onFrame(frame: ChatServerFrame) {
    const events = this.options.events;
    switch (frame.type) {
      case 'hello': {
        this.authed = true;
        this.attempt = 0;
        this.setStatus('open');
        this.keepAlive();
        const reconnect = this.everReady;
        this.everReady = true;
        events.ready?.(frame.conversationId, reconnect);
        this.flush();
        return;
      }
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
            this.setTimer(() => this.flush(), backoffDelay(2, this.random));
          }
          events.outbox?.(this.options.outbox.all());
        }
        events.error?.(frame.code, frame.message, frame.clientId);
        return;
      case 'pong':
        return;
    }
  }

  private raw(frame: unknown): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** Sends every pending outbox item not yet sent on this socket, oldest first. */
  flush() {
    if (!this.authed) return;
    for (const item of this.options.outbox.pending()) {
      if (this.sentOnSocket.has(item.clientId)) continue;
      const sent = this.raw({
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
    if (this.authed) this.raw({ type: 'typing' });
  }

  /** Sends a read receipt; false when the socket is not ready (the caller tries again later). */
  read(messageId: string): boolean {
    return this.authed && this.raw({ type: 'read', messageId });
  }
}
