import { randomUUID } from 'node:crypto';
import { api, consoleCalls } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { startVnpayFake, type VnpayFake } from './providers/vnpay.fake.js';
import { startXenditFake, type XenditFake } from './providers/xendit.fake.js';

/**
 * A provider's transaction id credits one order per tenant and provider: the ids of different
 * providers and of different tenants' accounts are numbered apart (VNPay's are sequential, and a
 * tenant can put any id in callbacks signed with its own keys), so neither blocks the other. Two
 * orders of one tenant and provider claiming the same id: the second is refused, with a log line
 * and the provider's "already processed / failed" answer, never a 500; also when both callbacks
 * race on two instances (PostgreSQL).
 */
const XE = {
  secretKey: 'xnd_development_dramastar_0123456789',
  callbackToken: 'xendit-token-dramastar-0123456789',
};
const VN = { tmnCode: 'DRAMAST1', hashSecret: 'VNPAYHASHSECRETDRAMASTAR0123' };
const XENDIT_TENANT = { tenantId: '000002', host: 'id.localhost' };
const VNPAY_TENANT = { tenantId: '000001', host: 'vn.localhost' };

let t: TestApp;
let second: TestApp | undefined;
let xendit: XenditFake;
let vnpay: VnpayFake;
let f: ReturnType<typeof walletFixtures>;

beforeAll(async () => {
  xendit = await startXenditFake({ ...XE, now: () => t.clock.now() });
  vnpay = await startVnpayFake({ ...VN, now: () => t.clock.now() });
  const paymentProviders = { baseUrls: { xendit: xendit.url, vnpay: vnpay.url } };
  const env = { LOG_LEVEL: 'warn', DEMO_CONTENT: 'true' };
  t = await buildTestApp(env, { paymentProviders });
  second = await secondInstance(t, env, { paymentProviders });
  f = walletFixtures(t);
  const owner = await f.operator('owner', []);
  const save = async (body: {
    tenantId: string;
    provider: string;
    enabled: boolean;
    methods: string[];
    settings: Record<string, string>;
    secrets: Record<string, string>;
  }) => {
    // New keys ask the operator's authenticator code, one per 30 s step.
    t.clock.advance(30_000);
    second?.clock.advance(30_000);
    const res = await f.admin(consoleCalls.payment.savePaymentProvider, {
      token: owner,
      body: { ...body, totpCode: f.totp() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await save({
    tenantId: XENDIT_TENANT.tenantId,
    provider: 'xendit',
    enabled: true,
    methods: [],
    settings: {},
    secrets: XE,
  });
  await save({
    tenantId: VNPAY_TENANT.tenantId,
    provider: 'vnpay',
    enabled: true,
    methods: [],
    settings: { tmnCode: VN.tmnCode, mode: 'sandbox' },
    secrets: { hashSecret: VN.hashSecret },
  });
});
afterAll(async () => {
  await second?.close();
  await t.close();
  await xendit.close();
  await vnpay.close();
});

async function order(tenantId: string, provider: 'xendit' | 'vnpay', amount: string) {
  const who = await f.user(tenantId);
  const res = await f.call(api.user.addBalance, {
    token: who.token,
    body: { channel: 'gateway', amount, requestId: randomUUID(), provider },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const orderNo = res.body.data.orderNo;
  const [row] = await t.database.query<{ provider_ref: string }>(
    'select provider_ref from recharge_order where order_no = $1',
    [orderNo],
  );
  if (provider === 'vnpay') {
    const opened = vnpay.open(res.body.data.payUrl as string);
    if (typeof opened === 'string') throw new Error(`VNPay refused the payment URL: ${opened}`);
  }
  return { orderNo, ref: row!.provider_ref, token: who.token };
}

/** A Xendit callback for the invoice, paid, carrying the transaction id `id` (the tenant signs it). */
function xenditPaid(invoiceId: string, id: string) {
  const invoice = xendit.invoices.get(invoiceId);
  if (!invoice) throw new Error(`no invoice ${invoiceId}`);
  return xendit.callback({ ...invoice, id, status: 'PAID', paid_amount: invoice.amount });
}

async function deliverXendit(app: TestApp, callback: { body: string; headers: Record<string, string> }) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/app-api/pay/webhook/xendit',
    headers: { ...callback.headers, 'content-type': 'application/json', host: XENDIT_TENANT.host },
    payload: callback.body,
  });
  return { status: res.statusCode, body: res.json<{ data?: { outcome?: string }; errorKey?: string }>() };
}

/** VNPay's IPN for the order's payment, paid, with the transaction number `transactionNo`. */
function vnpayPaid(ref: string, transactionNo: string) {
  const txnRef = ref.split('@')[0] ?? '';
  const payment = vnpay.payments.get(txnRef);
  if (!payment) throw new Error(`no VNPay payment ${txnRef}`);
  Object.assign(payment, { status: 'paid', transactionNo, responseCode: '00' });
  return vnpay.ipn(payment).queryString;
}

async function deliverVnpay(app: TestApp, query: string) {
  const res = await app.app.inject({
    method: 'GET',
    url: `/app-api/pay/webhook/vnpay?${query}`,
    headers: { host: VNPAY_TENANT.host },
  });
  return { status: res.statusCode, body: res.json<{ RspCode?: string; Message?: string }>() };
}

async function state(orderNo: string) {
  const [row] = await t.database.query<{ status: string; provider: string | null; txn: string | null }>(
    'select status, provider, provider_txn_id as txn from recharge_order where order_no = $1',
    [orderNo],
  );
  const [credits] = await t.database.query<{ n: string }>(
    "select count(*)::text as n from ledger_transfer where kind = 'recharge' and reference = $1",
    [orderNo],
  );
  return { ...row!, credits: Number(credits!.n) };
}

const refusalLogs = (txnId: string) =>
  [t, ...(second ? [second] : [])].flatMap((app) =>
    app.logs.filter((line) => line.msg === 'provider transaction already credited' && line.txnId === txnId),
  );

describe('provider transaction ids', () => {
  it("one tenant's id cannot block another tenant's payment through another provider", async () => {
    // Tenant A credits its own Xendit order with the id 15047900 (it knows its own callback token).
    const a = await order(XENDIT_TENANT.tenantId, 'xendit', '150000');
    const first = await deliverXendit(t, xenditPaid(a.ref, '15047900'));
    expect(first, JSON.stringify(first.body)).toMatchObject({
      status: 200,
      body: { data: { outcome: 'credited' } },
    });
    expect(await state(a.orderNo)).toMatchObject({
      status: 'credited',
      provider: 'xendit',
      txn: '15047900',
      credits: 1,
    });

    // Tenant B's genuine VNPay notice carries the same number: B's payer is credited.
    const b = await order(VNPAY_TENANT.tenantId, 'vnpay', '100000');
    const ipn = await deliverVnpay(second ?? t, vnpayPaid(b.ref, '15047900'));
    expect(ipn).toEqual({ status: 200, body: { RspCode: '00', Message: 'Confirm Success' } });
    expect(await state(b.orderNo)).toMatchObject({
      status: 'credited',
      provider: 'vnpay',
      txn: '15047900',
      credits: 1,
    });
    expect(await f.balance(b.token)).toBe('100000');
  });

  it('the same id on a second order of the same tenant and provider is a logged refusal, not a 500', async () => {
    const one = await order(XENDIT_TENANT.tenantId, 'xendit', '150000');
    const two = await order(XENDIT_TENANT.tenantId, 'xendit', '150000');
    expect((await deliverXendit(t, xenditPaid(one.ref, 'inv_same_1'))).body.data?.outcome).toBe('credited');
    const clash = await deliverXendit(t, xenditPaid(two.ref, 'inv_same_1'));
    expect(clash).toMatchObject({ status: 409, body: { errorKey: 'ProviderTxnUsed' } });
    expect(await state(two.orderNo)).toMatchObject({ status: 'pending', txn: null, credits: 0 });
    expect(await state(one.orderNo)).toMatchObject({ status: 'credited', credits: 1 });
    expect(refusalLogs('inv_same_1')).toHaveLength(1);
    expect(refusalLogs('inv_same_1')[0]).toMatchObject({
      orderNo: two.orderNo,
      creditedOrderNo: one.orderNo,
    });
    const [event] = await t.database.query<{ outcome: string }>(
      'select outcome from gateway_event where order_no = $1',
      [two.orderNo],
    );
    expect(event?.outcome).toBe('rejected:ProviderTxnUsed');

    // VNPay is told the transaction was already processed (02 ends its retries).
    const v1 = await order(VNPAY_TENANT.tenantId, 'vnpay', '100000');
    const v2 = await order(VNPAY_TENANT.tenantId, 'vnpay', '100000');
    expect((await deliverVnpay(t, vnpayPaid(v1.ref, '15047999'))).body.RspCode).toBe('00');
    expect(await deliverVnpay(t, vnpayPaid(v2.ref, '15047999'))).toEqual({
      status: 200,
      body: { RspCode: '02', Message: 'Order already confirmed' },
    });
    expect(await state(v2.orderNo)).toMatchObject({ status: 'pending', credits: 0 });
    expect(refusalLogs('15047999')).toHaveLength(1);
  });

  it('two orders racing to claim one id on two instances: one is credited, the other refused', async () => {
    for (let round = 0; round < 5; round++) {
      const one = await order(XENDIT_TENANT.tenantId, 'xendit', '150000');
      const two = await order(XENDIT_TENANT.tenantId, 'xendit', '150000');
      const id = `inv_race_${round}`;
      const answers = await Promise.all([
        deliverXendit(t, xenditPaid(one.ref, id)),
        deliverXendit(second ?? t, xenditPaid(two.ref, id)),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.map((a) => a.body.data?.outcome ?? a.body.errorKey).sort()).toEqual([
        'ProviderTxnUsed',
        'credited',
      ]);
      const states = [await state(one.orderNo), await state(two.orderNo)];
      expect(states.map((s) => s.credits).sort()).toEqual([0, 1]);
      expect(states.map((s) => s.status).sort()).toEqual(['credited', 'pending']);
      expect(refusalLogs(id)).toHaveLength(1);
    }
  });
});
