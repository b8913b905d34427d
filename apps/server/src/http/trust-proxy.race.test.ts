import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIMITS } from '../modules/auth/auth.service.js';
import { usingPostgres } from '../test/database.js';
import { buildTestApp, secondInstance, type TestApp } from '../test/helper.js';
import { nginxPath, type ReverseProxy, sendFrom, startNginx } from '../test/reverse-proxy.js';

/**
 * Per-address limits behind a real reverse proxy (Debian's nginx, as README "Running at scale"
 * configures it) in front of two instances on one PostgreSQL database. Clients connect to nginx
 * from their own loopback addresses (127.0.0.10, .11, …) and nginx connects to the instances from
 * 127.0.0.2, so the instances can tell the proxy from its clients. Whatever a client writes in
 * X-Forwarded-For (new addresses, loopback, several entries, several headers), its tries count
 * under its own address, and a limit holds across both instances.
 */
const required = ['1', 'true', 'yes'].includes(process.env.REQUIRE_POSTGRES ?? '');
const nginx = nginxPath();
if (usingPostgres && !nginx) {
  const reason = 'Reverse-proxy tests skipped: nginx is not installed (apt-get install -y nginx).';
  if (required) throw new Error(`${reason} REQUIRE_POSTGRES is set: failing.`);
  console.warn(reason);
}

/** What a client writes in X-Forwarded-For on try `i`: a new story every time. */
const spoofed = (i: number): Record<string, string | string[]> => {
  const stories: (string | string[])[] = [
    `203.0.113.${i % 250}`,
    `198.51.100.${i % 250}, 10.${i % 250}.0.1`,
    '127.0.0.1',
    `2001:db8:${i.toString(16)}::1`,
    [`192.0.2.${i % 250}`, '127.0.0.2'],
    'unknown',
    `127.0.0.2, 127.0.0.${20 + (i % 200)}`,
  ];
  return { 'x-forwarded-for': stories[i % stories.length]! };
};

/** Two instances trusting `trustProxy` (unset: no proxy), nginx in front; torn down after the block. */
function behindNginx(trustProxy: string | undefined) {
  const env = { LOG_LEVEL: 'info', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) };
  const pair: TestApp[] = [];
  const state: { proxy?: ReverseProxy } = {};
  beforeAll(async () => {
    const a = await buildTestApp(env);
    pair.push(a);
    const b = await secondInstance(a, env);
    if (!b) throw new Error('a second instance needs PostgreSQL');
    pair.unshift(b); // closed first: it holds a pool on a's database
    const upstreams = [];
    for (const t of [a, b]) {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      upstreams.push(`127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    }
    state.proxy = await startNginx({ upstreams });
  });
  afterAll(async () => {
    await state.proxy?.stop();
    for (const t of pair) await t.close();
  });
  const proxy = () => {
    if (!state.proxy) throw new Error('nginx did not start');
    return state.proxy;
  };
  /** A sign-in by e-mail code (refused, as no such user: it still counts) from `from`. */
  const signIn = (from: string, i: number, headers: Record<string, string | string[]> = {}) =>
    sendFrom(from, `${proxy().url}/app-api/auth/login`, {
      body: { email: `nobody${i}@example.ph`, verifyCode: '123456' },
      headers,
    });
  /** `tries` sign-ins at once from `from`, each with a different X-Forwarded-For: their statuses. */
  const burst = async (from: string, tries: number) =>
    (await Promise.all(Array.from({ length: tries }, (_, i) => signIn(from, i, spoofed(i))))).map(
      (r) => r.status,
    );
  /** The client address each instance logged for each sign-in it received (Fastify's `req.ip`). */
  const seen = () =>
    pair.map((t) =>
      t.logs
        .filter((l) => l.msg === 'incoming request')
        .map((l) => l.req as { url?: string; remoteAddress?: string })
        .filter((r) => r.url === '/app-api/auth/login')
        .map((r) => r.remoteAddress),
    );
  return { proxy, signIn, burst, seen };
}

const { limit } = CLIENT_LIMITS.signIn;
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe.skipIf(!usingPostgres || !nginx)(
  'behind nginx, trusted by its address (TRUST_PROXY=127.0.0.2)',
  () => {
    const { proxy, signIn, burst, seen } = behindNginx('127.0.0.2');

    it(`checks ${limit} sign-ins from one client whatever X-Forwarded-For says, on two instances; another client has its own`, async () => {
      const statuses = await burst('127.0.0.10', limit + 10);
      expect(count(statuses, 429)).toBe(10);
      expect(count(statuses, 409)).toBe(limit); // PleaseRegisterFirst: checked
      // Both instances took part, and each saw the client's own address behind every header.
      const [first = [], second = []] = seen();
      expect(first.length).toBeGreaterThan(0);
      expect(second.length).toBeGreaterThan(0);
      expect(new Set([...first, ...second])).toEqual(new Set(['127.0.0.10']));
      expect((await signIn('127.0.0.10', 999)).status).toBe(429);
      expect((await signIn('127.0.0.10', 999, { 'x-forwarded-for': '127.0.0.11' })).status).toBe(429);
      expect((await signIn('127.0.0.11', 999)).status).toBe(409);
    });

    it('limits captcha pictures per client (30 a minute), whatever X-Forwarded-For says', async () => {
      const tries = CLIENT_LIMITS.captcha.limit + 10;
      const statuses = (
        await Promise.all(
          Array.from({ length: tries }, (_, i) =>
            sendFrom('127.0.0.12', `${proxy().url}/app-api/auth/auth/code`, { headers: spoofed(i) }),
          ),
        )
      ).map((r) => r.status);
      expect(count(statuses, 200)).toBe(CLIENT_LIMITS.captcha.limit);
      expect(count(statuses, 429)).toBe(10);
    });

    it('keeps the development conveniences closed to a request nginx forwarded, even from this machine', async () => {
      expect((await sendFrom('127.0.0.1', `${proxy().url}/dev/outbox`)).status).toBe(404);
      expect(
        (
          await sendFrom('127.0.0.1', `${proxy().url}/dev/outbox`, {
            headers: { 'x-forwarded-for': '127.0.0.1' },
          })
        ).status,
      ).toBe(404);
    });
  },
);

describe.skipIf(!usingPostgres || !nginx)('behind nginx, trusted by hop count (TRUST_PROXY=1)', () => {
  const { signIn, burst, seen } = behindNginx('1');

  it(`checks ${limit} sign-ins from one client whatever X-Forwarded-For says, on two instances; another client has its own`, async () => {
    const statuses = await burst('127.0.0.13', limit + 10);
    expect(count(statuses, 429)).toBe(10);
    expect(count(statuses, 409)).toBe(limit);
    const [first = [], second = []] = seen();
    expect([first.length > 0, second.length > 0]).toEqual([true, true]);
    expect(new Set([...first, ...second])).toEqual(new Set(['127.0.0.13']));
    expect((await signIn('127.0.0.14', 999)).status).toBe(409);
  });
});

describe.skipIf(!usingPostgres || !nginx)('behind nginx that is not trusted (no TRUST_PROXY)', () => {
  const { signIn, burst, seen } = behindNginx(undefined);

  it('ignores X-Forwarded-For: every client counts as the proxy, so the limit holds for all of them', async () => {
    const statuses = await burst('127.0.0.15', limit + 10);
    expect(count(statuses, 429)).toBe(10);
    expect(count(statuses, 409)).toBe(limit);
    expect(new Set(seen().flat())).toEqual(new Set(['127.0.0.2']));
    expect((await signIn('127.0.0.16', 999)).status).toBe(429);
  });
});
