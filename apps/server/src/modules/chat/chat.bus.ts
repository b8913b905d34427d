import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.js';
import type { ChatEvent } from './chat.service.js';

/** The PostgreSQL channel every instance listens on; payloads are small JSON (ids only). */
export const CHAT_CHANNEL = 'ds_chat';

/** Publishes chat events to every instance (this one included) and hands received ones to `onEvent`. */
export interface ChatBus {
  publish(event: ChatEvent): Promise<void>;
  close(): Promise<void>;
}

/**
 * Embedded PGlite is one process: apps sharing one PGlite client (tests' "two instances") share
 * one emitter, which stands in for LISTEN/NOTIFY.
 */
const embedded = new WeakMap<object, EventEmitter>();

/**
 * Fan-out across instances: with PostgreSQL, `pg_notify` after the change is committed and a
 * dedicated connection that LISTENs (reconnecting after a drop); with PGlite an in-process emitter.
 */
export async function createChatBus(
  database: Database,
  onEvent: (event: ChatEvent) => void,
  log: FastifyBaseLogger,
  /** Called when listening resumes after a drop: events of the gap were not delivered here. */
  onResync: () => void = () => undefined,
): Promise<ChatBus> {
  const client = (database.db as unknown as { $client: object }).$client;
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    try {
      onEvent(JSON.parse(payload) as ChatEvent);
    } catch (error) {
      log.warn({ err: error }, 'chat: bad notification');
    }
  };

  if (database.kind === 'pglite') {
    let emitter = embedded.get(client);
    if (!emitter) {
      emitter = new EventEmitter();
      emitter.setMaxListeners(0);
      embedded.set(client, emitter);
    }
    const bus = emitter;
    bus.on(CHAT_CHANNEL, deliver);
    return {
      publish: async (event) => {
        const payload = JSON.stringify(event);
        // Asynchronous like a notification: the publisher's answer goes out first.
        setImmediate(() => bus.emit(CHAT_CHANNEL, payload));
      },
      close: async () => {
        bus.off(CHAT_CHANNEL, deliver);
      },
    };
  }

  const connectionString = (client as pg.Pool).options.connectionString;
  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let listenedBefore = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === CHAT_CHANNEL) deliver(msg.payload);
    });
    c.on('error', (error) => {
      log.warn({ err: error }, 'chat: listening connection lost');
      if (listener === c) listener = null;
      c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHAT_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      listener = c;
      if (listenedBefore) {
        log.info('chat: listening again; sockets reconnect to catch up');
        onResync();
      }
      listenedBefore = true;
    } catch (error) {
      await c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'chat: cannot listen, retrying');
      retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    }
  };
  await connect();

  return {
    publish: async (event) => {
      await database.query('select pg_notify($1, $2)', [CHAT_CHANNEL, JSON.stringify(event)]);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const c = listener;
      listener = null;
      await c?.end().catch(() => undefined);
    },
  };
}
