import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatSocket } from './chat-socket.js';

/** A WebSocket the test drives: it records what is sent and opens, answers and closes on demand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { type: string }[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
}

afterEach(() => {
  vi.useRealTimers();
  FakeSocket.all = [];
});

function start(pingMs = 1_000) {
  const frames: string[] = [];
  const ready: boolean[] = [];
  const socket = new ChatSocket({
    url: 'ws://x/admin-api/chat/ws',
    token: () => 'tok',
    onFrame: (frame) => frames.push(frame.type),
    onReady: (_hello, reconnect) => ready.push(reconnect),
    pingMs,
    random: () => 0.5,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  socket.start();
  const hello = () => {
    FakeSocket.all.at(-1)!.open();
    FakeSocket.all.at(-1)!.receive(JSON.stringify({ type: 'hello', role: 'operator', conversationId: null }));
  };
  return { socket, frames, ready, hello };
}

describe('ChatSocket (the app and the console alike)', () => {
  it('authenticates first, hands on the frames that parse and keeps pongs and junk to itself', () => {
    const { socket, frames, ready, hello } = start();
    expect(socket.send({ type: 'typing' })).toBe(false);
    hello();
    expect(FakeSocket.all[0]!.sent[0]).toEqual({ type: 'auth', token: 'tok' });
    expect([socket.ready, socket.status, ready]).toEqual([true, 'open', [false]]);
    for (const data of ['{"type":"pong"}', 'not json', '{"type":"nope"}']) FakeSocket.all[0]!.receive(data);
    FakeSocket.all[0]!.receive(JSON.stringify({ type: 'typing', conversationId: '1', senderKind: 'user' }));
    expect(frames).toEqual(['typing']);
    socket.stop();
  });

  it('drops a connection that answers nothing for two pings, reconnects, and says it is a reconnect', () => {
    vi.useFakeTimers();
    const { socket, ready, hello } = start(1_000);
    hello();
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all[0]!.sent.map((f) => f.type)).toEqual(['auth', 'ping']);
    vi.advanceTimersByTime(2_000); // silence past two rounds
    expect(FakeSocket.all[0]!.readyState).toBe(3);
    expect(socket.status).toBe('closed');
    vi.advanceTimersByTime(1_000); // the first backoff (250–500 ms)
    expect(FakeSocket.all).toHaveLength(2);
    hello();
    expect(ready).toEqual([false, true]);
    socket.stop();
  });
});
