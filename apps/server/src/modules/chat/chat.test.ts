import { randomUUID } from 'node:crypto';
import {
  CHAT_CLOSE,
  CHAT_MAX_TEXT,
  CHAT_RATE_LIMIT,
  CHAT_SIGNAL_LIMIT,
  CHAT_UPLOAD_LIMIT,
  adminChatApi,
  chatCalls,
} from '@dramastar/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../clock.js';
import { ChatTestClient, listenLocal } from '../../test/chat-client.js';
import { purgeUnsentChatImages } from './chat-images.js';
import { localDiskStorage } from '../../media/storage.js';
import { openDatabase } from '../../db/client.js';
import { openTestDatabase, usingPostgres } from '../../test/database.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { bombPng, dataUrl, photoJpeg } from '../../test/pictures.js';
import sharp from 'sharp';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const cid = () => randomUUID();

let t: TestApp;
let f: ReturnType<typeof walletFixtures>;
let base: string;
const sockets: ChatTestClient[] = [];

async function connect(kind: 'user' | 'operator', token: string) {
  const { client, hello } = await ChatTestClient.connect(
    `${base}/${kind === 'user' ? 'app-api' : 'admin-api'}/chat/ws`,
    token,
  );
  sockets.push(client);
  return { client, hello };
}

beforeAll(async () => {
  t = await buildTestApp();
  f = walletFixtures(t);
  base = await listenLocal(t.app);
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((s) => s.close()));
});
afterAll(() => t.close());

describe('chat round trip on one instance', () => {
  it('carries user → support → user, with acks, unread counts and read receipts', async () => {
    const user = await f.user();
    const support = await f.operator('support', ['000000']);
    const { client: u, hello } = await connect('user', user.token);
    expect(hello).toMatchObject({ role: 'user', conversationId: null });
    const { client: op } = await connect('operator', support);

    const clientId = cid();
    u.send({ type: 'send', clientId, kind: 'text', body: '  Where is my recharge?  ' });
    const ack = await u.next('ack');
    expect(ack.clientId).toBe(clientId);
    expect(ack.message).toMatchObject({ senderKind: 'user', kind: 'text', body: 'Where is my recharge?' });
    const conversationId = ack.message.conversationId;
    // The console is told about the new conversation and the message.
    await op.next('conversation', (c) => c.conversationId === conversationId && c.status === 'open');
    const seen = await op.next('message');
    expect(seen.message.id).toBe(ack.message.id);

    const list = await f.admin(adminChatApi.conversations, { token: support, query: { tab: 'unassigned' } });
    expect(list.status).toBe(200);
    const row = list.body.data.list.find((c: { id: string }) => c.id === conversationId);
    expect(row).toMatchObject({
      unread: 1,
      lastMessage: 'Where is my recharge?',
      userId: String(user.userId),
    });
    expect(list.body.data.counts.unreadUnassigned).toBeGreaterThanOrEqual(1);

    const replyId = cid();
    op.send({ type: 'send', conversationId, clientId: replyId, body: 'Let me check.' });
    const opAck = await op.next('ack');
    const got = await u.next('message', (m) => m.message.senderKind === 'operator');
    // The user sees "Support", never the operator's sign-in name; the console sees who answered.
    expect(got.message).toMatchObject({ id: opAck.message.id, body: 'Let me check.', senderName: null });
    expect(opAck.message.senderName).toEqual(expect.any(String));
    const userHistory = await f.call(chatCalls.history, { token: user.token, query: { conversationId } });
    const replyInHistory = userHistory.body.data.list.find((m: { id: string }) => m.id === opAck.message.id);
    expect(replyInHistory).toMatchObject({ senderKind: 'operator', senderName: null });
    const staffHistory = await f.admin(adminChatApi.history, { token: support, query: { conversationId } });
    const staffSees = staffHistory.body.data.list.find((m: { id: string }) => m.id === opAck.message.id)!;
    expect(staffSees.senderName).toBe(opAck.message.senderName);

    // The reply took the conversation (audited); the user has one unread message until reading it.
    const mine = await f.admin(adminChatApi.conversations, { token: support, query: { tab: 'mine' } });
    expect(mine.body.data.list.map((c: { id: string }) => c.id)).toContain(conversationId);
    let summary = await f.call(chatCalls.conversation, { token: user.token });
    expect(summary.body.data).toMatchObject({
      unread: 1,
      conversation: { id: conversationId, status: 'open' },
    });
    u.send({ type: 'read', messageId: opAck.message.id });
    const receipt = await op.next('read', (r) => r.side === 'user');
    expect(receipt.messageId).toBe(opAck.message.id);
    summary = await f.call(chatCalls.conversation, { token: user.token });
    expect(summary.body.data.unread).toBe(0);

    // Typing reaches the other side only.
    u.send({ type: 'typing' });
    expect(await op.next('typing')).toMatchObject({ conversationId, senderKind: 'user' });

    const audit = await t.database.query<{ action: string }>(
      "select action from audit_log where action like 'chat.%' order by id",
    );
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['chat.reply', 'chat.assign']));
  });
});

describe('exactly once and reconnecting', () => {
  it('stores a resent clientId once, both acks naming the same message', async () => {
    const user = await f.user();
    const { client: u } = await connect('user', user.token);
    const clientId = cid();
    u.send({ type: 'send', clientId, body: 'hello once' });
    const first = await u.next('ack');
    // The connection drops before the client saw the ack: it reconnects and sends again.
    await u.close();
    const { client: again, hello } = await connect('user', user.token);
    expect(hello.conversationId).toBe(first.message.conversationId);
    again.send({ type: 'send', clientId, body: 'hello once' });
    const second = await again.next('ack');
    expect(second.message.id).toBe(first.message.id);
    // Twice on the same socket as well.
    again.send({ type: 'send', clientId, body: 'hello once' });
    expect((await again.next('ack')).message.id).toBe(first.message.id);
    const history = await f.call(chatCalls.history, { token: user.token });
    expect(history.body.data.list.filter((m: { clientId: string }) => m.clientId === clientId)).toHaveLength(
      1,
    );
  });

  it('answers a resend after staff closed the conversation with the stored message, opening nothing', async () => {
    const user = await f.user();
    const support = await f.operator('support', ['000000']);
    const { client: u } = await connect('user', user.token);
    const clientId = cid();
    u.send({ type: 'send', clientId, body: 'still there?' });
    const first = await u.next('ack');
    // Staff close the conversation before the client saw its ack; the client sends again.
    const closed = await f.admin(adminChatApi.close, {
      token: support,
      body: { conversationId: first.message.conversationId },
    });
    expect(closed.status).toBe(200);
    await u.close();
    const { client: again, hello } = await connect('user', user.token);
    expect(hello.conversationId).toBeNull();
    again.send({ type: 'send', clientId, body: 'still there?' });
    expect((await again.next('ack')).message).toMatchObject({
      id: first.message.id,
      conversationId: first.message.conversationId,
    });
    const summary = await f.call(chatCalls.conversation, { token: user.token });
    expect(summary.body.data.conversation).toMatchObject({
      id: first.message.conversationId,
      status: 'closed',
    });
    // A new message (another clientId) does open a new conversation.
    again.send({ type: 'send', clientId: cid(), body: 'one more question' });
    expect((await again.next('ack')).message.conversationId).not.toBe(first.message.conversationId);
  });

  it('lets a client fetch what it missed while offline, without duplicates', async () => {
    const user = await f.user();
    const support = await f.operator('support', ['000000']);
    const { client: u } = await connect('user', user.token);
    const { client: op } = await connect('operator', support);
    u.send({ type: 'send', clientId: cid(), body: 'anyone there?' });
    const mine = await u.next('ack');
    await u.close();
    for (const text of ['Hi!', 'We are here.']) {
      const res = await f.admin(adminChatApi.reply, {
        token: support,
        body: { conversationId: mine.message.conversationId, clientId: cid(), body: text },
      });
      expect(res.status).toBe(200);
    }
    // Events are delivered after the reply answers; once the console has the last one, every
    // earlier event has been handed out here too (they arrive in order), so the user's new
    // socket below starts after them: what it missed comes from history, not from the socket.
    await op.next('message', (m) => m.message.body === 'We are here.');
    const { client: back } = await connect('user', user.token);
    const missed = await f.call(chatCalls.history, {
      token: user.token,
      query: { afterId: mine.message.id },
    });
    expect(missed.body.data.list.map((m: { body: string }) => m.body)).toEqual(['Hi!', 'We are here.']);
    expect(missed.body.data.hasMore).toBe(false);
    // Paging back from the newest.
    const page = await f.call(chatCalls.history, { token: user.token, query: { limit: '2' } });
    expect(page.body.data).toMatchObject({ hasMore: true });
    expect(page.body.data.list.map((m: { body: string }) => m.body)).toEqual(['Hi!', 'We are here.']);
    const older = await f.call(chatCalls.history, {
      token: user.token,
      query: { beforeId: page.body.data.list[0]!.id },
    });
    expect(older.body.data.list.map((m: { body: string }) => m.body)).toEqual(['anyone there?']);
    expect(back.frames.filter((fr) => fr.type === 'message')).toHaveLength(0);
  });
});

describe('authorization', () => {
  it('never lets a user read or write another user’s conversation', async () => {
    const alice = await f.user();
    const bob = await f.user();
    const { client: a } = await connect('user', alice.token);
    a.send({ type: 'send', clientId: cid(), body: 'private' });
    const conversationId = (await a.next('ack')).message.conversationId;

    const history = await f.call(chatCalls.history, { token: bob.token, query: { conversationId } });
    expect(history.status).toBe(404);
    expect(history.body.errorKey).toBe('ChatConversationNotFound');
    const read = await f.call(chatCalls.read, { token: bob.token, body: { conversationId, messageId: '1' } });
    expect(read.status).toBe(404);
    expect((await f.call(chatCalls.history, { token: bob.token })).body.data.list).toEqual([]);

    const { client: b } = await connect('user', bob.token);
    const clientId = cid();
    b.send({ type: 'send', conversationId, clientId, body: 'let me in' });
    expect(await b.next('error')).toMatchObject({ code: 'ChatConversationNotFound', clientId });
    b.send({ type: 'read', conversationId, messageId: '1' });
    expect(await b.next('error')).toMatchObject({ code: 'ChatConversationNotFound' });
    // Bob's socket never sees Alice's messages.
    const { client: a2 } = await connect('user', alice.token);
    const { client: b2 } = await connect('user', bob.token);
    a.send({ type: 'send', clientId: cid(), body: 'still private' });
    await a.next('ack');
    // Delivered to Alice's other socket: any copy to Bob's socket was written in the same pass.
    expect((await a2.next('message')).message.body).toBe('still private');
    // Then a message Bob's socket must get (`next` takes the first in order): had Alice's reached
    // it, that would have come first.
    b2.send({ type: 'send', clientId: cid(), body: 'my own' });
    expect((await b.next('message')).message.body).toBe('my own');
    expect(b.frames.filter((fr) => fr.type === 'message')).toEqual([]);
    const rows = await t.database.query<{ n: string }>(
      'select count(*)::text as n from chat_message where conversation_id = $1',
      [conversationId],
    );
    expect(rows[0]?.n).toBe('2');
  });

  it('keeps support staff to their tenants and other roles out', async () => {
    const user = await f.user();
    const { client: u } = await connect('user', user.token);
    u.send({ type: 'send', clientId: cid(), body: 'tenant A question' });
    const conversationId = (await u.next('ack')).message.conversationId;

    const other = await f.operator('support', ['000001']);
    const history = await f.admin(adminChatApi.history, { token: other, query: { conversationId } });
    expect(history.status).toBe(403);
    const reply = await f.admin(adminChatApi.reply, {
      token: other,
      body: { conversationId, clientId: cid(), body: 'hi' },
    });
    expect(reply.status).toBe(403);
    expect((await f.admin(adminChatApi.assign, { token: other, body: { conversationId } })).status).toBe(403);
    expect((await f.admin(adminChatApi.close, { token: other, body: { conversationId } })).status).toBe(403);
    const list = await f.admin(adminChatApi.conversations, { token: other, query: { tab: 'unassigned' } });
    expect(list.body.data.list.map((c: { id: string }) => c.id)).not.toContain(conversationId);
    const foreign = await f.admin(adminChatApi.conversations, {
      token: other,
      query: { tenantId: '000000' },
    });
    expect(foreign.status).toBe(403);
    const canned = await f.admin(adminChatApi.createCannedReply, {
      token: other,
      body: { tenantId: '000000', title: 'x', body: 'y' },
    });
    expect(canned.status).toBe(403);

    const { client: op } = await connect('operator', other);
    op.send({ type: 'send', conversationId, clientId: cid(), body: 'sneaky' });
    expect(await op.next('error')).toMatchObject({ code: 'Forbidden' });
    u.send({ type: 'send', clientId: cid(), body: 'second' });
    await u.next('ack');
    // Then a message the operator's socket must get (from its own tenant's user): had tenant A's
    // reached it, it would have come first.
    await t.database.query(
      `insert into tenant (id, name, currency, default_language, time_zone, invite_url)
       values ('000001', 'Other', 'PHP', 'en', 'UTC', 'http://x') on conflict do nothing`,
    );
    const own = await f.user('000001');
    const { client: ownSocket } = await connect('user', own.token);
    ownSocket.send({ type: 'send', clientId: cid(), body: 'tenant B question' });
    expect((await op.next('message')).message.body).toBe('tenant B question');
    expect(op.frames.filter((fr) => fr.type === 'message')).toEqual([]);

    const finance = await f.operator('finance', ['000000']);
    expect((await f.admin(adminChatApi.conversations, { token: finance })).status).toBe(403);
    const socket = await ChatTestClient.open(`${base}/admin-api/chat/ws`);
    sockets.push(socket);
    socket.send({ type: 'auth', token: finance });
    expect(await socket.next('error')).toMatchObject({ code: 'Unauthorized' });
    expect(await socket.waitClose()).toBe(CHAT_CLOSE.unauthorized);
  });

  it('reads nothing before a good auth frame', async () => {
    const socket = await ChatTestClient.open(`${base}/app-api/chat/ws`);
    sockets.push(socket);
    socket.send({ type: 'send', clientId: cid(), body: 'hi' });
    expect(await socket.next('error')).toMatchObject({ code: 'Unauthorized' });
    socket.send({ type: 'auth', token: 'not-a-token' });
    expect(await socket.waitClose()).toBe(CHAT_CLOSE.unauthorized);
    expect((await f.call(chatCalls.conversation)).status).toBe(401);
  });
});

describe('bad input', () => {
  it('refuses oversized, empty, unknown-conversation and malformed frames', async () => {
    const user = await f.user();
    const { client: u } = await connect('user', user.token);
    const long = cid();
    u.send({ type: 'send', clientId: long, body: 'x'.repeat(CHAT_MAX_TEXT + 1) });
    expect(await u.next('error')).toMatchObject({ code: 'ChatMessageTooLong', clientId: long });
    u.send({ type: 'send', clientId: cid(), body: '   ' });
    expect(await u.next('error')).toMatchObject({ code: 'ChatMessageEmpty' });
    u.send({ type: 'send', conversationId: '999999', clientId: cid(), body: 'hi' });
    expect(await u.next('error')).toMatchObject({ code: 'ChatConversationNotFound' });
    u.send('{not json');
    expect(await u.next('error')).toMatchObject({ code: 'InvalidJson' });
    u.send({ type: 'shout' });
    expect(await u.next('error')).toMatchObject({ code: 'ValidationFailed' });
    u.send({ type: 'send', clientId: 'x', body: 'short id' });
    expect(await u.next('error')).toMatchObject({ code: 'ValidationFailed' });
    u.send({ type: 'send', clientId: cid(), kind: 'image', imageKey: `chat/${'a'.repeat(32)}.png` });
    expect(await u.next('error')).toMatchObject({ code: 'ChatImageNotFound' });
    // Nothing of that was stored.
    expect((await f.call(chatCalls.history, { token: user.token })).body.data.list).toEqual([]);

    const support = await f.operator('support', ['000000']);
    const unknown = await f.admin(adminChatApi.reply, {
      token: support,
      body: { conversationId: '999999', clientId: cid(), body: 'hi' },
    });
    expect(unknown.status).toBe(404);
    const tooLong = await f.admin(adminChatApi.reply, {
      token: support,
      body: { conversationId: '1', clientId: cid(), body: 'x'.repeat(CHAT_MAX_TEXT + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errorKey).toBe('ChatMessageTooLong');
  });

  it('takes a message of 1,000 characters and refuses 1,001, saying the limit, on the socket and the console', async () => {
    expect(CHAT_MAX_TEXT).toBe(1000);
    const user = await f.user();
    const { client: u } = await connect('user', user.token);
    const full = cid();
    u.send({ type: 'send', clientId: full, body: 'y'.repeat(1000) });
    const ack = await u.next('ack');
    expect(ack).toMatchObject({ clientId: full });
    expect(ack.message.body).toHaveLength(1000);
    const over = cid();
    u.send({ type: 'send', clientId: over, body: 'y'.repeat(1001) });
    const refused = await u.next('error');
    expect(refused).toMatchObject({ code: 'ChatMessageTooLong', clientId: over });
    expect(refused.message).toContain('1000');

    const support = await f.operator('support', ['000000']);
    const reply = await f.admin(adminChatApi.reply, {
      token: support,
      body: { conversationId: ack.message.conversationId, clientId: cid(), body: 'z'.repeat(1001) },
    });
    expect(reply.body).toMatchObject({ code: 400, field: 'body', errorKey: 'ChatMessageTooLong' });
    const canned = await f.admin(adminChatApi.createCannedReply, {
      token: support,
      body: { tenantId: '000000', title: 'Too long', body: 'z'.repeat(1001) },
    });
    expect(canned.body).toMatchObject({ code: 400, field: 'body' });
    const history = await f.call(chatCalls.history, { token: user.token });
    expect(history.body.data.list.map((m: { clientId: string }) => m.clientId)).toEqual([full]);
  });

  it(`limits a user to ${CHAT_RATE_LIMIT} messages in a window`, async () => {
    const user = await f.user();
    const { client: u } = await connect('user', user.token);
    for (let i = 0; i < CHAT_RATE_LIMIT; i++) {
      u.send({ type: 'send', clientId: cid(), body: `m${i}` });
      await u.next('ack');
    }
    const over = cid();
    u.send({ type: 'send', clientId: over, body: 'one too many' });
    expect(await u.next('error')).toMatchObject({ code: 'ChatRateLimited', clientId: over });
    // The window passes (the test clock), and the user may write again.
    t.clock.advance(11_000);
    u.send({ type: 'send', clientId: over, body: 'one too many' });
    expect((await u.next('ack')).message.body).toBe('one too many');
  });

  it('sends an uploaded image only as its uploader', async () => {
    const alice = await f.user();
    const bob = await f.user();
    const upload = await f.call(chatCalls.upload, {
      token: alice.token,
      body: { image: `data:image/png;base64,${PNG_1x1.toString('base64')}` },
    });
    expect(upload.body.data.imageKey).toMatch(new RegExp(`^chat/${alice.userId}/[a-f0-9]{32}\\.webp$`));
    const { client: b } = await connect('user', bob.token);
    const clientId = cid();
    b.send({ type: 'send', clientId, kind: 'image', imageKey: upload.body.data.imageKey });
    expect(await b.next('error')).toMatchObject({ code: 'ChatImageNotFound', clientId });
    expect((await f.call(chatCalls.history, { token: bob.token })).body.data.list).toEqual([]);
  });

  it(`limits uploads to ${CHAT_UPLOAD_LIMIT} a minute per user`, async () => {
    const user = await f.user();
    const image = `data:image/png;base64,${PNG_1x1.toString('base64')}`;
    for (let i = 0; i < CHAT_UPLOAD_LIMIT; i++)
      expect((await f.call(chatCalls.upload, { token: user.token, body: { image } })).status).toBe(200);
    const over = await f.call(chatCalls.upload, { token: user.token, body: { image } });
    expect(over.status).toBe(429);
    expect(over.body.errorKey).toBe('ChatRateLimited');
    t.clock.advance(61_000);
    expect((await f.call(chatCalls.upload, { token: user.token, body: { image } })).status).toBe(200);
  });

  it(`refuses typing and read frames beyond ${CHAT_SIGNAL_LIMIT} a window, and passes typing on at most every 1.5 s`, async () => {
    const user = await f.user();
    const support = await f.operator('support', ['000000']);
    const { client: u } = await connect('user', user.token);
    u.send({ type: 'send', clientId: cid(), body: 'hi' });
    await u.next('ack');
    const { client: op } = await connect('operator', support);
    for (let i = 0; i < CHAT_SIGNAL_LIMIT; i++) u.send({ type: 'typing' });
    u.send({ type: 'typing' });
    expect(await u.next('error')).toMatchObject({ code: 'ChatRateLimited' });
    // Of the burst, staff saw one typing signal: a message sent after the burst reaches them, and
    // no second typing signal came before it.
    await op.next('typing');
    u.send({ type: 'send', clientId: cid(), body: 'after the burst' });
    await op.next('message', (m) => m.message.body === 'after the burst');
    expect(op.frames.filter((fr) => fr.type === 'typing')).toEqual([]);
  });

  it('forgets pictures never sent a day after their upload, and keeps sent ones', async () => {
    const user = await f.user();
    const image = `data:image/png;base64,${PNG_1x1.toString('base64')}`;
    const sent = (await f.call(chatCalls.upload, { token: user.token, body: { image } })).body.data;
    const unsent = (await f.call(chatCalls.upload, { token: user.token, body: { image } })).body.data;
    const { client: u } = await connect('user', user.token);
    u.send({ type: 'send', clientId: cid(), kind: 'image', imageKey: sent.imageKey });
    await u.next('ack');
    const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

    // Within the day nothing goes: the user may still be about to send it.
    await purgeUnsentChatImages(t.database.db, t.clock, localDiskStorage(t.config.mediaRoot));
    expect([await served(sent.url), await served(unsent.url)]).toEqual([200, 200]);
    t.clock.advance(DAY_MS + 60_000);
    expect(
      await purgeUnsentChatImages(t.database.db, t.clock, localDiskStorage(t.config.mediaRoot)),
    ).toBeGreaterThanOrEqual(1);
    expect([await served(sent.url), await served(unsent.url)]).toEqual([200, 404]);
    // Again (or on another instance at once): nothing more, nothing breaks.
    await purgeUnsentChatImages(t.database.db, t.clock, localDiskStorage(t.config.mediaRoot));
    expect(await served(sent.url)).toBe(200);
  });

  it('takes images checked by their bytes and sends them as messages', async () => {
    const user = await f.user();
    const ok = await f.call(chatCalls.upload, {
      token: user.token,
      body: { image: `data:image/png;base64,${PNG_1x1.toString('base64')}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.url).toBe(`/media/${ok.body.data.imageKey}`);
    const fake = await f.call(chatCalls.upload, {
      token: user.token,
      body: { image: `data:image/png;base64,${Buffer.from('<svg></svg>').toString('base64')}` },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.errorKey).toBe('ImageInvalid');
    const big = await f.call(chatCalls.upload, {
      token: user.token,
      body: {
        image: `data:image/png;base64,${Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024)]).toString('base64')}`,
      },
    });
    expect(big.status).toBe(400);

    const { client: u } = await connect('user', user.token);
    u.send({ type: 'send', clientId: cid(), kind: 'image', imageKey: ok.body.data.imageKey });
    const ack = await u.next('ack');
    expect(ack.message).toMatchObject({ kind: 'image', imageUrl: ok.body.data.url, body: '' });
    const served = await t.app.inject({ method: 'GET', url: ok.body.data.url });
    expect(served.statusCode).toBe(200);
  });

  it('stores a photo re-encoded with its longer side at 1280 and without its metadata', async () => {
    const user = await f.user();
    // A phone photo of 4000 × 3000 with its GPS position, to be shown a quarter turned.
    const photo = await photoJpeg(4000, 3000, 6);
    const up = await f.call(chatCalls.upload, { token: user.token, body: { image: dataUrl('jpeg', photo) } });
    expect(up.status).toBe(200);
    expect(up.body.data.imageKey).toMatch(new RegExp(`^chat/${user.userId}/[a-f0-9]{32}\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: up.body.data.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
      'webp',
      960,
      1280,
      undefined,
      undefined,
    ]);
  });

  it('refuses a decompression bomb from a user and from staff by its header, storing nothing', async () => {
    const user = await f.user();
    const bomb = dataUrl('png', bombPng(30_000, 30_000));
    const before = process.memoryUsage().rss;
    const refused = await f.call(chatCalls.upload, { token: user.token, body: { image: bomb } });
    expect(refused.body).toMatchObject({ code: 400, field: 'image', errorKey: 'ImageDimensionsTooLarge' });
    expect(refused.body.msg).toContain('30000 × 30000');

    const { client: u } = await connect('user', user.token);
    u.send({ type: 'send', clientId: cid(), body: 'hello' });
    const conversationId = (await u.next('ack')).message.conversationId;
    const support = await f.operator('support', ['000000']);
    const staff = await f.admin(adminChatApi.upload, {
      token: support,
      body: { conversationId, image: bomb },
    });
    expect(staff.body).toMatchObject({ code: 400, field: 'image', errorKey: 'ImageDimensionsTooLarge' });
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    const stored = (await localDiskStorage(t.config.mediaRoot).list('chat')).filter((file) =>
      file.key.startsWith(`chat/${user.userId}/`),
    );
    expect(stored).toEqual([]);
  });
});

describe('the console', () => {
  it('assigns, hands over, closes and reopens conversations', async () => {
    const user = await f.user();
    const support = await f.operatorAccount('support', ['000000']);
    const colleague = await f.operatorAccount('support', ['000000']);
    const outsider = await f.operatorAccount('support', ['000001']);
    const finance = await f.operatorAccount('finance', ['000000']);
    const { client: u } = await connect('user', user.token);
    u.send({ type: 'send', clientId: cid(), body: 'help' });
    const conversationId = (await u.next('ack')).message.conversationId;

    const taken = await f.admin(adminChatApi.assign, { token: support.token, body: { conversationId } });
    expect(taken.body.data).toMatchObject({
      assignedOperatorId: support.id,
      assignedOperator: support.username,
    });
    for (const bad of [outsider.id, finance.id, '999999']) {
      const res = await f.admin(adminChatApi.assign, {
        token: support.token,
        body: { conversationId, operatorId: bad },
      });
      expect(res.status).toBe(409);
      expect(res.body.errorKey).toBe('ChatAssigneeInvalid');
    }
    const handed = await f.admin(adminChatApi.assign, {
      token: support.token,
      body: { conversationId, operatorId: colleague.id },
    });
    expect(handed.body.data.assignedOperatorId).toBe(colleague.id);
    const agents = await f.admin(adminChatApi.agents, {
      token: support.token,
      query: { tenantId: '000000' },
    });
    const names = agents.body.data.list.map((a: { username: string }) => a.username);
    expect(names).toEqual(expect.arrayContaining([support.username, colleague.username]));
    expect(names).not.toContain(outsider.username);
    expect(names).not.toContain(finance.username);

    const closed = await f.admin(adminChatApi.close, { token: colleague.token, body: { conversationId } });
    expect(closed.body.data.status).toBe('closed');
    expect(await u.next('conversation', (c) => c.status === 'closed')).toMatchObject({ conversationId });
    const again = await f.admin(adminChatApi.close, { token: colleague.token, body: { conversationId } });
    expect(again.status).toBe(409);
    const late = await f.admin(adminChatApi.reply, {
      token: colleague.token,
      body: { conversationId, clientId: cid(), body: 'late' },
    });
    expect(late.status).toBe(409);
    expect(late.body.errorKey).toBe('ChatConversationClosed');
    const closedTab = await f.admin(adminChatApi.conversations, {
      token: support.token,
      query: { tab: 'closed' },
    });
    expect(closedTab.body.data.list.map((c: { id: string }) => c.id)).toContain(conversationId);

    // Writing again opens a new conversation.
    u.send({ type: 'send', clientId: cid(), body: 'one more thing' });
    const next = await u.next('ack');
    expect(next.message.conversationId).not.toBe(conversationId);
    const actions = await t.database.query<{ action: string }>(
      'select action from audit_log where target = $1 order by id',
      [`chat_conversation:${conversationId}`],
    );
    expect(actions.map((a) => a.action)).toEqual(['chat.assign', 'chat.assign', 'chat.close']);
  });

  it('lets staff send a picture in an open conversation of their tenants', async () => {
    const user = await f.user();
    const support = await f.operator('support', ['000000']);
    const outsider = await f.operator('support', ['000001']);
    const { client: u } = await connect('user', user.token);
    u.send({ type: 'send', clientId: cid(), body: 'Where do I tap?' });
    const conversationId = (await u.next('ack')).message.conversationId;
    const image = `data:image/png;base64,${PNG_1x1.toString('base64')}`;

    const stored = await f.admin(adminChatApi.upload, { token: support, body: { conversationId, image } });
    expect(stored.status).toBe(200);
    expect(stored.body.data.imageKey).toMatch(new RegExp(`^chat/${user.userId}/[a-f0-9]{32}\\.webp$`));
    const reply = await f.admin(adminChatApi.reply, {
      token: support,
      body: { conversationId, clientId: cid(), kind: 'image', imageKey: stored.body.data.imageKey },
    });
    expect(reply.body.data).toMatchObject({
      kind: 'image',
      senderKind: 'operator',
      imageUrl: stored.body.data.url,
    });
    expect((await u.next('message', (m) => m.message.kind === 'image')).message.imageUrl).toBe(
      stored.body.data.url,
    );

    const fake = await f.admin(adminChatApi.upload, {
      token: support,
      body: { conversationId, image: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}` },
    });
    expect([fake.status, fake.body.errorKey, fake.body.field]).toEqual([400, 'ImageInvalid', 'image']);
    expect(
      (await f.admin(adminChatApi.upload, { token: outsider, body: { conversationId, image } })).status,
    ).toBe(403);
    expect(
      (await f.admin(adminChatApi.upload, { token: support, body: { conversationId: '999999', image } }))
        .status,
    ).toBe(404);
    await f.admin(adminChatApi.close, { token: support, body: { conversationId } });
    expect(
      await f.admin(adminChatApi.upload, { token: support, body: { conversationId, image } }),
    ).toMatchObject({
      status: 409,
      body: { errorKey: 'ChatConversationClosed' },
    });
  });

  it('manages canned replies per tenant, audited', async () => {
    const support = await f.operator('support', ['000000']);
    const created = await f.admin(adminChatApi.createCannedReply, {
      token: support,
      body: { tenantId: '000000', title: 'Greeting', body: 'Hello, how can I help?' },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const updated = await f.admin(adminChatApi.updateCannedReply, {
      token: support,
      body: { id, title: 'Greeting', body: 'Hi! How can I help?' },
    });
    expect(updated.body.data.body).toBe('Hi! How can I help?');
    const other = await f.operator('support', ['000001']);
    expect(
      (await f.admin(adminChatApi.updateCannedReply, { token: other, body: { id, title: 'a', body: 'b' } }))
        .status,
    ).toBe(403);
    expect((await f.admin(adminChatApi.cannedReplies, { token: other })).body.data.list).toEqual([]);
    expect((await f.admin(adminChatApi.cannedReplies, { token: support })).body.data.list).toHaveLength(1);
    const empty = await f.admin(adminChatApi.createCannedReply, {
      token: support,
      body: { tenantId: '000000', title: '', body: 'x' },
    });
    expect(empty.status).toBe(400);
    expect((await f.admin(adminChatApi.deleteCannedReply, { token: support, body: { id } })).status).toBe(
      200,
    );
    expect((await f.admin(adminChatApi.deleteCannedReply, { token: support, body: { id } })).status).toBe(
      404,
    );
    const actions = await t.database.query<{ action: string }>(
      'select action from audit_log where target = $1 order by id',
      [`chat_canned_reply:${id}`],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'chat.canned.create',
      'chat.canned.update',
      'chat.canned.delete',
    ]);
  });
});

describe('two instances', () => {
  it.skipIf(!usingPostgres)('carries user → support → user across instances (LISTEN/NOTIFY)', async () => {
    const database = await openTestDatabase();
    const a = await buildTestApp({}, { database });
    const second = await openDatabase({ url: database.url, poolMax: 5 });
    const b = await buildTestApp({}, { database: second });
    try {
      const baseA = await listenLocal(a.app);
      const baseB = await listenLocal(b.app);
      const fa = walletFixtures(a);
      const user = await fa.user();
      const support = await fa.operator('support', ['000000']);
      const { client: u } = await ChatTestClient.connect(`${baseA}/app-api/chat/ws`, user.token);
      const { client: op } = await ChatTestClient.connect(`${baseB}/admin-api/chat/ws`, support);
      sockets.push(u, op);
      u.send({ type: 'send', clientId: cid(), body: 'from A' });
      const ack = await u.next('ack');
      expect((await op.next('message')).message.id).toBe(ack.message.id);
      op.send({ type: 'send', conversationId: ack.message.conversationId, clientId: cid(), body: 'from B' });
      const back = await u.next('message', (m) => m.message.senderKind === 'operator');
      expect(back.message.body).toBe('from B');
      // A REST reply on B reaches the user on A too.
      await walletFixtures(b).admin(adminChatApi.reply, {
        token: support,
        body: { conversationId: ack.message.conversationId, clientId: cid(), body: 'again from B' },
      });
      expect((await u.next('message', (m) => m.message.body === 'again from B')).message.senderKind).toBe(
        'operator',
      );
      u.send({ type: 'typing' });
      await op.next('typing');
      await Promise.all([u.close(), op.close()]);
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await database.close();
    }
  });

  it.skipIf(!usingPostgres)(
    'asks its sockets to reconnect when its LISTEN connection was lost, and delivers again',
    async () => {
      const database = await openTestDatabase();
      const a = await buildTestApp({}, { database });
      try {
        const baseA = await listenLocal(a.app);
        const fa = walletFixtures(a);
        const user = await fa.user();
        const support = await fa.operator('support', ['000000']);
        const { client: u } = await ChatTestClient.connect(`${baseA}/app-api/chat/ws`, user.token);
        sockets.push(u);
        u.send({ type: 'send', clientId: cid(), body: 'before the drop' });
        const ack = await u.next('ack');
        // The database ends the listening connection (a failover, a restart, an idle killer).
        await database.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
        );
        // Events of the gap are lost to this instance, so its sockets are told to catch up.
        expect(await u.waitClose(10_000)).toBe(CHAT_CLOSE.resync);
        const { client: back } = await ChatTestClient.connect(`${baseA}/app-api/chat/ws`, user.token);
        sockets.push(back);
        await fa.admin(adminChatApi.reply, {
          token: support,
          body: { conversationId: ack.message.conversationId, clientId: cid(), body: 'after the drop' },
        });
        expect(
          (await back.next('message', (m) => m.message.body === 'after the drop')).message.senderKind,
        ).toBe('operator');
      } finally {
        await a.close();
        await database.close();
      }
    },
  );

  it('delivers between two apps sharing one embedded database', async () => {
    if (usingPostgres) return;
    const database = await openTestDatabase();
    const a = await buildTestApp({}, { database });
    const b = await buildTestApp({}, { database });
    try {
      const baseA = await listenLocal(a.app);
      const baseB = await listenLocal(b.app);
      const fa = walletFixtures(a);
      const user = await fa.user();
      const support = await fa.operator('support', ['000000']);
      const { client: u } = await ChatTestClient.connect(`${baseA}/app-api/chat/ws`, user.token);
      const { client: op } = await ChatTestClient.connect(`${baseB}/admin-api/chat/ws`, support);
      sockets.push(u, op);
      u.send({ type: 'send', clientId: cid(), body: 'from A' });
      const ack = await u.next('ack');
      expect((await op.next('message')).message.id).toBe(ack.message.id);
      op.send({ type: 'send', conversationId: ack.message.conversationId, clientId: cid(), body: 'from B' });
      expect((await u.next('message', (m) => m.message.senderKind === 'operator')).message.body).toBe(
        'from B',
      );
      await Promise.all([u.close(), op.close()]);
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});
