import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client.js';

/** Publishes a payload on a channel to every instance (this one included). */
export interface Notifier {
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Embedded PGlite is one process: apps sharing one PGlite client (tests' "two instances") share
 * one emitter, which stands in for LISTEN/NOTIFY.
 */
const embedded = new WeakMap<object, EventEmitter>();

/**
 * Fan-out across instances on `channel`: with PostgreSQL, `pg_notify` (call `publish` after the
 * change is committed) and a dedicated connection that LISTENs (reconnecting after a drop); with
 * PGlite an in-process emitter. `onResync` is called when listening resumes after a drop:
 * notifications of the gap were not delivered here.
 */
export async function createNotifier(
  database: Database,
  channel: string,
  onPayload: (payload: string) => void,
  log: FastifyBaseLogger,
  onResync: () => void = () => undefined,
): Promise<Notifier> {
  const client = (database.db as unknown as { $client: object }).$client;
  const deliver = (payload: string | undefined) => {
    if (payload !== undefined) onPayload(payload);
  };

  if (database.kind === 'pglite') {
    let emitter = embedded.get(client);
    if (!emitter) {
      emitter = new EventEmitter();
      emitter.setMaxListeners(0);
      embedded.set(client, emitter);
    }
    const bus = emitter;
    bus.on(channel, deliver);
    return {
      publish: async (payload) => {
        // Asynchronous like a notification: the publisher's answer goes out first.
        setImmediate(() => bus.emit(channel, payload));
      },
      close: async () => {
        bus.off(channel, deliver);
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
      if (msg.channel === channel) deliver(msg.payload);
    });
    c.on('error', (error) => {
      log.warn({ err: error, channel }, 'notify: listening connection lost');
      if (listener === c) listener = null;
      c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
      if (closed) {
        await c.end();
        return;
      }
      listener = c;
      if (listenedBefore) {
        log.info({ channel }, 'notify: listening again');
        onResync();
      }
      listenedBefore = true;
    } catch (error) {
      await c.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error, channel }, 'notify: cannot listen, retrying');
      retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    }
  };
  await connect();

  return {
    publish: async (payload) => {
      await database.query('select pg_notify($1, $2)', [channel, payload]);
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
