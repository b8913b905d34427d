import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_LIMITS } from '../modules/auth/auth.service.js';
import { caller } from '../test/client.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { addressGroup, clientAddress } from './client-address.js';

describe('addressGroup: the key per-address limits count under', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:cb00:7105', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff:1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::1.2.3.4', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['x'.repeat(100), 'x'.repeat(64)],
  ])('%s → %s', (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });
});

/**
 * Which address a request is counted under, for each form of TRUST_PROXY (in-process requests
 * with a chosen socket peer; apps/server/src/http/trust-proxy.race.test.ts goes through nginx).
 */
describe('clientAddress under each TRUST_PROXY', () => {
  const apps: TestApp[] = [];
  async function probe(trustProxy: string | undefined) {
    const t = await buildTestApp(
      { LOG_LEVEL: 'warn', ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) },
      { ready: false, ...(apps[0] ? { database: apps[0].database } : {}) },
    );
    apps.push(t);
    t.app.get('/probe', (req) => ({ ip: req.ip, client: clientAddress(req) }));
    await t.app.ready();
    return async (remoteAddress: string, forwardedFor?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/probe',
        remoteAddress,
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      });
      return res.json<{ client: string }>().client;
    };
  }
  afterAll(async () => {
    for (const t of apps.reverse()) await t.close();
  });

  it('without TRUST_PROXY: the socket’s peer, whatever X-Forwarded-For says', async () => {
    const client = await probe(undefined);
    expect(await client('203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    expect(await client('::ffff:203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
  });

  it('with the proxies’ addresses: the right-most address they did not write; others’ headers are ignored', async () => {
    const client = await probe('10.0.0.2,10.9.0.0/16,fd00::/8');
    expect(await client('10.0.0.2', 'spoofed, 198.51.100.7')).toBe('198.51.100.7');
    expect(await client('::ffff:10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    expect(await client('10.0.0.2', '127.0.0.1, 198.51.100.7, 10.9.4.4')).toBe('198.51.100.7');
    expect(await client('fd00::5', '2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    // A client reaching the instance directly: its header is not believed.
    expect(await client('203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    expect(await client('10.0.0.3', '198.51.100.7')).toBe('10.0.0.3');
  });

  it('with a hop count: that many entries from the right, whatever the client wrote before them', async () => {
    const one = await probe('1');
    expect(await one('10.0.0.2', 'spoofed, 198.51.100.7')).toBe('198.51.100.7');
    expect(await one('10.0.0.2', '2001:db8:5:6:7::1')).toBe('2001:db8:5:6::/64');
    expect(await one('10.0.0.2')).toBe('10.0.0.2');
    const two = await probe('2');
    expect(await two('10.0.0.2', 'spoofed, 198.51.100.7, 10.0.0.3')).toBe('198.51.100.7');
  });
});

describe('a per-address limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(() => t.close());

  it('counts IPv6 clients by their /64 (a fresh address per try does not help), IPv4-mapped as IPv4', async () => {
    const call = caller(t.app);
    const signIn = (i: number, ip: string) =>
      call(api.auth.login, { body: { email: `nobody${i}@example.ph`, verifyCode: '123456' }, ip });
    const { limit } = CLIENT_LIMITS.signIn;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await signIn(i, `2001:db8:77:1:${(i + 1).toString(16)}::${i}`)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
    expect((await signIn(99, '2001:db8:77:2::1')).status).not.toBe(429);

    for (let i = 0; i < limit; i++) await signIn(i, i % 2 ? '198.51.100.40' : '::ffff:198.51.100.40');
    expect((await signIn(99, '198.51.100.40')).status).toBe(429);
    expect((await signIn(99, '::ffff:198.51.100.40')).status).toBe(429);
  });
});
