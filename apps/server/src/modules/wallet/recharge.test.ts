import { unchecked } from '../../test/client.js';
import { api, consoleCalls } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';

let t: TestApp;
let f: WalletFixtures;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  f = walletFixtures(t);
});
afterAll(() => t.close());

const HASH = (i: number) => i.toString(16).padStart(64, 'a');
const addBalance = (token: string, body: Record<string, unknown>) =>
  f.call(api.user.addBalance, { token, body: unchecked({ requestId: randomUUID(), ...body }) });
const ledgerSum = async () =>
  (
    await t.database.query<{ currency: string; s: string }>(
      'select currency, sum(balance)::text as s from ledger_balance group by currency',
    )
  ).filter((r) => r.s !== '0');

describe('recharge channels', () => {
  it('are the tenant’s, with limits, quick amounts, a zero fee and the USDT address and rate', async () => {
    const php = (await f.call(api.config.queryPc, { token: (await f.user()).token })).body.data;
    expect(php.currency).toBe('PHP');
    expect(php.channels.map((c: { code: string }) => c.code)).toEqual(['gateway', 'official', 'usdt']);
    expect(php.channels[0]).toMatchObject({ minAmount: '100', maxAmount: '50000', fee: '0.00' });
    expect(php.channels[2]!.usdt).toMatchObject({ network: 'TRC20', rate: '57' });
    const vnd = (await f.call(api.config.queryPc, { token: (await f.user('000001')).token })).body.data;
    expect(vnd.channels.find((c: { code: string }) => c.code === 'official')).toMatchObject({
      minAmount: '100000000',
      windowMinutes: 5,
    });
    const usdt = (await f.call(api.config.queryPc, { token: (await f.user('000004')).token })).body.data;
    expect(usdt.channels.map((c: { code: string }) => c.code)).toEqual(['gateway', 'usdt']);
  });
});

describe('gateway recharge through the sandbox', () => {
  it('credits only after the payer approves on the gateway page, by the signed webhook', async () => {
    const who = await f.user();
    const order = (await addBalance(who.token, { channel: 'gateway', amount: '250.50' })).body.data;
    expect(order).toMatchObject({
      status: 'pending',
      amount: '250.50',
      creditAmount: '250.50',
      currency: 'PHP',
    });
    expect(order.payUrl).toMatch(/\/pay\/sandbox\/pay_/);
    const paymentPath = new URL(order.payUrl!).pathname;
    const page = await t.app.inject({ method: 'GET', url: paymentPath });
    expect(page.body).toContain('₱ 250.50 PHP');
    // Coming back to the app is not proof of payment.
    expect(
      (await f.call(api.user.addAccountBalanceVerify, { token: who.token, body: { orderNo: order.orderNo } }))
        .body.data.status,
    ).toBe('pending');
    expect(await f.balance(who.token)).toBe('0.00');

    // The page's button is an HTML form post.
    const approve = await t.app.inject({
      method: 'POST',
      url: `${paymentPath}/approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toContain(`orderNo=${order.orderNo}`);
    const after = (
      await f.call(api.user.addAccountBalanceVerify, { token: who.token, body: { orderNo: order.orderNo } })
    ).body.data;
    expect(after).toMatchObject({ status: 'credited' });
    expect(await f.balance(who.token)).toBe('250.50');
    const read = await f.call(api.account.rechargeOrder, {
      token: who.token,
      query: { orderNo: order.orderNo },
    });
    expect(read.body.data).toMatchObject({ status: 'credited', creditedAt: expect.any(String) });
    const stranger = await f.user();
    expect(
      (await f.call(api.account.rechargeOrder, { token: stranger.token, query: { orderNo: order.orderNo } }))
        .status,
    ).toBe(404);
    const records = (await f.call(api.account.walletRecords, { token: who.token })).body.data;
    expect(records.list[0]).toMatchObject({ type: 'recharge', amount: '250.50', reference: order.orderNo });
    // A second click on the page changes nothing.
    await t.app.inject({ method: 'POST', url: `${paymentPath}/approve` });
    expect(await f.balance(who.token)).toBe('250.50');
    expect(await ledgerSum()).toEqual([]);
    const told = (await f.call(api.user.getMessage, { token: who.token, lang: 'vn' })).body.data.list[0]!;
    expect(told).toMatchObject({ kind: 'recharge', title: 'Nạp tiền thành công' });
    expect(told.content).toContain('₱250.50');
  });

  it('sends the payer back to the tenant domain they came from, never to a stranger’s', async () => {
    const who = await f.user('000001');
    const create = async (origin: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/app-api/user/addBalance',
          headers: { authorization: `Bearer ${who.token}`, origin, 'content-type': 'application/json' },
          payload: JSON.stringify({ channel: 'gateway', amount: '100000', requestId: randomUUID() }),
        })
      ).json().data;
    expect((await create('http://vn.localhost:8080')).payUrl).toMatch(
      /^http:\/\/vn\.localhost:8080\/pay\/sandbox\//,
    );
    expect((await create('https://evil.example')).payUrl).toMatch(
      new RegExp(`^${t.config.publicUrl}/pay/sandbox/`),
    );
    const page = await t.app.inject({
      method: 'GET',
      url: new URL((await create('http://vn.localhost')).payUrl).pathname,
    });
    expect(page.body).toContain('₫ 100000 VND');
  });

  it('closes a declined payment as failed and credits nothing', async () => {
    const who = await f.user();
    const order = (await addBalance(who.token, { channel: 'gateway', amount: '100' })).body.data;
    await t.app.inject({ method: 'POST', url: `${new URL(order.payUrl!).pathname}/decline` });
    const after = (await f.call(api.account.rechargeRecords, { token: who.token })).body.data.list[0];
    expect(after).toMatchObject({ orderNo: order.orderNo, status: 'failed' });
    expect(await f.balance(who.token)).toBe('0.00');
  });

  it('answers the same order for the same requestId and refuses it with other details', async () => {
    const who = await f.user();
    const requestId = randomUUID();
    const first = await addBalance(who.token, { channel: 'gateway', amount: '100', requestId });
    const again = await addBalance(who.token, { channel: 'gateway', amount: '100', requestId });
    expect(again.body.data.orderNo).toBe(first.body.data.orderNo);
    const other = await addBalance(who.token, { channel: 'gateway', amount: '200', requestId });
    expect(other).toMatchObject({ status: 409, body: { errorKey: 'IdempotencyConflict' } });
    expect((await f.call(api.account.rechargeRecords, { token: who.token })).body.data.total).toBe(1);
  });

  it('reads zeros past the currency’s decimal places as the same amount, as the app does', async () => {
    const who = await f.user();
    const order = await addBalance(who.token, { channel: 'gateway', amount: '100.000' });
    expect(order.status).toBe(200);
    const record = (await f.call(api.account.rechargeRecords, { token: who.token })).body.data.list[0];
    expect(record).toMatchObject({ orderNo: order.body.data.orderNo, amount: '100.00' });
  });

  it('refuses amounts outside the channel’s limits, bad amounts and a missing channel', async () => {
    const who = await f.user();
    expect(await addBalance(who.token, { channel: 'gateway', amount: '99.99' })).toMatchObject({
      status: 409,
      body: { errorKey: 'AmountBelowMinimum', field: 'amount', msg: 'The minimum amount is 100' },
    });
    expect((await addBalance(who.token, { channel: 'gateway', amount: '50000.01' })).body.errorKey).toBe(
      'AmountAboveMaximum',
    );
    expect(await addBalance(who.token, { channel: 'gateway', amount: '100.001' })).toMatchObject({
      status: 400,
      body: { errorKey: 'TooManyDecimals', field: 'amount' },
    });
    expect(await addBalance(who.token, { channel: 'gateway', amount: '-5' })).toMatchObject({
      status: 400,
      body: { field: 'amount' },
    });
    expect(await addBalance(who.token, { amount: '100' })).toMatchObject({
      status: 400,
      body: { errorKey: 'PleaseSelectPaymentMethod', field: 'channel' },
    });
    const usdtTenant = await f.user('000004');
    expect((await addBalance(usdtTenant.token, { channel: 'official', amount: '100' })).body.errorKey).toBe(
      'ChannelUnavailable',
    );
    expect((await f.call(api.account.rechargeRecords, { token: who.token })).body.data.total).toBe(0);
  });

  it('keeps at most 5 unfinished recharges per user', async () => {
    const who = await f.user();
    for (let i = 0; i < 5; i++)
      expect((await addBalance(who.token, { channel: 'gateway', amount: '100' })).status).toBe(200);
    expect(await addBalance(who.token, { channel: 'gateway', amount: '100' })).toMatchObject({
      status: 409,
      body: { errorKey: 'TooManyOpenOrders' },
    });
    const racer = await f.user();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => addBalance(racer.token, { channel: 'gateway', amount: '100' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
  });
});

describe('webhooks', () => {
  async function pendingOrder(amount = '300') {
    const who = await f.user();
    const order = (await addBalance(who.token, { channel: 'gateway', amount })).body.data;
    return {
      who,
      order,
      ref: { orderNo: order.orderNo, amountMinor: String(Math.round(Number(amount) * 100)), currency: 'PHP' },
    };
  }

  it('refuse forged, unsigned, stale and mismatched deliveries, crediting nothing', async () => {
    const { who, ref } = await pendingOrder();
    const body = f.webhookBody(ref, 'txn_forged');
    const forged = await f.postWebhook(body, {
      'x-sandbox-signature': `t=${Math.floor(t.clock.now().getTime() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(forged).toMatchObject({ status: 401, body: { errorKey: 'InvalidSignature' } });
    expect((await f.postWebhook(body, {})).status).toBe(401);
    const tampered = await f.postWebhook(body.replace('30000', '90000'), await f.signedDelivery(body));
    expect(tampered.status).toBe(401);
    const stale = await f.postWebhook(
      body,
      await f.signedDelivery(body, new Date(t.clock.now().getTime() - 301_000)),
    );
    expect(stale).toMatchObject({ status: 400, body: { errorKey: 'StaleWebhook' } });
    const wrongAmount = f.webhookBody({ ...ref, amountMinor: '29999' }, 'txn_short');
    expect((await f.postWebhook(wrongAmount, await f.signedDelivery(wrongAmount))).body.errorKey).toBe(
      'AmountMismatch',
    );
    const wrongCurrency = f.webhookBody({ ...ref, currency: 'VND' }, 'txn_vnd');
    expect((await f.postWebhook(wrongCurrency, await f.signedDelivery(wrongCurrency))).body.errorKey).toBe(
      'AmountMismatch',
    );
    expect(await f.balance(who.token)).toBe('0.00');
    const events = await t.database.query<{ outcome: string }>(
      "select outcome from gateway_event where outcome like 'rejected:%'",
    );
    expect(events.length).toBeGreaterThanOrEqual(6);
  });

  it('credit once when the same delivery arrives 5 times at once', async () => {
    const { who, ref } = await pendingOrder('300');
    const body = f.webhookBody(ref, 'txn_same');
    const headers = await f.signedDelivery(body);
    const answers = await Promise.all(Array.from({ length: 5 }, () => f.postWebhook(body, headers)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.body.data?.outcome).sort()).toEqual([
      'credited',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await f.balance(who.token)).toBe('300.00');
    // Another transaction id for a credited order credits nothing more.
    const other = f.webhookBody(ref, 'txn_other');
    expect((await f.postWebhook(other, await f.signedDelivery(other))).body.data?.outcome).toBe(
      'ignored:already-credited',
    );
    expect(await f.balance(who.token)).toBe('300.00');
  });
});

describe('official bank transfer', () => {
  it('is for 100 million VND and more, shows the account and a reference, and must be paid within 5 minutes', async () => {
    const who = await f.user('000001');
    expect(await addBalance(who.token, { channel: 'official', amount: '99999999' })).toMatchObject({
      status: 409,
      body: { errorKey: 'AmountBelowMinimum' },
    });
    const order = (await addBalance(who.token, { channel: 'official', amount: '100000000' })).body.data;
    expect(order).toMatchObject({ status: 'pending', amount: '100000000', currency: 'VND', payUrl: null });
    expect(order.official).toMatchObject({
      accountNumber: '000123456789',
      reference: expect.stringMatching(/^DS[A-Z2-9]{8}$/),
    });
    expect(new Date(order.expiresAt!).getTime() - new Date(order.createdAt).getTime()).toBe(300_000);
    t.clock.advance(299_000);
    const said = (
      await f.call(api.user.addAccountBalanceVerify, { token: who.token, body: { orderNo: order.orderNo } })
    ).body.data;
    expect(said.status).toBe('submitted');

    const late = (await addBalance(who.token, { channel: 'official', amount: '100000000' })).body.data;
    t.clock.advance(300_000);
    const expired = await f.call(api.user.addAccountBalanceVerify, {
      token: who.token,
      body: { orderNo: late.orderNo },
    });
    expect(expired).toMatchObject({ status: 409, body: { errorKey: 'OrderExpired' } });
    const list = (await f.call(api.account.rechargeRecords, { token: who.token })).body.data.list;
    expect(list.map((o: { status: string }) => o.status)).toEqual(['expired', 'submitted']);
  });

  it('is credited when finance confirms the matching transfer, once', async () => {
    const who = await f.user('000001');
    const finance = await f.operator('finance', ['000001']);
    const order = (await addBalance(who.token, { channel: 'official', amount: '120000000' })).body.data;
    const wrong = await f.admin(consoleCalls.core.confirmRecharge, {
      token: finance,
      body: { orderNo: order.orderNo, matchedReference: 'DSXXXXXXXX' },
    });
    expect(wrong).toMatchObject({ status: 409, body: { errorKey: 'ReferenceMismatch' } });
    const ok = await f.admin(consoleCalls.core.confirmRecharge, {
      token: finance,
      body: {
        orderNo: order.orderNo,
        matchedReference: `VCB 8812 ${order.official!.reference} NGUYEN VAN A`,
      },
    });
    expect(ok.body.data).toMatchObject({ status: 'credited', tenantId: '000001' });
    expect(await f.balance(who.token)).toBe('120000000');
    const twice = await f.admin(consoleCalls.core.confirmRecharge, {
      token: finance,
      body: { orderNo: order.orderNo, matchedReference: order.official!.reference },
    });
    expect(twice).toMatchObject({ status: 409, body: { errorKey: 'OrderClosed' } });
    expect(await f.balance(who.token)).toBe('120000000');
    const audit = (
      await f.admin(consoleCalls.core.audit, { token: finance, query: { action: 'recharge.confirm' } })
    ).body.data.list;
    expect(audit[0]).toMatchObject({ target: `recharge:${order.orderNo}`, tenantId: '000001' });
    expect(audit[0]!.before).toMatchObject({ status: 'pending' });
    expect(audit[0]!.after).toMatchObject({ status: 'credited' });

    // The log filters by part of the target and by operator, and lists its actions.
    const byTarget = await f.admin(consoleCalls.core.audit, {
      token: finance,
      query: { target: order.orderNo.slice(-10) },
    });
    expect(byTarget.body.data.list.map((e: { target: string }) => e.target)).toEqual([
      `recharge:${order.orderNo}`,
    ]);
    const nobody = await f.admin(consoleCalls.core.audit, { token: finance, query: { operator: 'nobody' } });
    expect(nobody.body.data.total).toBe(0);
    const actions = await f.admin(consoleCalls.core.auditActions, { token: finance });
    expect(actions.body.data.actions).toContain('recharge.confirm');
  });
});

describe('USDT deposits', () => {
  it('credit amount × rate once finance confirms the submitted hash; a hash serves one order', async () => {
    const who = await f.user();
    const finance = await f.operator();
    const order = (await addBalance(who.token, { channel: 'usdt', amount: '10.5' })).body.data;
    expect(order).toMatchObject({
      amount: '10.500000',
      payCurrency: 'USDT',
      creditAmount: '598.50',
      currency: 'PHP',
    });
    expect(order.usdt).toMatchObject({ network: 'TRC20', rate: '57', txHash: null });
    const verify = (body: Record<string, unknown>) =>
      f.call(api.user.addAccountBalanceVerify, { token: who.token, body: unchecked(body) });
    expect(await verify({ orderNo: order.orderNo })).toMatchObject({
      status: 409,
      body: { errorKey: 'TxHashRequired' },
    });
    expect(await verify({ orderNo: order.orderNo, txHash: 'abc' })).toMatchObject({
      status: 400,
      body: { errorKey: 'InvalidTxHash', field: 'txHash' },
    });
    const submitted = (await verify({ orderNo: order.orderNo, txHash: `0x${HASH(1).toUpperCase()}` })).body
      .data;
    expect(submitted).toMatchObject({ status: 'submitted', usdt: { txHash: HASH(1) } });

    const second = (await addBalance(who.token, { channel: 'usdt', amount: '10' })).body.data;
    expect(await verify({ orderNo: second.orderNo, txHash: HASH(1) })).toMatchObject({
      status: 409,
      body: { errorKey: 'TxHashUsed' },
    });

    expect(
      (
        await f.admin(consoleCalls.core.confirmRecharge, {
          token: finance,
          body: { orderNo: order.orderNo, matchedReference: HASH(2) },
        })
      ).body.errorKey,
    ).toBe('ReferenceMismatch');
    const ok = await f.admin(consoleCalls.core.confirmRecharge, {
      token: finance,
      body: { orderNo: order.orderNo, matchedReference: HASH(1) },
    });
    expect(ok.body.data.status).toBe('credited');
    expect(await f.balance(who.token)).toBe('598.50');

    // Rejecting the other order frees nothing that was credited, and credits nothing.
    const rejected = await f.admin(consoleCalls.core.rejectRecharge, {
      token: finance,
      body: { orderNo: second.orderNo, reason: 'No such transfer' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'No such transfer' });
    expect(await f.balance(who.token)).toBe('598.50');
  });
});

describe('operator access to recharges', () => {
  it('needs a finance role and the order’s tenant', async () => {
    const who = await f.user('000001');
    const order = (await addBalance(who.token, { channel: 'official', amount: '100000000' })).body.data;
    const support = await f.operator('support', ['000001']);
    expect((await f.admin(consoleCalls.core.recharges, { token: support })).status).toBe(403);
    const otherTenant = await f.operator('finance', ['000002']);
    const refused = await f.admin(consoleCalls.core.confirmRecharge, {
      token: otherTenant,
      body: { orderNo: order.orderNo, matchedReference: order.official!.reference },
    });
    expect(refused.status).toBe(404);
    expect(
      (await f.admin(consoleCalls.core.recharges, { token: otherTenant, query: { tenantId: '000001' } }))
        .status,
    ).toBe(403);
    expect((await f.admin(consoleCalls.core.recharges, { token: 'nope' })).status).toBe(401);
    expect(await f.balance(who.token)).toBe('0');
  });
});

describe('the recharge queue for finance (issue 44 §2)', () => {
  it('shows whose order it is and finds it by order number, transfer reference, matched reference, e-mail', async () => {
    const who = await f.user('000001');
    const finance = await f.operator('finance', ['000001']);
    const order = (await addBalance(who.token, { channel: 'official', amount: '110000000' })).body.data;
    await t.database.query("update app_user set email = 'queue-' || id || '@example.com' where id = $1", [
      who.userId,
    ]);
    const [me] = await t.database.query<{ email: string }>('select email from app_user where id = $1', [
      who.userId,
    ]);
    const find = async (q: string) =>
      (await f.admin(consoleCalls.core.recharges, { token: finance, query: { q } })).body.data.list.map(
        (o: { orderNo: string }) => o.orderNo,
      );
    expect(await find(order.orderNo)).toEqual([order.orderNo]);
    expect(await find(order.official!.reference.toLowerCase())).toEqual([order.orderNo]);
    expect(await find(me!.email.toUpperCase())).toEqual([order.orderNo]);
    expect(await find('NOTHING-LIKE-IT')).toEqual([]);
    const row = (await f.admin(consoleCalls.core.recharges, { token: finance, query: { q: order.orderNo } }))
      .body.data.list[0];
    expect(row).toMatchObject({ userId: String(who.userId), userEmail: me!.email, receivedAmount: null });
    await f.admin(consoleCalls.core.confirmRecharge, {
      token: finance,
      body: { orderNo: order.orderNo, matchedReference: `VCB-${order.official!.reference}-77` },
    });
    expect(await find(`VCB-${order.official!.reference}-77`)).toEqual([order.orderNo]);
    // Another tenant's finance finds nothing.
    const other = await f.operator('finance', ['000000']);
    expect(
      (await f.admin(consoleCalls.core.recharges, { token: other, query: { q: order.orderNo } })).body.data
        .total,
    ).toBe(0);
  });

  it('credits the amount actually received when it differs, says so, and audits both amounts', async () => {
    const who = await f.user('000001');
    const finance = await f.operator('finance', ['000001']);
    const order = (await addBalance(who.token, { channel: 'official', amount: '120000000' })).body.data;
    const confirm = (receivedAmount: string) =>
      f.admin(consoleCalls.core.confirmRecharge, {
        token: finance,
        body: unchecked({
          orderNo: order.orderNo,
          matchedReference: order.official!.reference,
          receivedAmount,
        }),
      });
    for (const bad of ['0', '240000001', 'abc']) {
      expect((await confirm(bad)).body, bad).toMatchObject({ code: 400, field: 'receivedAmount' });
    }
    expect(await f.balance(who.token)).toBe('0');
    const ok = await confirm('119500000');
    expect(ok.body.data).toMatchObject({
      status: 'credited',
      amount: '120000000',
      receivedAmount: '119500000',
      creditAmount: '119500000',
    });
    expect(ok.body.data.reason).toMatch(/Received 119[.,]500[.,]000 \S+ of 120[.,]000[.,]000 \S+ ordered/);
    expect(await f.balance(who.token)).toBe('119500000');
    const entry = (
      await f.admin(consoleCalls.core.audit, {
        token: finance,
        query: { action: 'recharge.confirm', target: order.orderNo },
      })
    ).body.data.list[0]!;
    expect(entry.before).toMatchObject({ amount: '120000000', creditAmount: '120000000' });
    expect(entry.after).toMatchObject({ receivedAmount: '119500000', creditAmount: '119500000' });
    expect(entry.reason).toContain(`reference: ${order.official!.reference}`);
    expect(entry.reason).toContain('ordered');
    // The books balance and the day's reconciliation still matches orders to the ledger.
    expect(await ledgerSum()).toEqual([]);
    // The user's message says what was credited.
    const told = (await f.call(api.user.getMessage, { token: who.token })).body.data.list;
    expect(JSON.stringify(told)).toMatch(/119[.,]500[.,]000/);
  });

  it('records the order’s amount as received when none is typed', async () => {
    const who = await f.user('000001');
    const finance = await f.operator('finance', ['000001']);
    const order = (await addBalance(who.token, { channel: 'official', amount: '100000000' })).body.data;
    const ok = await f.admin(consoleCalls.core.confirmRecharge, {
      token: finance,
      body: { orderNo: order.orderNo, matchedReference: order.official!.reference },
    });
    expect(ok.body.data).toMatchObject({
      receivedAmount: '100000000',
      creditAmount: '100000000',
      reason: null,
    });
  });
});
