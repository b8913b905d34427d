import { api } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import {
  REJECTED_EXCERPT_CHARS,
  REJECTED_PER_ADDRESS_PER_MINUTE,
  REJECTED_PER_PROVIDER_PER_HOUR,
  WEBHOOK_BODY_LIMIT,
} from './webhook.routes.js';

/**
 * Anyone can post to the webhook address. What an unauthenticated sender makes us store is
 * bounded: a hash and a short excerpt per refused delivery, so many per address per minute and
 * per provider per hour (counted in the database, so across instances), and no body over 64 KB.
 */
let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'warn' });
  second = await buildTestApp({ LOG_LEVEL: 'warn' }, { database: t.database });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Both instances' clocks move together (the rate limiter's windows follow the injected clock). */
const advance = (ms: number) => {
  t.clock.advance(ms);
  second.clock.advance(ms);
};

const forged = (app: TestApp, ip: string, payload: string) =>
  app.app.inject({
    method: 'POST',
    url: '/app-api/pay/webhook/sandbox',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=1,v1=${'0'.repeat(64)}` },
    remoteAddress: ip,
    payload,
  });

const stored = async () =>
  t.database.query<{ n: number; longest: number; total: number }>(
    `select count(*)::int as n, coalesce(max(length(payload)), 0)::int as longest,
            coalesce(sum(length(payload)), 0)::int as total
       from gateway_event where outcome like 'rejected:%'`,
  );

describe('refused webhook deliveries', () => {
  it('keep a hash and an excerpt, and at most so many per address, counted across two instances', async () => {
    const before = (await stored())[0]!;
    const body = JSON.stringify({ junk: 'x'.repeat(60_000) });
    // 3 × the allowance, at once, half on each instance, from one address.
    const answers = await Promise.all(
      Array.from({ length: REJECTED_PER_ADDRESS_PER_MINUTE * 3 }, (_, i) =>
        forged(i % 2 ? second : t, '198.51.100.7', body),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(REJECTED_PER_ADDRESS_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(REJECTED_PER_ADDRESS_PER_MINUTE * 2);
    const after = (await stored())[0]!;
    expect(after.n - before.n).toBe(REJECTED_PER_ADDRESS_PER_MINUTE);
    expect(after.longest).toBeLessThan(REJECTED_EXCERPT_CHARS + 200);
    const [one] = await t.database.query<{ payload: string }>(
      `select payload from gateway_event where outcome like 'rejected:%' order by id desc limit 1`,
    );
    expect(one!.payload).toMatch(/^sha256=[0-9a-f]{64} bytes=\d+ \(excerpt\)\n\{"junk":"xxx/);
    expect(one!.payload).toContain(` bytes=${body.length} `);

    // Another address has its own allowance; a minute later the first has one again.
    expect((await forged(t, '198.51.100.8', '{}')).statusCode).toBe(401);
    advance(61_000);
    expect((await forged(t, '198.51.100.7', '{}')).statusCode).toBe(401);
  });

  it('do not stop a signed delivery from an address that sent refused ones', async () => {
    const f = walletFixtures(t);
    const who = await f.user();
    const order = (
      await f.call(api.user.addBalance, {
        token: who.token,
        body: { channel: 'gateway', amount: '100', requestId: randomUUID() },
      })
    ).body.data;
    for (let i = 0; i < REJECTED_PER_ADDRESS_PER_MINUTE + 1; i++) await forged(t, '198.51.100.9', '{}');
    expect((await forged(t, '198.51.100.9', '{}')).statusCode).toBe(429);
    const body = f.webhookBody(
      { orderNo: order.orderNo, amountMinor: '10000', currency: 'PHP' },
      `txn_${randomUUID().slice(0, 8)}`,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/pay/webhook/sandbox',
      headers: { ...(await f.signedDelivery(body)), 'content-type': 'application/json' },
      remoteAddress: '198.51.100.9',
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcome).toBe('credited');
  });

  it('refuse bodies over 64 KB without storing them', async () => {
    const before = (await stored())[0]!.n;
    const res = await forged(t, '198.51.100.10', `"${'x'.repeat(WEBHOOK_BODY_LIMIT)}"`);
    expect(res.statusCode).toBe(413);
    expect((await stored())[0]!.n).toBe(before);
  });

  it('are capped per provider per hour, whatever the number of addresses', async () => {
    advance(3_601_000);
    const before = (await stored())[0]!.n;
    const senders = Math.ceil((REJECTED_PER_PROVIDER_PER_HOUR + 20) / 5);
    const tries = 5;
    for (let s = 0; s < senders; s++) {
      await Promise.all(
        Array.from({ length: tries }, (_, i) => forged(i % 2 ? second : t, `203.0.113.${s}`, '{}')),
      );
    }
    expect((await stored())[0]!.n - before).toBe(REJECTED_PER_PROVIDER_PER_HOUR);
    expect((await forged(t, '192.0.2.1', '{}')).statusCode).toBe(429);
  });
});
