import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { createNotifier } from '../../db/notify.js';
import type { ChatEvent } from './chat.service.js';

/** The PostgreSQL channel every instance listens on; payloads are small JSON (ids only). */
export const CHAT_CHANNEL = 'ds_chat';

/** Publishes chat events to every instance (this one included) and hands received ones to `onEvent`. */
export interface ChatBus {
  publish(event: ChatEvent): Promise<void>;
  close(): Promise<void>;
}

/** Chat events on the shared notifier (publish after the change is committed). */
export async function createChatBus(
  database: Database,
  onEvent: (event: ChatEvent) => void,
  log: FastifyBaseLogger,
  /** Called when listening resumes after a drop: events of the gap were not delivered here. */
  onResync: () => void = () => undefined,
): Promise<ChatBus> {
  const notifier = await createNotifier(
    database,
    CHAT_CHANNEL,
    (payload) => {
      try {
        onEvent(JSON.parse(payload) as ChatEvent);
      } catch (error) {
        log.warn({ err: error }, 'chat: bad notification');
      }
    },
    log,
    () => {
      log.info('chat: listening again; sockets reconnect to catch up');
      onResync();
    },
  );
  return {
    publish: (event) => notifier.publish(JSON.stringify(event)),
    close: () => notifier.close(),
  };
}
