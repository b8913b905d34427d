import { adminChatApi, chatCalls } from '@dramastar/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/client.js';
import type { Router } from '../../http/route.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { SessionUser } from '../../http/actors.js';
import { type OperatorService, tenantScope } from '../operator/operator.service.js';
import type { MediaStorage } from '../../media/storage.js';
import { createCannedReplies } from './canned-replies.service.js';
import { createChatService } from './chat.service.js';
import { chatSockets } from './chat.socket.js';

/**
 * Customer-service chat: the user calls (/app-api/chat/*), the console's calls (/admin-api/chat/*)
 * and the two WebSockets. Every change is published to all instances after it is committed.
 */
export async function chatModule(
  app: FastifyInstance,
  router: Router,
  deps: {
    database: Database;
    clock: Clock;
    limiter: RateLimiter;
    operators: OperatorService;
    storage: MediaStorage;
    resolveUser: (token: string) => Promise<SessionUser | null>;
  },
): Promise<void> {
  const db = deps.database.db;
  const chat = createChatService({
    db,
    clock: deps.clock,
    limiter: deps.limiter,
    operators: deps.operators,
    storage: deps.storage,
  });
  const canned = createCannedReplies({ db, clock: deps.clock, operators: deps.operators });
  const { publish } = await chatSockets(app, {
    database: deps.database,
    chat,
    resolveUser: deps.resolveUser,
    resolveOperator: (token) => deps.operators.resolve(token),
  });

  // ---- users ----
  router.user(chatCalls.conversation, ({ user }) => chat.userSummary(user));
  router.user(chatCalls.history, ({ user, query }) => chat.userHistory(user, query));
  router.user(chatCalls.upload, ({ user, body }) => chat.upload(user, body.image));
  router.user(chatCalls.read, async ({ user, body }) => {
    const { unread, event } = await chat.userRead(user, body.conversationId, body.messageId);
    await publish([event]);
    return { unread };
  });

  // ---- console ----
  router.operator(adminChatApi.conversations, ({ operator, query }) =>
    chat.list(operator, { ...query, tenantIds: tenantScope(operator, query.tenantId) }),
  );
  router.operator(adminChatApi.conversation, ({ operator, query }) =>
    chat.adminConversation(operator, query.conversationId),
  );
  router.operator(adminChatApi.history, ({ operator, query }) => chat.staffHistory(operator, query));
  router.operator(adminChatApi.assign, async ({ operator, body }) => {
    const { row, event } = await chat.assign(operator, body.conversationId, body.operatorId);
    await publish([event]);
    return chat.adminConversation(operator, String(row.id));
  });
  router.operator(adminChatApi.reply, async ({ operator, body }) => {
    const result = await chat.send({ kind: 'operator', operator }, body);
    if (result.created) await publish(result.events);
    return result.message;
  });
  router.operator(adminChatApi.upload, ({ operator, body }) =>
    chat.staffUpload(operator, body.conversationId, body.image),
  );
  router.operator(adminChatApi.read, async ({ operator, body }) => {
    const { unread, event } = await chat.staffRead(operator, body.conversationId, body.messageId);
    await publish([event]);
    return { unread };
  });
  router.operator(adminChatApi.close, async ({ operator, body }) => {
    const { row, event } = await chat.close(operator, body.conversationId);
    await publish([event]);
    return chat.adminConversation(operator, String(row.id));
  });
  router.operator(adminChatApi.agents, async ({ operator, query }) => ({
    list: await chat.agents(tenantScope(operator, query.tenantId)),
  }));
  router.operator(adminChatApi.cannedReplies, async ({ operator, query }) => ({
    list: await canned.list(tenantScope(operator, query.tenantId)),
  }));
  router.operator(adminChatApi.createCannedReply, ({ operator, body }) => canned.create(operator, body));
  router.operator(adminChatApi.updateCannedReply, ({ operator, body }) => canned.update(operator, body));
  router.operator(adminChatApi.deleteCannedReply, async ({ operator, body }) => {
    await canned.delete(operator, body.id);
    return {};
  });
}
