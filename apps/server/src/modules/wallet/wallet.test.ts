import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/tx.js';
import { caller, unchecked } from '../../test/client.js';
import { buildTestApp, TEST_CAPTCHA_ANSWER, type TestApp } from '../../test/helper.js';
import { createLedger } from '../ledger/ledger.service.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  call = caller(t.app);
});
afterAll(() => t.close());

async function user(tenantId: string) {
  const captcha = (await call(api.auth.captcha)).body.data;
  const res = await call(api.auth.registerByName, {
    body: {
      userName: `wallet_${++n}`,
      password: 'secret-pass1',
      phone: '3001234567',
      areaCode: '+92',
      uuid: captcha.uuid,
      code: TEST_CAPTCHA_ANSWER,
      tenantId,
    },
  });
  const token = res.body.data.access_token;
  return { token, userId: BigInt((await call(api.user.info, { token })).body.data.userId) };
}

describe('the wallet', () => {
  it('shows the balance in the tenant currency, with its decimals', async () => {
    const php = await user('000000');
    expect((await call(api.account.accountInfo, { token: php.token })).body.data).toEqual({
      currency: 'PHP',
      balance: '0.00',
    });
    const vnd = await user('000001');
    expect((await call(api.account.accountInfo, { token: vnd.token })).body.data).toEqual({
      currency: 'VND',
      balance: '0',
    });
    expect((await call(api.account.accountInfo)).status).toBe(401);
  });

  it('lists the ledger’s movements of the wallet, newest first, filtered by type', async () => {
    const { token, userId } = await user('000000');
    const ledger = createLedger(t.clock);
    await withTransaction(t.database.db, (tx) =>
      ledger.transfer(tx, {
        tenantId: '000000',
        currency: 'PHP',
        from: { system: 'recharge_clearing' },
        to: { userId },
        amount: 150_000n,
        kind: 'recharge',
        reference: 'R-1',
        idempotencyKey: 'test-recharge-1',
      }),
    );
    t.clock.advance(1000);
    await withTransaction(t.database.db, (tx) =>
      ledger.transfer(tx, {
        tenantId: '000000',
        currency: 'PHP',
        from: { userId },
        to: { system: 'membership_revenue' },
        amount: 49_900n,
        kind: 'membership',
        reference: 'M-1',
        idempotencyKey: 'test-card-1',
      }),
    );
    expect((await call(api.account.accountInfo, { token })).body.data.balance).toBe('1001.00');
    const records = (
      await call(api.account.walletRecords, { token, query: { pageNum: '1', pageSize: '10' } })
    ).body.data;
    expect(records.total).toBe(2);
    expect(records.list.map((r: { type: string; amount: string }) => [r.type, r.amount])).toEqual([
      ['membership', '-499.00'],
      ['recharge', '1500.00'],
    ]);
    const recharges = (await call(api.account.walletRecords, { token, query: { type: 'recharge' } })).body
      .data;
    expect(recharges.list).toHaveLength(1);
    expect(
      (await call(api.account.walletRecords, { token, query: { type: unchecked('bogus') } })).body,
    ).toMatchObject({
      code: 400,
      field: 'type',
    });
    // Another user sees none of it.
    const other = await user('000000');
    expect((await call(api.account.walletRecords, { token: other.token })).body.data).toEqual({
      list: [],
      total: 0,
    });
  });
});
