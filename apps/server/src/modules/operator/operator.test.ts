import { adminApi, api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { caller } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { createOperatorService, OPERATOR_LOCK_MINUTES } from './operator.service.js';

let t: TestApp;
let admin: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = caller(t.app, '/admin-api');
  const operators = createOperatorService(t.database.db, t.clock);
  await operators.create({
    username: 'Finance.Lead',
    password: 'correct-horse-1',
    role: 'finance',
    tenantIds: ['000000'],
  });
  await operators.create({ username: 'owner', password: 'correct-horse-2', role: 'owner' });
});
afterAll(() => t.close());

const login = (username: string, password: string) => admin(adminApi.login, { body: { username, password } });

describe('operator sign-in', () => {
  it('answers a session token and the operator, with user names case-insensitive', async () => {
    const res = await login('finance.lead', 'correct-horse-1');
    expect(res.body.data.operator).toEqual({
      id: expect.any(String),
      username: 'finance.lead',
      role: 'finance',
      tenantIds: ['000000'],
      mustChangePassword: false,
      totpEnabled: false,
      totpRequired: true,
    });
    const me = await admin(adminApi.me, { token: res.body.data.token });
    expect(me.body.data.username).toBe('finance.lead');
    expect(
      (await admin(adminApi.me, { token: (await login('owner', 'correct-horse-2')).body.data.token })).body
        .data.tenantIds,
    ).toEqual([]);
  });

  it('refuses a wrong password alike for unknown names, and locks after 5 failures', async () => {
    expect(await login('nobody', 'whatever')).toMatchObject({
      status: 401,
      body: { errorKey: 'WrongOperatorLogin' },
    });
    for (let i = 0; i < 5; i++) expect((await login('owner', 'wrong-password')).status).toBe(401);
    expect(await login('owner', 'correct-horse-2')).toMatchObject({
      status: 429,
      body: { errorKey: 'OperatorLocked' },
    });
    t.clock.advance(OPERATOR_LOCK_MINUTES * 60_000 + 1_000);
    expect((await login('owner', 'correct-horse-2')).status).toBe(200);
  });

  it('ends a session at logout, and app tokens are no operator tokens', async () => {
    const { token } = (await login('finance.lead', 'correct-horse-1')).body.data;
    expect((await admin(adminApi.logout, { token })).status).toBe(200);
    expect((await admin(adminApi.me, { token })).status).toBe(401);
    const appUser = await walletFixtures(t).user();
    expect((await admin(adminApi.me, { token: appUser.token })).status).toBe(401);
    expect((await admin(adminApi.withdrawals)).status).toBe(401);
  });

  it('expires sessions after 12 hours', async () => {
    const { token } = (await login('finance.lead', 'correct-horse-1')).body.data;
    t.clock.advance(12 * 3_600_000 + 1_000);
    expect((await admin(adminApi.me, { token })).status).toBe(401);
  });
});

describe('the test API', () => {
  it('is off in production (which refuses to start with it) and, when off, answers 404', async () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://x', DATA_ENCRYPTION_KEY: 'ab'.repeat(32) };
    expect(loadConfig(production).testApi).toBe(false);
    expect(() => loadConfig({ ...production, TEST_API: 'true' })).toThrow(/TEST_API: must not be enabled/);
    expect(loadConfig({ NODE_ENV: 'development' }).testApi).toBe(true);
    const off = await buildTestApp({ TEST_API: 'false' });
    try {
      const who = await walletFixtures(off).user();
      const res = await caller(off.app)(api.test.openVipLevel, { token: who.token, body: { level: 1 } });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
