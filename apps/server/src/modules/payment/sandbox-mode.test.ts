import { adminConfigApi, api } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../db/schema/index.js';
import { caller } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';

/** A production server: no sandbox gateway, no /test calls, and the card channel says why it is off. */
describe('a production server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(
      { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_ENCRYPTION_KEY: 'ab'.repeat(32) },
      { smtp: true },
    );
  });
  afterAll(() => t.close());

  it('has no sandbox payment pages and takes no sandbox webhooks', async () => {
    // A pending sandbox payment (as one left from a time the sandbox ran): nothing may approve it.
    await t.database.db.insert(sandboxPayments).values({
      id: 'pay_left_over',
      merchantOrderNo: 'R000000000001',
      amount: 5_000_000n,
      currency: 'PHP',
      returnUrl: 'http://localhost/',
      status: 'pending',
      createdAt: t.clock.now(),
    });
    for (const [method, url] of [
      ['POST', '/pay/sandbox/pay_left_over/approve'],
      ['POST', '/pay/sandbox/pay_left_over/decline'],
      ['GET', '/pay/sandbox/pay_left_over'],
      ['POST', '/app-api/pay/webhook/sandbox'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'POST' ? '{}' : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Sandbox');
    }
    const [row] = await t.database.db.select().from(sandboxPayments);
    expect(row?.status).toBe('pending');
  });

  it('has no /test calls', async () => {
    const who = await walletFixtures(t).user();
    const res = await caller(t.app)(api.test.openVipLevel, {
      token: who.token,
      body: { level: 3, days: 3650 },
    });
    expect(res.status).toBe(404);
  });

  it('lists the card channel as unavailable with its reason and refuses an order on it with 409', async () => {
    const call = caller(t.app);
    const who = await walletFixtures(t).user();
    const channels = (await call(api.config.queryPc, { token: who.token })).body.data.channels as {
      code: string;
      unavailable?: string;
    }[];
    expect(channels.find((c) => c.code === 'gateway')).toMatchObject({
      unavailable: 'PaymentProviderMissing',
    });
    // Bank transfer and USDT are not listed while on the demo's details (demo-details.test.ts).
    expect(channels.map((c) => c.code)).toEqual(['gateway']);

    const order = await call(api.user.addBalance, {
      token: who.token,
      body: { channel: 'gateway', amount: '500', requestId: randomUUID() },
      lang: 'en',
    });
    expect(order.status).toBe(409);
    expect(order.body).toMatchObject({ errorKey: 'PaymentProviderMissing', field: 'channel' });
    expect(order.body.msg).toMatch(/not set up/);
    const rows = await t.database.query<{ n: number }>('select count(*)::int as n from recharge_order');
    expect(rows[0]!.n).toBe(0);
    // Bank transfer takes orders once the tenant's own account is set.
    const f = walletFixtures(t);
    const admin = await f.operator('tenant_admin');
    const config = await f.admin(adminConfigApi.tenantConfig, {
      token: admin,
      query: { tenantId: '000000' },
    });
    const wallet = config.body.data.wallet.value;
    const official = { ...wallet.recharge.official, bankName: 'BDO Unibank', accountNumber: '004560012345' };
    const saved = await f.admin(adminConfigApi.updateWallet, {
      token: admin,
      body: { ...wallet, recharge: { ...wallet.recharge, official }, tenantId: '000000', totpCode: f.totp() },
    });
    expect(saved.status).toBe(200);
    const transfer = await call(api.user.addBalance, {
      token: who.token,
      body: { channel: 'official', amount: '5000', requestId: randomUUID() },
    });
    expect(transfer.status).toBe(200);
  });
});

describe('a development server', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'warn' });
  });
  afterAll(() => t.close());

  it('has the sandbox gateway unless SANDBOX_GATEWAY=false', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pay/sandbox/pay_unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Unknown payment');
    const off = await buildTestApp({ SANDBOX_GATEWAY: 'false', LOG_LEVEL: 'warn' }, { database: t.database });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/pay/sandbox/pay_unknown' })).body).not.toContain(
        'Unknown payment',
      );
    } finally {
      await off.close();
    }
  });
});
