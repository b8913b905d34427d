import {
  ADMIN_API_PREFIX,
  API_PREFIX,
  CHAT_AUTH_TIMEOUT_MS,
  CHAT_CLOSE,
  CHAT_HEARTBEAT_MS,
  CHAT_RATE_WINDOW_SECONDS,
  CHAT_SIGNAL_LIMIT,
  type ChatServerFrame,
  chatClientFrame,
  formatMessage,
  isLanguage,
  isMessageKey,
  type Language,
  ROLES,
} from '@dramastar/contract';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { SessionUser } from '../../http/actors.js';
import type { OperatorContext } from '../../http/actors.js';
import { createChatBus } from './chat.bus.js';
import { type ChatActor, type ChatEvent, type ChatService, forUser, inScope } from './chat.service.js';
import { setupPending } from '../../http/route.js';

interface Conn {
  socket: WebSocket;
  alive: boolean;
  lang: Language;
  actor: ChatActor | null;
  /** The token the socket signed in with: re-checked at every heartbeat. */
  token: string | null;
  /** Typing and read frames in the current window (a per-socket limit: they cost a lookup each). */
  signals: { windowStart: number; count: number };
  /** When this socket's last typing signal was passed on: at most one per TYPING_EVERY_MS. */
  lastTypingAt: number;
}

/** Typing signals passed on per socket at most this often (clients send one per 2 s anyway). */
const TYPING_EVERY_MS = 1500;

/** Largest frame a client may send (text messages are at most 2,000 characters; images are uploaded). */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * The chat's WebSockets: `/app-api/chat/ws` (users) and `/admin-api/chat/ws` (support staff). The
 * first frame authenticates (`{type:'auth', token}`: tokens stay out of URLs and logs). Messages are
 * stored before the `ack`; events reach every instance's sockets through the bus. Dead sockets are
 * dropped by a ping/pong heartbeat; all sockets are closed when the app closes.
 */
export async function chatSockets(
  app: FastifyInstance,
  deps: {
    database: Database;
    chat: ChatService;
    resolveUser: (token: string) => Promise<SessionUser | null>;
    resolveOperator: (token: string) => Promise<OperatorContext | null>;
  },
): Promise<{ publish: (events: ChatEvent[]) => Promise<void> }> {
  const { chat } = deps;
  const conns = new Set<Conn>();

  const send = (conn: Conn, frame: ChatServerFrame) => {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(frame));
  };
  const errorFrame = (conn: Conn, error: unknown, clientId?: string) => {
    if (error instanceof AppError) {
      send(conn, {
        type: 'error',
        code: error.key,
        message: formatMessage(conn.lang, error.key, error.options.params),
        ...(clientId ? { clientId } : {}),
      });
      return;
    }
    app.log.error({ err: error }, 'chat: frame failed');
    send(conn, {
      type: 'error',
      code: 'InternalError',
      message: formatMessage(conn.lang, 'InternalError'),
      ...(clientId ? { clientId } : {}),
    });
  };

  const userConns = (userId: string) =>
    [...conns].filter((c) => c.actor?.kind === 'user' && String(c.actor.user.userId) === userId);
  const staffConns = (tenantId: string) =>
    [...conns].filter((c) => c.actor?.kind === 'operator' && inScope(c.actor.operator, tenantId));

  /** An event from any instance: pushed to this instance's sockets that may see it. */
  const onEvent = async (event: ChatEvent) => {
    if (conns.size === 0) return;
    switch (event.t) {
      case 'message': {
        const message = await chat.messageById(event.id);
        if (!message) return;
        for (const c of userConns(event.user)) send(c, { type: 'message', message: forUser(message) });
        for (const c of staffConns(event.tenant)) send(c, { type: 'message', message });
        return;
      }
      case 'typing': {
        const targets = event.from === 'user' ? staffConns(event.tenant) : userConns(event.user);
        for (const c of targets)
          send(c, { type: 'typing', conversationId: event.conv, senderKind: event.from });
        return;
      }
      case 'read':
        for (const c of [...userConns(event.user), ...staffConns(event.tenant)])
          send(c, { type: 'read', conversationId: event.conv, side: event.side, messageId: event.id });
        return;
      case 'conversation':
        for (const c of [...userConns(event.user), ...staffConns(event.tenant)])
          send(c, {
            type: 'conversation',
            conversationId: event.conv,
            status: event.status,
            assignedOperatorId: event.assigned,
          });
        return;
    }
  };

  const bus = await createChatBus(
    deps.database,
    (event) =>
      void onEvent(event).catch((error: unknown) => app.log.error({ err: error }, 'chat: delivery failed')),
    app.log,
    // The listening connection was lost and is back: events published meanwhile never reached
    // this instance. Every socket is asked to reconnect, and clients fetch what they missed.
    () => {
      for (const conn of conns) conn.socket.close(CHAT_CLOSE.resync, 'reconnect to catch up');
    },
  );
  const publish = async (events: ChatEvent[]) => {
    for (const event of events) await bus.publish(event);
  };

  /** Who `token` still is (null once the session was revoked or ended, or the account frozen). */
  const stillSignedIn = async (conn: Conn): Promise<boolean> => {
    if (!conn.actor || !conn.token) return true;
    if (conn.actor.kind === 'user') return (await deps.resolveUser(conn.token)) !== null;
    const operator = await deps.resolveOperator(conn.token);
    return operator !== null && setupPending(operator) === null;
  };

  const heartbeat = setInterval(() => {
    for (const conn of conns) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
      // A revoked session (sign-out elsewhere, a frozen account) loses its socket within a beat.
      stillSignedIn(conn).then(
        (ok) => {
          if (!ok) conn.socket.close(CHAT_CLOSE.unauthorized, 'unauthorized');
        },
        (error: unknown) => app.log.warn({ err: error }, 'chat: session re-check failed'),
      );
    }
  }, CHAT_HEARTBEAT_MS);
  heartbeat.unref();

  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Our own goodbye (1001) to every socket, then the server stops.
    preClose: async () => {
      clearInterval(heartbeat);
      for (const conn of conns) conn.socket.close(CHAT_CLOSE.shuttingDown, 'server shutting down');
      conns.clear();
    },
  });
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await bus.close();
  });

  async function handle(conn: Conn, kind: 'user' | 'operator', raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      send(conn, { type: 'error', code: 'InvalidJson', message: formatMessage(conn.lang, 'InvalidJson') });
      return;
    }
    const parsed = chatClientFrame.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const key = isMessageKey(issue?.message) ? issue.message : 'ValidationFailed';
      const field = issue?.path.join('.') || 'type';
      const clientId =
        json && typeof json === 'object' && typeof (json as { clientId?: unknown }).clientId === 'string'
          ? (json as { clientId: string }).clientId.slice(0, 64)
          : undefined;
      send(conn, {
        type: 'error',
        code: key,
        message: formatMessage(conn.lang, key, { field }),
        ...(clientId ? { clientId } : {}),
      });
      return;
    }
    const frame = parsed.data;
    if (frame.type === 'ping') {
      send(conn, { type: 'pong' });
      return;
    }
    if (frame.type === 'auth') {
      if (conn.actor) return;
      let actor: ChatActor | null = null;
      if (kind === 'user') {
        const user = await deps.resolveUser(frame.token);
        if (user) actor = { kind: 'user', user };
      } else {
        const operator = await deps.resolveOperator(frame.token);
        // Only a support role whose set-up is done (password changed, TOTP where required).
        if (
          operator &&
          setupPending(operator) === null &&
          (ROLES.support as readonly string[]).includes(operator.role)
        )
          actor = { kind: 'operator', operator };
      }
      if (!actor) {
        send(conn, {
          type: 'error',
          code: 'Unauthorized',
          message: formatMessage(conn.lang, 'Unauthorized'),
        });
        conn.socket.close(CHAT_CLOSE.unauthorized, 'unauthorized');
        return;
      }
      conn.actor = actor;
      conn.token = frame.token;
      const open = actor.kind === 'user' ? await chat.openConversationOf(actor.user.userId) : undefined;
      send(conn, {
        type: 'hello',
        role: actor.kind,
        conversationId: open ? String(open.id) : null,
      });
      return;
    }
    const actor = conn.actor;
    if (!actor) {
      send(conn, { type: 'error', code: 'Unauthorized', message: formatMessage(conn.lang, 'Unauthorized') });
      return;
    }
    if (frame.type === 'typing' || frame.type === 'read') {
      const now = Date.now();
      if (now - conn.signals.windowStart > CHAT_RATE_WINDOW_SECONDS * 1000)
        conn.signals = { windowStart: now, count: 0 };
      if (++conn.signals.count > CHAT_SIGNAL_LIMIT) {
        errorFrame(conn, new AppError('ChatRateLimited', { status: 429 }));
        return;
      }
      if (frame.type === 'typing') {
        if (now - conn.lastTypingAt < TYPING_EVERY_MS) return;
        conn.lastTypingAt = now;
      }
    }
    switch (frame.type) {
      case 'send': {
        try {
          const result = await chat.send(actor, frame);
          send(conn, { type: 'ack', clientId: frame.clientId, message: result.message });
          if (result.created) await publish(result.events);
        } catch (error) {
          errorFrame(conn, error, frame.clientId);
        }
        return;
      }
      case 'typing': {
        try {
          const row =
            actor.kind === 'user'
              ? frame.conversationId
                ? await chat.userConversation(deps.database.db, actor.user, frame.conversationId)
                : await chat.openConversationOf(actor.user.userId)
              : frame.conversationId
                ? await chat.staffConversation(deps.database.db, actor.operator, frame.conversationId)
                : undefined;
          if (!row || row.status !== 'open') return;
          await bus.publish({
            t: 'typing',
            conv: String(row.id),
            tenant: row.tenantId,
            user: String(row.userId),
            from: actor.kind,
          });
        } catch (error) {
          errorFrame(conn, error);
        }
        return;
      }
      case 'read': {
        try {
          const result =
            actor.kind === 'user'
              ? await chat.userRead(actor.user, frame.conversationId, frame.messageId)
              : frame.conversationId
                ? await chat.staffRead(actor.operator, frame.conversationId, frame.messageId)
                : null;
          if (!result) throw new AppError('ChatConversationNotFound', { status: 404 });
          await bus.publish(result.event);
        } catch (error) {
          errorFrame(conn, error);
        }
        return;
      }
    }
  }

  const route = (kind: 'user' | 'operator', url: string) =>
    app.get(url, { websocket: true }, (socket, req) => {
      const langParam = (req.query as { lang?: unknown }).lang;
      const conn: Conn = {
        socket,
        alive: true,
        lang: isLanguage(langParam) ? langParam : 'en',
        actor: null,
        token: null,
        signals: { windowStart: Date.now(), count: 0 },
        lastTypingAt: 0,
      };
      conns.add(conn);
      const authTimer = setTimeout(() => {
        if (!conn.actor) socket.close(CHAT_CLOSE.authTimeout, 'authenticate first');
      }, CHAT_AUTH_TIMEOUT_MS);
      // Frames of one socket are handled in order (an ack never overtakes an earlier one).
      let queue = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        if (isBinary) {
          socket.close(CHAT_CLOSE.badFrame, 'text frames only');
          return;
        }
        const raw = Array.isArray(data)
          ? Buffer.concat(data).toString('utf8')
          : Buffer.isBuffer(data)
            ? data.toString('utf8')
            : Buffer.from(new Uint8Array(data)).toString('utf8');
        queue = queue.then(() => handle(conn, kind, raw)).catch((error: unknown) => errorFrame(conn, error));
      });
      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('close', () => {
        clearTimeout(authTimer);
        conns.delete(conn);
      });
      socket.on('error', () => {
        conns.delete(conn);
      });
    });

  route('user', `${API_PREFIX}/chat/ws`);
  route('operator', `${ADMIN_API_PREFIX}/chat/ws`);
  return { publish };
}
