import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { walletFixtures } from '../test/wallet-fixtures.js';

/**
 * The development outbox (every user's sign-in codes) and the /test calls (a free Director card)
 * answer clients on this machine only: by the socket's peer address, never a forwarded one.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  // Proxies trusted everywhere a test sends from, so a forwarded address would be believed.
  t = await buildTestApp({ LOG_LEVEL: 'warn', TRUST_PROXY: '10.0.0.0/8,127.0.0.0/8,::1' });
  token = (await walletFixtures(t).user()).token;
});
afterAll(() => t.close());

const conveniences = (headers: Record<string, string> = {}) => [
  { method: 'GET' as const, url: '/dev/outbox', headers },
  { method: 'GET' as const, url: '/dev/mail', headers },
  {
    method: 'POST' as const,
    url: '/app-api/test/openVipLevel',
    headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ level: 3, days: 3650 }),
  },
];

async function statuses(remoteAddress: string, headers: Record<string, string> = {}) {
  const answers = [];
  for (const req of conveniences(headers))
    answers.push((await t.app.inject({ ...req, remoteAddress })).statusCode);
  return answers;
}

describe('development conveniences', () => {
  it.each(['127.0.0.1', '127.0.0.53', '::1', '::ffff:127.0.0.1'])(
    'answer a loopback client (%s)',
    async (ip) => {
      expect(await statuses(ip)).toEqual([200, 200, 200]);
    },
  );

  it.each(['10.1.2.3', '192.168.1.20', '::ffff:10.0.0.1', 'fe80::1'])(
    'are absent (404) for a client at %s',
    async (ip) => {
      expect(await statuses(ip)).toEqual([404, 404, 404]);
    },
  );

  it('are absent for a remote client claiming to be local with X-Forwarded-For, even with TRUST_PROXY', async () => {
    expect(await statuses('10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).toEqual([404, 404, 404]);
  });

  it.each([
    ['x-forwarded-for', '203.0.113.5'],
    ['forwarded', 'for=203.0.113.5'],
    ['x-real-ip', '203.0.113.5'],
    ['via', '1.1 nginx'],
  ])('are absent for a request a proxy on this machine forwarded (%s)', async (name, value) => {
    expect(await statuses('127.0.0.1', { [name]: value })).toEqual([404, 404, 404]);
  });

  it('answer on a real socket from 127.0.0.1 but not from the machine’s network address', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    const app = await buildTestApp({ LOG_LEVEL: 'warn' }, { database: t.database });
    try {
      await app.app.listen({ host: '0.0.0.0', port: 0 });
      const { port } = app.app.server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/dev/outbox`)).status).toBe(200);
      if (!external) return; // no network interface on this machine: nothing more to try
      expect((await fetch(`http://${external}:${port}/dev/outbox`)).status).toBe(404);
      expect((await fetch(`http://${external}:${port}/dev/mail`)).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
