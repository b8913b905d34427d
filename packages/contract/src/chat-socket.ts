import { backoffDelay, CHAT_CLOSE, type ChatServerFrame, chatServerFrame } from './chat.js';

export type SocketStatus = 'closed' | 'connecting' | 'open';

type HelloFrame = Extract<ChatServerFrame, { type: 'hello' }>;

export interface ChatSocketOptions {
  /** `ws(s)://host/app-api/chat/ws` or `/admin-api/chat/ws`. */
  url: string;
  /** Asked at every (re)connect; none means stop. */
  token: () => string | null;
  onStatus?: (status: SocketStatus) => void;
  /** After every successful (re)authentication; `reconnect` is false the first time. */
  onReady?: (hello: HelloFrame, reconnect: boolean) => void;
  /** Every other frame the server sends (pongs excepted), parsed by the contract's schema. */
  onFrame: (frame: Exclude<ChatServerFrame, HelloFrame>) => void;
  /** The token was refused: the socket stops for good (the app signs out). */
  onUnauthorized?: () => void;
  /** Ping every this many ms while open; a socket without any frame for two pings is dropped. */
  pingMs?: number;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * The chat WebSocket of both the app and the console: authenticates with the first frame,
 * reconnects with exponential backoff and jitter after a drop (at once on `reconnectNow`), drops a
 * connection that has gone silent, stops for good when the token is refused, and hands on the
 * frames that parse. What to do with them (the app's outbox, the console's lists) is the caller's.
 */
export class ChatSocket {
  private socket: WebSocket | null = null;
  private current: SocketStatus = 'closed';
  private attempt = 0;
  private retryTimer: unknown = null;
  private pingTimer: unknown = null;
  private lastFrameAt = 0;
  private stopped = true;
  private authed = false;
  private everReady = false;
  private readonly Impl: typeof WebSocket;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: ChatSocketOptions) {
    this.Impl = options.WebSocketImpl ?? WebSocket;
    this.random = options.random ?? Math.random;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  get status(): SocketStatus {
    return this.current;
  }

  /** Authenticated: frames sent now reach the server as this user or operator. */
  get ready(): boolean {
    return this.authed;
  }

  private setStatus(status: SocketStatus) {
    if (this.current === status) return;
    this.current = status;
    this.options.onStatus?.(status);
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
    this.authed = false;
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

  /** Sends a frame when the socket is open; false otherwise (the caller keeps it for later). */
  send(frame: unknown): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** Runs `fn` after a backoff of `attempt`'s size (with the socket's jitter and timers). */
  later(fn: () => void, attempt: number) {
    this.setTimer(fn, backoffDelay(attempt, this.random));
  }

  private connect() {
    const token = this.options.token();
    if (!token) {
      this.stop();
      return;
    }
    this.setStatus('connecting');
    this.authed = false;
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
    socket.onmessage = (event: { data: unknown }) => {
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
    socket.onclose = (event: { code: number }) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authed = false;
      this.clearTimer(this.pingTimer);
      if (event.code === CHAT_CLOSE.unauthorized) {
        this.stop();
        this.options.onUnauthorized?.();
        return;
      }
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // A close event follows; reconnecting is decided there.
    };
  }

  private onFrame(frame: ChatServerFrame) {
    if (frame.type === 'pong') return;
    if (frame.type !== 'hello') {
      this.options.onFrame(frame);
      return;
    }
    this.authed = true;
    this.attempt = 0;
    this.setStatus('open');
    this.keepAlive();
    const reconnect = this.everReady;
    this.everReady = true;
    this.options.onReady?.(frame, reconnect);
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
      this.send({ type: 'ping' });
      this.keepAlive();
    }, pingMs);
  }
}
