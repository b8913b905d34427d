import type { ChatServerFrame } from '@dramastar/contract';
import type { FastifyInstance } from 'fastify';
import { type RawData, WebSocket } from 'ws';

/** Starts `app` on a free local port; answers its ws:// base. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${address.port}`;
}

type Frame = ChatServerFrame;

/** A test's chat socket: frames are queued so a test can wait for the one it expects. */
export class ChatTestClient {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  closed: { code: number } | null = null;
  private closeWaiters: ((code: number) => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: RawData) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.isBuffer(data)
          ? data.toString('utf8')
          : Buffer.from(new Uint8Array(data)).toString('utf8');
      const frame = JSON.parse(text) as Frame;
      const i = this.waiters.findIndex((w) => w.match(frame));
      if (i >= 0) {
        const [w] = this.waiters.splice(i, 1);
        w?.resolve(frame);
      } else this.frames.push(frame);
    });
    socket.on('close', (code) => {
      this.closed = { code };
      for (const w of this.closeWaiters) w(code);
    });
  }

  static async open(url: string): Promise<ChatTestClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new ChatTestClient(socket);
  }

  /** Opens and authenticates; answers after the `hello`. */
  static async connect(url: string, token: string) {
    const client = await ChatTestClient.open(url);
    client.send({ type: 'auth', token });
    const hello = await client.next('hello');
    return { client, hello: hello };
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame of `type` (and matching `where`), waiting up to `ms`. */
  next<T extends Frame['type']>(
    type: T,
    where: (f: Extract<Frame, { type: T }>) => boolean = () => true,
    ms = 5000,
  ): Promise<Extract<Frame, { type: T }>> {
    const match = (f: Frame) => f.type === type && where(f as Extract<Frame, { type: T }>);
    const i = this.frames.findIndex(match);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0] as Extract<Frame, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(new Error(`no ${type} frame within ${ms} ms; queued: ${JSON.stringify(this.frames)}`));
      }, ms);
      const done = (f: Frame) => {
        clearTimeout(timer);
        resolve(f as Extract<Frame, { type: T }>);
      };
      this.waiters.push({ match, resolve: done });
    });
  }

  /** Waits for the server to close the socket; answers the close code. */
  waitClose(ms = 5000): Promise<number> {
    if (this.closed) return Promise.resolve(this.closed.code);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket not closed')), ms);
      this.closeWaiters.push((code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const done = this.waitClose().catch(() => undefined);
    this.socket.close();
    await done;
  }
}
