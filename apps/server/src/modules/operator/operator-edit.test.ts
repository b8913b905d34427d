import { accessApi, adminApi } from '@dramastar/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { caller, unchecked } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';

const A = '000000';
const B = '000001';

let t: TestApp;
let admin: ReturnType<typeof caller>;
let fixtures: ReturnType<typeof walletFixtures>;
let owner: Awaited<ReturnType<ReturnType<typeof walletFixtures>['operatorAccount']>>;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', CONSOLE_IDLE_MINUTES: '30' });
  admin = caller(t.app, '/admin-api');
  fixtures = walletFixtures(t);
  owner = await fixtures.operatorAccount('owner', []);
});
afterAll(() => t.close());

const update = (token: string, body: { id: string; role: string; tenantIds: string[] }) =>
  admin(accessApi.updateOperator, { token, body: unchecked(body) });

describe('editing an operator’s role and tenants', () => {
  it('changes them, ends the operator’s sessions and writes before and after to the audit log', async () => {
    const fin = await fixtures.operatorAccount('finance', [A]);
    const res = await update(owner.token, { id: fin.id, role: 'content', tenantIds: [B, A, B] });
    expect(res).toMatchObject({
      status: 200,
      body: { data: { role: 'content', tenantIds: [A, B] } },
    });
    expect((await admin(adminApi.me, { token: fin.token })).status).toBe(401);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.update'), eq(auditLog.target, `operator:${fin.username}`)));
    expect(entry?.before).toMatchObject({ role: 'finance', tenantIds: [A] });
    expect(entry?.after).toMatchObject({ role: 'content', tenantIds: [A, B] });
    expect(entry?.operatorName).toBe(owner.username);
    // Promoted to owner: no tenants of its own (every tenant).
    const up = await update(owner.token, { id: fin.id, role: 'owner', tenantIds: [A] });
    expect(up.body.data).toMatchObject({ role: 'owner', tenantIds: [] });
  });

  it('is for owners only', async () => {
    const target = await fixtures.operatorAccount('support', [A]);
    const ta = await fixtures.operatorAccount('tenant_admin', [A]);
    expect(await update(ta.token, { id: target.id, role: 'finance', tenantIds: [A] })).toMatchObject({
      status: 403,
    });
    const fin = await fixtures.operatorAccount('finance', [A]);
    expect((await update(fin.token, { id: target.id, role: 'finance', tenantIds: [A] })).status).toBe(403);
  });

  it('refuses an owner changing itself, a role without tenants, unknown tenants and roles', async () => {
    expect(await update(owner.token, { id: owner.id, role: 'support', tenantIds: [A] })).toMatchObject({
      status: 409,
      body: { errorKey: 'OperatorSelf' },
    });
    const target = await fixtures.operatorAccount('support', [A]);
    expect(await update(owner.token, { id: target.id, role: 'finance', tenantIds: [] })).toMatchObject({
      status: 409,
      body: { errorKey: 'OperatorTenantsRequired', field: 'tenantIds' },
    });
    expect(
      (await update(owner.token, { id: target.id, role: 'finance', tenantIds: ['999999'] })).status,
    ).toBe(404);
    expect(await update(owner.token, { id: target.id, role: 'boss', tenantIds: [A] })).toMatchObject({
      status: 400,
      body: { field: 'role' },
    });
    expect(await update(owner.token, { id: '987654321', role: 'finance', tenantIds: [A] })).toMatchObject({
      status: 404,
      body: { errorKey: 'OperatorNotFound' },
    });
    // Nothing was changed by the refusals.
    const list = await admin(accessApi.operators, {
      token: owner.token,
      query: { username: target.username },
    });
    expect(list.body.data.list[0]).toMatchObject({ role: 'support', tenantIds: [A] });
  });
});

describe('the console session', () => {
  it('ends after CONSOLE_IDLE_MINUTES without a call, and stays while used', async () => {
    const op = await fixtures.operatorAccount('support', [A]);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * 60_000);
      expect((await admin(adminApi.me, { token: op.token })).status).toBe(200);
    }
    t.clock.advance(31 * 60_000);
    expect((await admin(adminApi.me, { token: op.token })).status).toBe(401);
    // Revoked, not only refused: it stays ended when the clock is not the reason any more.
    expect((await admin(adminApi.me, { token: op.token })).status).toBe(401);
  });
});
