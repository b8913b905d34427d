import type { ChatMessage } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { ChatClient, type KeyValueStore, Outbox, type SocketStatus } from './chat-client';
import { lastReadByStaff, mergeMessages } from './messages';

/** A WebSocket the test drives: it records what the client sends and opens/closes on demand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.drop(1000);
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  sends(type: string) {
    return this.sent.filter((f) => f.type === type);
  }
}

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const message = (
  id: string,
  clientId: string,
  senderKind: ChatMessage['senderKind'] = 'user',
): ChatMessage => ({
  id,
  conversationId: '1',
  senderKind,
  senderName: senderKind === 'operator' ? 'ann' : null,
  kind: 'text',
  body: `m${id}`,
  imageUrl: null,
  clientId,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function setup(store = memoryStore()) {
  FakeSocket.all = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const statuses: SocketStatus[] = [];
  const ready: boolean[] = [];
  const outbox = new Outbox(store, 'box');
  let n = 0;
  const client = new ChatClient({
    url: 'ws://x/app-api/chat/ws',
    token: () => 'tok',
    outbox,
    events: {
      status: (s) => statuses.push(s),
      ready: (_c, reconnect) => ready.push(reconnect),
    },
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    random: () => 0.5,
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: () => undefined,
    newId: () => `client-id-${++n}`,
  });
  const socket = () => FakeSocket.all.at(-1)!;
  const connectNext = () => {
    socket().open();
    socket().receive({ type: 'hello', role: 'user', conversationId: '1' });
  };
  /** Runs the newest timer whose delay is not the keep-alive ping. */
  const runReconnectTimer = () => {
    const timer = [...timers].reverse().find((t) => t.ms !== 20_000);
    if (!timer) throw new Error('no reconnect timer');
    timers.splice(timers.indexOf(timer), 1);
    timer.fn();
    return timer.ms;
  };
  return { client, outbox, store, statuses, ready, timers, socket, connectNext, runReconnectTimer };
}

describe('the outbox', () => {
  it('keeps unacknowledged messages across reloads, in order, each once', () => {
    const store = memoryStore();
    const box = new Outbox(store, 'k');
    box.add({ clientId: 'aaaaaaaa', kind: 'text', body: 'one', createdAt: 'x' });
    box.add({ clientId: 'bbbbbbbb', kind: 'text', body: 'two', createdAt: 'x' });
    box.add({ clientId: 'aaaaaaaa', kind: 'text', body: 'one again', createdAt: 'x' });
    const reloaded = new Outbox(store, 'k');
    expect(reloaded.pending().map((i) => i.body)).toEqual(['one', 'two']);
    reloaded.ack('aaaaaaaa');
    reloaded.fail('bbbbbbbb', 'too long');
    expect(reloaded.pending()).toEqual([]);
    expect(new Outbox(store, 'k').all()).toMatchObject([{ clientId: 'bbbbbbbb', failed: 'too long' }]);
    reloaded.remove('bbbbbbbb');
    expect(store.data.has('k')).toBe(false);
    store.data.set('k', '{broken');
    expect(new Outbox(store, 'k').all()).toEqual([]);
  });
});

describe('the chat client', () => {
  it('authenticates with the first frame and reports connecting → open', () => {
    const { client, socket, connectNext, statuses } = setup();
    client.start();
    expect(statuses).toEqual(['connecting']);
    socket().open();
    expect(socket().sent[0]).toEqual({ type: 'auth', token: 'tok' });
    connectNext();
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('sends what was written offline once back, and a resend after a drop under the same clientId', () => {
    const { client, socket, connectNext, statuses, ready, runReconnectTimer, outbox } = setup();
    client.start();
    // Written before the socket is ready: queued, not sent.
    const id = client.send({ kind: 'text', body: 'hello' });
    expect(socket().sends('send')).toEqual([]);
    connectNext();
    expect(socket().sends('send')).toEqual([{ type: 'send', clientId: id, kind: 'text', body: 'hello' }]);
    // Flushing again on the same socket does not send it twice.
    client.flush();
    expect(socket().sends('send')).toHaveLength(1);

    // The connection drops before the ack: closed, then a reconnect after a backoff delay.
    socket().drop();
    expect(statuses.at(-1)).toBe('closed');
    const first = runReconnectTimer();
    expect(statuses.at(-1)).toBe('connecting');
    connectNext();
    expect(ready).toEqual([false, true]);
    expect(socket().sends('send')).toEqual([{ type: 'send', clientId: id, kind: 'text', body: 'hello' }]);
    socket().receive({ type: 'ack', clientId: id, message: message('7', id) });
    expect(outbox.pending()).toEqual([]);

    // Nothing pending: a later reconnect sends nothing.
    socket().drop();
    const second = runReconnectTimer();
    connectNext();
    expect(socket().sends('send')).toEqual([]);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
  });

  it('backs off further with each failed attempt and starts over after a success', () => {
    const { client, socket, runReconnectTimer, connectNext } = setup();
    client.start();
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      socket().drop();
      delays.push(runReconnectTimer());
    }
    expect(delays).toEqual([375, 750, 1500, 3000]);
    connectNext();
    socket().drop();
    expect(runReconnectTimer()).toBe(375);
  });

  it('marks refused messages failed and retries rate-limited ones', () => {
    const { client, socket, connectNext, outbox, timers } = setup();
    client.start();
    connectNext();
    const long = client.send({ kind: 'text', body: 'x' });
    socket().receive({ type: 'error', code: 'ChatMessageTooLong', message: 'too long', clientId: long });
    expect(outbox.all()).toMatchObject([{ clientId: long, failed: 'too long' }]);
    client.discard(long);
    const limited = client.send({ kind: 'text', body: 'fast' });
    socket().receive({ type: 'error', code: 'ChatRateLimited', message: 'slow down', clientId: limited });
    expect(outbox.pending().map((i) => i.clientId)).toEqual([limited]);
    timers.at(-1)!.fn();
    expect(
      socket()
        .sends('send')
        .filter((f) => f.clientId === limited),
    ).toHaveLength(2);
  });

  it('stops for good when the token is refused', () => {
    let unauthorized = 0;
    FakeSocket.all = [];
    const client = new ChatClient({
      url: 'ws://x',
      token: () => 'bad',
      outbox: new Outbox(null, 'k'),
      events: { unauthorized: () => unauthorized++ },
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      setTimer: () => {
        throw new Error('must not reconnect');
      },
      clearTimer: () => undefined,
    });
    client.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(4401);
    expect(unauthorized).toBe(1);
    expect(client.socketStatus).toBe('closed');
  });
});

describe('message lists', () => {
  it('merge by id, in order, once', () => {
    const a = message('2', 'c2');
    const b = message('10', 'c10', 'operator');
    const list = mergeMessages([a], [b, a, message('1', 'c1')]);
    expect(list.map((m) => m.id)).toEqual(['1', '2', '10']);
    expect(mergeMessages(list, [a])).toBe(list);
    expect(lastReadByStaff(list, 5n)).toBe('2');
    expect(lastReadByStaff(list, 0n)).toBeNull();
  });
});
