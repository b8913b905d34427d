import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test plumbing for the providers' local fakes: an HTTP server on loopback (a free port) whose
 * handler gets the request with its body read, and answers JSON.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeAnswer = { status: number; body: unknown };

export async function startFakeServer(
  handle: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      void Promise.resolve()
        .then(() =>
          handle({
            method: req.method ?? 'GET',
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        .catch((error: unknown) => ({ status: 500, body: { error: String(error) } }))
        .then((answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `Basic base64(user:)` as PayMongo and Xendit expect: the user name, or null. */
export function basicUser(header: string | undefined): string | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decoded.endsWith(':') ? decoded.slice(0, -1) : null;
}
