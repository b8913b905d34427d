import { unchecked } from '../../test/client.js';
import { api, type AnyCall, consoleCalls } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { PAY_PASSWORD, walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';
import { rejectedExcerpt } from '../../modules/payment/webhook.routes.js';
import { zonedDayStart } from './finance.service.js';

const financeCalls = consoleCalls.finance;

let t: TestApp;
let f: WalletFixtures;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  f = walletFixtures(t);
  owner = await f.operator('owner', []);
});
afterAll(() => t.close());

const get = <C extends AnyCall>(call: C, token: string, query: Record<string, string> = {}) =>
  f.admin(call, { token, query: unchecked(query) });

/** An official bank-transfer recharge the owner confirms with the statement line. */
async function officialRecharge(who: { token: string }, amount: string) {
  const order = (
    await f.call(api.user.addBalance, {
      token: who.token,
      body: { channel: 'official', amount, requestId: randomUUID() },
    })
  ).body.data;
  const res = await f.admin(consoleCalls.core.confirmRecharge, {
    token: owner,
    body: { orderNo: order.orderNo, matchedReference: `BDO ${order.official!.reference} TRANSFER` },
  });
  expect(res.status).toBe(200);
  return order.orderNo;
}

async function withdraw(who: { token: string }, amount: string, steps: string[]) {
  const res = await f.call(api.account.applyWithdrawal, {
    token: who.token,
    body: { amount, payPassword: PAY_PASSWORD, requestId: randomUUID() },
  });
  expect(res.status).toBe(200);
  const orderNo = res.body.data.orderNo;
  for (const action of steps) {
    const reason = action === 'reject' || action === 'fail' ? 'No such account' : undefined;
    const acted = await f.admin(consoleCalls.core.withdrawalAction, {
      token: owner,
      body: unchecked({
        orderNo,
        action,
        ...(reason ? { reason } : {}),
        ...(action === 'pay' ? { reference: `BANK-${orderNo}` } : {}),
      }),
    });
    expect(acted.status).toBe(200);
  }
  return orderNo;
}

describe('gateway payments and webhook deliveries', () => {
  it('list a sandbox card recharge with its signed webhook, and a refused bad signature', async () => {
    // Another paid order first: each payment counts only its own deliveries.
    await f.recharge(await f.user(), '100');
    const who = await f.user();
    const orderNo = await f.recharge(who, '300');
    const payments = await get(financeCalls.gatewayPayments, owner, { orderNo });
    expect(payments.status).toBe(200);
    expect(payments.body.data).toMatchObject({
      total: 1,
      list: [
        {
          orderNo,
          tenantId: '000000',
          userId: String(who.userId),
          provider: 'sandbox',
          providerRef: expect.stringMatching(/^pay_/),
          providerTxnId: expect.stringMatching(/^txn_/),
          amount: '300.00',
          currency: 'PHP',
          status: 'credited',
          deliveries: 1,
          creditedAt: expect.any(String),
        },
      ],
    });
    expect(
      (await get(financeCalls.gatewayPayments, owner, { status: 'failed', orderNo })).body.data.total,
    ).toBe(0);

    const delivered = (await get(financeCalls.webhookDeliveries, owner, { orderNo })).body.data;
    expect(delivered.list).toEqual([
      expect.objectContaining({ orderNo, outcome: 'credited', signatureValid: true, tenantId: '000000' }),
    ]);

    // A forged delivery for the same order: refused (401) and listed as refused.
    const body = f.webhookBody({ orderNo, amountMinor: '30000', currency: 'PHP' }, 'txn_forged');
    const forged = await f.postWebhook(body, { 'x-sandbox-signature': `t=1,v1=${'0'.repeat(64)}` });
    expect(forged.status).toBe(401);
    const refused = (await get(financeCalls.webhookDeliveries, owner, { outcome: 'rejected' })).body.data
      .list;
    const bad = refused.find((d: { signatureValid: boolean }) => !d.signatureValid)!;
    expect(bad).toMatchObject({ outcome: 'rejected:InvalidSignature', signatureValid: false, orderNo: null });

    // Its detail carries what is kept of an unauthenticated body: its hash, size and first characters.
    const detail = await get(financeCalls.webhookDelivery, owner, { id: bad.id });
    expect(detail.body.data).toMatchObject({ payload: rejectedExcerpt(body), truncated: false });
    expect(detail.body.data.payload).toContain(body);
    // The refused delivery names no order: only all-tenant operators see it.
    const finance = await f.operator('finance', ['000000']);
    expect((await get(financeCalls.webhookDelivery, finance, { id: bad.id })).status).toBe(403);
    const good = delivered.list[0]!.id;
    expect((await get(financeCalls.webhookDelivery, finance, { id: good })).status).toBe(200);
    expect((await get(financeCalls.webhookDelivery, owner, { id: '999999999' })).status).toBe(404);
  });

  it('caps a delivery payload at 10 KB', async () => {
    // A signed delivery (refused for its unknown order) is kept as received, up to the cap.
    const event = JSON.parse(
      f.webhookBody({ orderNo: 'R00000000000000000000', amountMinor: '100', currency: 'PHP' }, 'txn_big'),
    ) as object;
    const big = JSON.stringify({ ...event, filler: 'é'.repeat(6_000) });
    expect((await f.postWebhook(big, await f.signedDelivery(big))).status).toBe(404);
    const list = (await get(financeCalls.webhookDeliveries, owner, { outcome: 'rejected', pageSize: '1' }))
      .body.data.list;
    const detail = (await get(financeCalls.webhookDelivery, owner, { id: list[0]!.id })).body.data;
    expect(detail.truncated).toBe(true);
    expect(Buffer.byteLength(detail.payload, 'utf8')).toBeLessThanOrEqual(10 * 1024);
    expect(detail.payload.endsWith('é')).toBe(true);
  });
});

describe('ledger explorer', () => {
  it('finds a wallet by user ID or invite code (any case), and its entries sum to the balance', async () => {
    const who = await f.withdrawer('1000');
    await withdraw(who, '200', ['approve', 'process', 'pay']);
    await withdraw(who, '110', ['reject']);
    for (const user of [String(who.userId), who.inviteCode, who.inviteCode.toLowerCase()]) {
      const found = (await get(financeCalls.ledgerAccounts, owner, { user })).body.data;
      expect(found.list.map((a: { code: string }) => a.code)).toEqual([`wallet:${who.userId}`]);
    }
    const account = (await get(financeCalls.ledgerAccounts, owner, { user: String(who.userId) })).body.data
      .list[0]!;
    expect(account).toMatchObject({ kind: 'wallet', balance: await f.balance(who.token), currency: 'PHP' });

    const all = (await get(financeCalls.ledgerEntries, owner, { accountId: account.id, pageSize: '100' }))
      .body.data;
    // recharge +1000, withdrawal −200, fee −10, withdrawal −110, fee −5.50, refund +115.50
    expect(all.total).toBe(6);
    const sum = all.list.reduce(
      (s: number, e: { amount: string }) => s + Math.round(Number(e.amount) * 100),
      0,
    );
    expect((sum / 100).toFixed(2)).toBe(account.balance);
    expect(all.list[0]!.balanceAfter).toBe(account.balance);
    expect(all.list.at(-1)).toMatchObject({
      kind: 'recharge',
      amount: '1000.00',
      balanceAfter: '1000.00',
      counterpart: { code: 'system:recharge_clearing' },
      idempotencyKey: expect.stringMatching(/^recharge:/),
    });
    // Paged: the second page goes on from where the first stopped.
    const page2 = (
      await get(financeCalls.ledgerEntries, owner, { accountId: account.id, pageSize: '4', pageNum: '2' })
    ).body.data.list;
    expect(page2).toEqual(all.list.slice(4));

    const system = (await get(financeCalls.ledgerAccounts, owner, { kind: 'system', tenantId: '000000' }))
      .body.data;
    expect(system.list.map((a: { code: string }) => a.code)).toContain('system:payouts');
    expect(
      system.list.every(
        (a: { kind: string; userId: string | null }) => a.kind === 'system' && a.userId === null,
      ),
    ).toBe(true);
  });
});

describe('scope', () => {
  it('keeps a tenant admin to their tenants (403 for another) and the content role out', async () => {
    const vn = await f.user('000001');
    await officialRecharge(vn, '100000000');
    const vnWallet = (await get(financeCalls.ledgerAccounts, owner, { user: String(vn.userId) })).body.data
      .list[0]!;
    const adminA = await f.operator('tenant_admin', ['000000']);
    for (const [call, query] of [
      [financeCalls.gatewayPayments, { tenantId: '000001' }],
      [financeCalls.webhookDeliveries, { tenantId: '000001' }],
      [financeCalls.ledgerAccounts, { tenantId: '000001' }],
      [financeCalls.reconciliation, { tenantId: '000001' }],
      [financeCalls.ledgerEntries, { accountId: vnWallet.id }],
    ] as const) {
      expect((await get(call, adminA, query)).status, call.path).toBe(403);
    }
    // Unfiltered lists show only their tenants.
    const accounts = (await get(financeCalls.ledgerAccounts, adminA, { pageSize: '100' })).body.data.list;
    expect(accounts.every((a: { tenantId: string }) => a.tenantId === '000000')).toBe(true);
    expect(
      (await get(financeCalls.ledgerAccounts, adminA, { user: String(vn.userId) })).body.data.total,
    ).toBe(0);
    expect((await get(financeCalls.users, adminA, { ids: String(vn.userId) })).body.data.list).toEqual([]);
    expect((await get(financeCalls.users, owner, { ids: String(vn.userId) })).body.data.list).toEqual([
      expect.objectContaining({ userId: String(vn.userId), tenantId: '000001', inviteCode: vn.inviteCode }),
    ]);

    const content = await f.operator('content', ['000000']);
    for (const call of [
      financeCalls.gatewayPayments,
      financeCalls.webhookDeliveries,
      financeCalls.ledgerAccounts,
      financeCalls.reconciliation,
    ]) {
      expect((await get(call, content)).status, call.path).toBe(403);
    }
    expect((await get(financeCalls.reconciliation, owner, { date: '2026-02-30x' })).status).toBe(400);
  });
});

describe('daily reconciliation', () => {
  it('is exact for a scripted day in the tenant time zone (Asia/Manila)', async () => {
    expect(zonedDayStart('2027-03-11', 'Asia/Manila').toISOString()).toBe('2027-03-10T16:00:00.000Z');
    expect(zonedDayStart('2027-03-14', 'America/New_York').toISOString()).toBe('2027-03-14T05:00:00.000Z');
    expect(zonedDayStart('2027-03-15', 'America/New_York').toISOString()).toBe('2027-03-15T04:00:00.000Z');

    // The evening before (23:00 Manila): a recharge that belongs to the 10th.
    t.clock.set('2027-03-10T15:00:00Z');
    owner = await f.operator('owner', []); // sessions last 12 hours
    const early = await f.user();
    await f.recharge(early, '300');
    // The day: 00:30 Manila onwards.
    t.clock.set('2027-03-10T16:30:00Z');
    const who = await f.withdrawer('1000'); // gateway 1000
    const other = await f.user();
    await officialRecharge(other, '5000'); // official 5000
    await withdraw(who, '500', ['approve', 'process', 'pay']); // paid 500 + fee 25
    await withdraw(who, '110', ['approve']); // held 110 + 5.50
    await withdraw(who, '200', ['reject']); // returned: neither paid nor held
    // Just after midnight: the next day's business.
    t.clock.set('2027-03-11T16:00:00Z');
    owner = await f.operator('owner', []);
    await f.recharge(other, '200');
    await withdraw(who, '110', []);

    const res = await get(financeCalls.reconciliation, owner, { tenantId: '000000', date: '2027-03-11' });
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report).toMatchObject({
      tenantId: '000000',
      timeZone: 'Asia/Manila',
      from: '2027-03-10T16:00:00.000Z',
      to: '2027-03-11T16:00:00.000Z',
      balanced: true,
    });
    const php = report.currencies.find((c: { currency: string }) => c.currency === 'PHP')!;
    expect(php).toMatchObject({
      recharges: [
        { channel: 'gateway', count: 1, amount: '1000.00' },
        { channel: 'official', count: 1, amount: '5000.00' },
        { channel: 'usdt', count: 0, amount: '0.00' },
      ],
      rechargesTotal: '6000.00',
      withdrawalsPaid: { count: 1, amount: '500.00', fees: '25.00' },
      withdrawalsHeld: { count: 1, amount: '115.50' },
      ledgerSum: '0.00',
      balanced: true,
    });
    const account = (code: string) => php.systemAccounts.find((a: { code: string }) => a.code === code);
    expect(account('recharge_clearing')).toMatchObject({ movements: '-6000.00', ok: true });
    expect(Number(account('recharge_clearing')!.opening)).toBeLessThanOrEqual(-300);
    expect(account('payouts')).toMatchObject({ movements: '500.00', ok: true });
    expect(account('fees')).toMatchObject({ movements: '25.00', ok: true });
    expect(account('withdrawals_payable')).toMatchObject({
      movements: '115.50',
      closing: '115.50',
      ok: true,
    });
    expect(php.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);

    // The next day sees the held withdrawal still held, plus the new one.
    const next = (await get(financeCalls.reconciliation, owner, { date: '2027-03-12' })).body.data;
    expect(next.currencies[0]).toMatchObject({
      currency: 'PHP',
      rechargesTotal: '200.00',
      withdrawalsHeld: { count: 2, amount: '231.00' },
    });

    // A stored balance that disagrees with its transfers is flagged.
    await t.database.query(
      `update ledger_account set balance = balance + 1 where tenant_id = '000000' and code = 'system:fees' and currency = 'PHP'`,
    );
    try {
      const broken = (await get(financeCalls.reconciliation, owner, { date: '2027-03-11' })).body.data;
      expect(broken.balanced).toBe(false);
      const php2 = broken.currencies.find((c: { currency: string }) => c.currency === 'PHP')!;
      expect(php2.systemAccounts.find((a: { code: string }) => a.code === 'fees')!.ok).toBe(false);
      expect(php2.checks.find((c: { name: string }) => c.name.startsWith('Ledger sum'))!.ok).toBe(false);
    } finally {
      await t.database.query(
        `update ledger_account set balance = balance - 1 where tenant_id = '000000' and code = 'system:fees' and currency = 'PHP'`,
      );
    }
  });
});
