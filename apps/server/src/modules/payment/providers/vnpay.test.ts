import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import type { CallbackRequest } from '../gateway.js';
import {
  createVnpayGateway,
  parseVnpayDate,
  querydrRequestData,
  querydrResponseData,
  vnpayDate,
  vnpayAcknowledge,
  vnpayOrderInfo,
  vnpaySecureHash,
  vnpaySignData,
  vnpayVerify,
} from './vnpay.js';
import { startVnpayFake, type VnpayFake } from './vnpay.fake.js';

const tmnCode = 'DSTEST01';
const hashSecret = 'VNPAYFAKESECRET0123456789ABCDEFG';
// 2026-11-23 12:00 UTC is 19:00 in Vietnam.
const now = new Date('2026-11-23T12:00:00Z');

let fake: VnpayFake;
beforeAll(async () => {
  fake = await startVnpayFake({ tmnCode, hashSecret, now: () => now });
});
afterAll(() => fake.close());

const gateway = (over: Partial<Parameters<typeof createVnpayGateway>[0]> = {}) =>
  createVnpayGateway({ tmnCode, hashSecret, baseUrl: fake.url, ...over });

let seq = 0;
const input = (amount: bigint, currency = 'VND') => {
  const orderNo = `R2026112312000000000${String(++seq).padStart(2, '0')}`;
  return {
    orderNo,
    amount,
    currency,
    returnUrl: `https://vn.example/#/pages/profile/recharge/index?orderNo=${orderNo}`,
    callbackUrl: 'https://vn.example/app-api/pay/webhook/vnpay',
    description: `Nạp tiền ${orderNo}`,
    payerIp: '203.0.113.9',
    now,
  };
};

const get = (query: Record<string, string>): CallbackRequest => ({
  method: 'GET',
  rawBody: '',
  query,
  headers: {},
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.key : String(error);
  }
  return 'accepted';
};

/** A payment created through the adapter and opened at the fake, as the payer's browser would. */
async function opened(amount = 50_000n) {
  const i = input(amount);
  const created = await gateway().createPayment(i);
  const payment = fake.open(created.payUrl);
  if (typeof payment === 'string') throw new Error(payment);
  return { input: i, created, payment };
}

describe('VNPay signing (fixed vectors)', () => {
  it("encodes the documentation's example payment URL exactly as VNPay shows it", () => {
    // sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html, "URL có dạng" (its secret is not
    // published, so the hash itself cannot be checked; the signed data is the query before it).
    const documented =
      'vnp_Amount=1806000&vnp_Command=pay&vnp_CreateDate=20210801153333&vnp_CurrCode=VND&vnp_IpAddr=127.0.0.1&vnp_Locale=vn&vnp_OrderInfo=Thanh+toan+don+hang+%3A5&vnp_OrderType=other&vnp_ReturnUrl=https%3A%2F%2Fdomainmerchant.vn%2FReturnUrl&vnp_TmnCode=DEMOV210&vnp_TxnRef=5&vnp_Version=2.1.0';
    expect(
      vnpaySignData({
        vnp_Version: '2.1.0',
        vnp_TmnCode: 'DEMOV210',
        vnp_TxnRef: '5',
        vnp_Command: 'pay',
        vnp_ReturnUrl: 'https://domainmerchant.vn/ReturnUrl',
        vnp_OrderInfo: 'Thanh toan don hang :5',
        vnp_Amount: '1806000',
        vnp_OrderType: 'other',
        vnp_Locale: 'vn',
        vnp_IpAddr: '127.0.0.1',
        vnp_CurrCode: 'VND',
        vnp_CreateDate: '20210801153333',
      }),
    ).toBe(documented);
    // The documentation's IPN example, read as a query and signed back, gives its own bytes.
    const ipn =
      'vnp_Amount=1000000&vnp_BankCode=NCB&vnp_BankTranNo=VNP14226112&vnp_CardType=ATM&vnp_OrderInfo=Thanh+toan+don+hang+thoi+gian%3A+2023-12-07+17%3A00%3A44&vnp_PayDate=20231207170112&vnp_ResponseCode=00&vnp_TmnCode=CTTVNP01&vnp_TransactionNo=14226112&vnp_TransactionStatus=00&vnp_TxnRef=166117';
    expect(vnpaySignData(Object.fromEntries(new URLSearchParams(ipn)))).toBe(ipn);
  });

  it('reproduces a published return/IPN hash (lehuygiang28/vnpay test fixture, secret "test_secret")', () => {
    const query = {
      vnp_Amount: '1000000',
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: 'VNP14422574',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: 'Thanh toan don hang 2024-05-21T02:17:31.249Z',
      vnp_PayDate: '20240521091806',
      vnp_ResponseCode: '00',
      vnp_TmnCode: 'TEST_TMN_CODE',
      vnp_TransactionNo: '14422574',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: '1716257871703',
      vnp_SecureHash:
        '649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895',
    };
    expect(vnpaySecureHash('test_secret', query)).toBe(query.vnp_SecureHash);
    expect(vnpayVerify('test_secret', query)).toBe(true);
    expect(vnpayVerify('test_secret', { ...query, vnp_SecureHash: query.vnp_SecureHash.toUpperCase() })).toBe(
      true,
    );
    expect(vnpayVerify('test_secret', { ...query, vnp_Amount: '2000000' })).toBe(false);
    expect(vnpayVerify('other_secret', query)).toBe(false);
    expect(vnpayVerify('test_secret', { ...query, vnp_SecureHash: 'abc' })).toBe(false);
  });

  it('writes dates in Vietnam time and order info without diacritics or special characters', () => {
    expect(vnpayDate(now)).toBe('20261123190000');
    expect(parseVnpayDate('20261123190000')?.toISOString()).toBe(now.toISOString());
    expect(parseVnpayDate('2026-11-23')).toBeNull();
    expect(vnpayOrderInfo('Nạp tiền đơn #R1 <b>&')).toBe('Nap tien don R1 b');
  });
});

describe('VNPay adapter against the local fake', () => {
  it('builds a signed redirect VNPay accepts: amount × 100 in VND, GMT+7 dates, 15 minutes to pay', async () => {
    const { input: i, created, payment } = await opened(50_000n);
    const url = new URL(created.payUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.url}/paymentv2/vpcpay.html`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: tmnCode,
      vnp_Amount: '5000000',
      vnp_CurrCode: 'VND',
      vnp_TxnRef: i.orderNo,
      vnp_OrderInfo: `Nap tien ${i.orderNo}`,
      vnp_ReturnUrl: i.returnUrl,
      vnp_IpAddr: '203.0.113.9',
      vnp_CreateDate: '20261123190000',
      vnp_ExpireDate: '20261123191500',
    });
    expect(payment).toMatchObject({ txnRef: i.orderNo, amount: '5000000', status: 'pending' });
    expect(created.providerRef).toBe(`${i.orderNo}@20261123190000`);
    // The browser's GET reaches the fake's page too.
    const page = await fetch(created.payUrl);
    expect(page.status).toBe(200);
    // A URL signed with another secret, or altered after signing, is refused by VNPay's page.
    const forged = await createVnpayGateway({
      tmnCode,
      hashSecret: 'wrong',
      baseUrl: fake.url,
    }).createPayment(input(10_000n));
    expect(fake.open(forged.payUrl)).toBe('Invalid signature');
    expect(fake.open(created.payUrl.replace('vnp_Amount=5000000', 'vnp_Amount=100'))).toBe(
      'Invalid signature',
    );
    expect((await fetch(forged.payUrl)).status).toBe(400);
  });

  it('refuses currencies other than VND before asking VNPay', async () => {
    await expect(gateway().createPayment(input(10_000n, 'PHP'))).rejects.toThrow(/VNPay takes VND/);
  });

  it("takes a paid IPN (GET query) in contract units and answers VNPay's RspCode JSON", async () => {
    const { input: i } = await opened(50_000n);
    const ipn = fake.pay(i.orderNo);
    const event = gateway().verifyCallback(get(ipn.query), now);
    expect(event).toEqual({
      provider: 'vnpay',
      txnId: fake.payments.get(i.orderNo)?.transactionNo,
      orderNo: i.orderNo,
      outcome: 'paid',
      amount: 50_000n,
      currency: 'VND',
    });
    const declined = await opened(20_000n);
    expect(gateway().verifyCallback(get(fake.decline(declined.input.orderNo).query), now)).toMatchObject({
      outcome: 'failed',
      amount: 20_000n,
    });
  });

  it('refuses forged, altered, stale, foreign and wrong-currency IPNs', async () => {
    const { input: i } = await opened(50_000n);
    const good = fake.pay(i.orderNo).query;
    const g = gateway();
    const payment = fake.payments.get(i.orderNo);
    if (!payment) throw new Error('no payment');
    // Signed with another secret, or no hash at all.
    expect(refusal(() => g.verifyCallback(get(fake.ipn(payment, 'another-secret').query), now))).toBe(
      'InvalidSignature',
    );
    const { vnp_SecureHash: _, ...unsigned } = good;
    expect(refusal(() => g.verifyCallback(get(unsigned), now))).toBe('InvalidSignature');
    // Amount, order or outcome changed after signing.
    expect(refusal(() => g.verifyCallback(get({ ...good, vnp_Amount: '500000000' }), now))).toBe(
      'InvalidSignature',
    );
    expect(refusal(() => g.verifyCallback(get({ ...good, vnp_TxnRef: 'R1' }), now))).toBe('InvalidSignature');
    // Not as VNPay sends it (a POST).
    expect(refusal(() => g.verifyCallback({ ...get(good), method: 'POST' }, now))).toBe('InvalidSignature');
    // A correctly signed IPN replayed hours later.
    expect(refusal(() => g.verifyCallback(get(good), new Date(now.getTime() + 3 * 3_600_000)))).toBe(
      'StaleWebhook',
    );
    expect(g.verifyCallback(get(good), new Date(now.getTime() + 90 * 60_000))).toMatchObject({
      outcome: 'paid',
    });
    // Signed with our secret for another terminal.
    const sign = (q: Record<string, string>) => ({ ...q, vnp_SecureHash: vnpaySecureHash(hashSecret, q) });
    expect(refusal(() => g.verifyCallback(get(sign({ ...unsigned, vnp_TmnCode: 'OTHER001' })), now))).toBe(
      'InvalidSignature',
    );
    // Correctly signed, but not in VND or not whole dong.
    expect(refusal(() => g.verifyCallback(get(sign({ ...unsigned, vnp_CurrCode: 'USD' })), now))).toBe(
      'AmountMismatch',
    );
    expect(refusal(() => g.verifyCallback(get(sign({ ...unsigned, vnp_Amount: '5000050' })), now))).toBe(
      'AmountMismatch',
    );
    // Correctly signed but missing what a payment notification must say.
    const { vnp_TransactionNo: __, ...partial } = unsigned;
    expect(refusal(() => g.verifyCallback(get(sign(partial)), now))).toBe('InvalidJson');
    // 01 "not finished yet": a verified notice with no outcome.
    expect(
      g.verifyCallback(get(sign({ ...unsigned, vnp_TransactionStatus: '01', vnp_ResponseCode: '01' })), now),
    ).toBeNull();
  });

  it('answers each outcome with the RspCode VNPay documents', () => {
    const ack = vnpayAcknowledge;
    expect(ack({ ok: true, outcome: 'credited' })).toEqual({
      status: 200,
      body: { RspCode: '00', Message: 'Confirm Success' },
    });
    expect(ack({ ok: true, outcome: 'declined' }).body.RspCode).toBe('00');
    expect(ack({ ok: true, outcome: 'duplicate' })).toEqual({
      status: 200,
      body: { RspCode: '02', Message: 'Order already confirmed' },
    });
    expect((ack({ ok: true, outcome: 'ignored:failed' }).body as { RspCode: string }).RspCode).toBe('02');
    expect(ack({ ok: false, refusal: 'InvalidSignature' }).body).toEqual({
      RspCode: '97',
      Message: 'Invalid signature',
    });
    expect(ack({ ok: false, refusal: 'OrderNotFound' }).body).toEqual({
      RspCode: '01',
      Message: 'Order not found',
    });
    expect(ack({ ok: false, refusal: 'AmountMismatch' }).body).toEqual({
      RspCode: '04',
      Message: 'Invalid amount',
    });
    // A transaction number that already credited another order of the terminal: processed.
    expect(ack({ ok: false, refusal: 'ProviderTxnUsed' }).body).toEqual({
      RspCode: '02',
      Message: 'Order already confirmed',
    });
    expect(ack({ ok: false, refusal: 'StaleWebhook' })).toEqual({
      status: 200,
      body: { RspCode: '99', Message: 'Unknown error' },
    });
  });

  it('asks querydr: pending, paid, failed, never opened, and a tampered answer', async () => {
    const query = (created: { providerRef: string }, i: { orderNo: string; amount: bigint }, at = now) =>
      gateway().queryPayment({
        orderNo: i.orderNo,
        providerRef: created.providerRef,
        amount: i.amount,
        currency: 'VND',
        createdAt: now,
        now: at,
      });
    const pending = await opened(30_000n);
    expect(await query(pending.created, pending.input)).toEqual({ status: 'pending' });
    fake.pay(pending.input.orderNo);
    expect(await query(pending.created, pending.input)).toEqual({
      status: 'paid',
      event: {
        provider: 'vnpay',
        txnId: fake.payments.get(pending.input.orderNo)?.transactionNo,
        orderNo: pending.input.orderNo,
        outcome: 'paid',
        amount: 30_000n,
        currency: 'VND',
      },
    });
    const last = fake.queries.at(-1);
    expect(last).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'querydr',
      vnp_TmnCode: tmnCode,
      vnp_TxnRef: pending.input.orderNo,
      vnp_TransactionDate: '20261123190000',
    });
    const declined = await opened(40_000n);
    fake.decline(declined.input.orderNo);
    expect(await query(declined.created, declined.input)).toMatchObject({
      status: 'failed',
      event: { outcome: 'failed' },
    });
    // Never opened: pending while the page could still be paid, failed once it has expired.
    const never = input(10_000n);
    const created = await gateway().createPayment(never);
    expect(await query(created, never)).toEqual({ status: 'pending' });
    expect(await query(created, never, new Date(now.getTime() + 3_600_000))).toEqual({ status: 'failed' });
    // An answer whose checksum does not match is not believed.
    fake.faults.badQueryChecksum = true;
    try {
      await expect(query(pending.created, pending.input)).rejects.toThrow(/wrong checksum/);
    } finally {
      fake.faults.badQueryChecksum = false;
    }
    // A terminal with the wrong secret is refused by VNPay (97).
    await expect(
      createVnpayGateway({ tmnCode, hashSecret: 'wrong', baseUrl: fake.url }).queryPayment({
        orderNo: pending.input.orderNo,
        providerRef: pending.created.providerRef,
        amount: 30_000n,
        currency: 'VND',
        createdAt: now,
        now,
      }),
    ).rejects.toThrow(/vnpay answered 200/);
  });

  it('joins the querydr checksum data with pipes in the order VNPay documents', () => {
    const body = {
      vnp_RequestId: 'REQUEST123456',
      vnp_Version: '2.1.0',
      vnp_Command: 'querydr',
      vnp_TmnCode: 'TEST_TMN_CODE',
      vnp_TxnRef: 'TXN123456789',
      vnp_TransactionDate: '20231221103000',
      vnp_CreateDate: '20231221103000',
      vnp_IpAddr: '127.0.0.1',
      vnp_OrderInfo: 'Test order query',
    };
    expect(querydrRequestData(body)).toBe(
      'REQUEST123456|2.1.0|querydr|TEST_TMN_CODE|TXN123456789|20231221103000|20231221103000|127.0.0.1|Test order query',
    );
    // The answer's: fields in VNPay's order, a missing one empty.
    expect(
      querydrResponseData({
        vnp_ResponseId: 'a',
        vnp_Command: 'querydr',
        vnp_ResponseCode: '00',
        vnp_Message: 'ok',
        vnp_TmnCode: 'T',
        vnp_TxnRef: 'R',
        vnp_Amount: 100,
        vnp_TransactionStatus: '00',
      }),
    ).toBe('a|querydr|00|ok|T|R|100|||||00|||');
  });
});
