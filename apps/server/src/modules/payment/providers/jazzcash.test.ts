import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import type { CallbackRequest } from '../gateway.js';
import {
  createJazzcashGateway,
  jazzcashDescription,
  jazzcashHashData,
  jazzcashSecureHash,
  jazzcashTxnRef,
  jazzcashVerify,
  orderNoOfTxnRef,
  parsePktDate,
  pktDate,
} from './jazzcash.js';
import { type JazzcashFake, startJazzcashFake } from './jazzcash.fake.js';

const merchantId = 'MC00112233';
const password = 'pw0fake123';
const integritySalt = 'salt0fake9';
// 2026-11-23 12:00 UTC is 17:00 in Pakistan.
const now = new Date('2026-11-23T12:00:00Z');

let fake: JazzcashFake;
beforeAll(async () => {
  fake = await startJazzcashFake({ merchantId, password, integritySalt, now: () => now });
});
afterAll(() => fake.close());

const gateway = (over: Partial<Parameters<typeof createJazzcashGateway>[0]> = {}) =>
  createJazzcashGateway({ merchantId, password, integritySalt, baseUrl: fake.url, ...over });

let seq = 0;
const input = (amount: bigint, currency = 'PKR') => {
  const orderNo = `R20261123120000${String(++seq).padStart(10, '0')}`;
  return {
    orderNo,
    amount,
    currency,
    returnUrl: `https://pk.example/#/pages/profile/recharge/index?orderNo=${orderNo}`,
    callbackUrl: 'https://pk.example/app-api/pay/webhook/jazzcash',
    description: `Recharge ${orderNo}`,
    now,
  };
};

const post = (body: string): CallbackRequest => ({
  method: 'POST',
  rawBody: body,
  query: {},
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.key : String(error);
  }
  return 'accepted';
};

/** A payment created through the adapter, its form posted to the fake as the browser would. */
async function posted(amount = 150_000n, over: Partial<Parameters<typeof createJazzcashGateway>[0]> = {}) {
  const i = input(amount);
  const created = await gateway(over).createPayment(i);
  if (!created.form) throw new Error('no form');
  const res = await fetch(created.form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(created.form.fields),
  });
  if (res.status !== 200) throw new Error(JSON.stringify(await res.json()));
  return { input: i, created };
}

describe('JazzCash signing (fixed vectors)', () => {
  it("reproduces the documentation's secure hash example (Hashing Scheme, shared secret 0F5DD14AE2)", () => {
    // sandbox.jazzcash.com.pk SandboxDocumentation, Features → Hashing Scheme.
    const fields = { pp_MerchantID: 'MER123', pp_OrderInfo: 'A48cvE28', pp_Amount: '2995' };
    expect(jazzcashHashData('0F5DD14AE2', fields)).toBe('0F5DD14AE2&2995&MER123&A48cvE28');
    expect(jazzcashSecureHash('0F5DD14AE2', fields)).toBe(
      'c7689cda7474eb1adcd343fd0c0b676bad0ba66361cc46db589bdb0da4c1c867'.toUpperCase(),
    );
    // Lower-case hex as the documentation prints it is the same hash.
    expect(
      jazzcashVerify('0F5DD14AE2', {
        ...fields,
        pp_SecureHash: 'c7689cda7474eb1adcd343fd0c0b676bad0ba66361cc46db589bdb0da4c1c867',
      }),
    ).toBe(true);
    expect(
      jazzcashVerify('0F5DD14AE2', {
        ...fields,
        pp_Amount: '2996',
        pp_SecureHash: 'c7689cda7474eb1adcd343fd0c0b676bad0ba66361cc46db589bdb0da4c1c867',
      }),
    ).toBe(false);
  });

  it('hashes every non-empty "pp" field in ASCII order (pp_ before ppmpf_), never the hash or other fields', () => {
    expect(
      jazzcashHashData('S', {
        ppmpf_1: 'm1',
        pp_TxnRefNo: 'T1',
        pp_Amount: '100',
        pp_BankID: '',
        pp_SecureHash: 'X',
        other: 'ignored',
        pp_ReturnURL: 'https://x/y',
      }),
    ).toBe('S&100&https://x/y&T1&m1');
  });

  it('writes Pakistan time, fits our order numbers into pp_TxnRefNo and back, cleans the description', () => {
    expect(pktDate(now)).toBe('20261123170000');
    expect(parsePktDate('20261123170000')?.toISOString()).toBe(now.toISOString());
    const orderNo = 'R202611231200000123456789';
    const ref = jazzcashTxnRef(orderNo);
    expect(ref).toMatch(/^R[0-9A-Z]{16}$/);
    expect(orderNoOfTxnRef(ref)).toBe(orderNo);
    expect(jazzcashTxnRef('T20170619958')).toBe('T20170619958');
    expect(() => jazzcashTxnRef('R-1-2-3-4-5-6-7-8-9-10-11')).toThrow(/pp_TxnRefNo/);
    expect(jazzcashDescription('Recharge <R1>: 50% "off" {x}')).toBe('Recharge R1 50 off x');
  });
});

describe('JazzCash adapter against the local fake', () => {
  it('gives the browser a signed v1.1 form JazzCash accepts: paisa, PKT dates, the webhook as pp_ReturnURL', async () => {
    const { input: i, created } = await posted(150_000n, { txnType: 'MWALLET' });
    expect(created.form?.action).toBe(`${fake.url}/CustomerPortal/transactionmanagement/merchantform/`);
    expect(created.payUrl).toBe(created.form?.action);
    expect(created.form?.fields).toMatchObject({
      pp_Version: '1.1',
      pp_TxnType: 'MWALLET',
      pp_MerchantID: merchantId,
      pp_Password: password,
      pp_TxnRefNo: created.providerRef,
      pp_Amount: '150000',
      pp_TxnCurrency: 'PKR',
      pp_TxnDateTime: '20261123170000',
      pp_TxnExpiryDateTime: '20261123180000',
      pp_BillReference: created.providerRef,
      pp_Description: `Recharge ${i.orderNo}`,
      pp_ReturnURL: i.callbackUrl,
      ppmpf_1: i.orderNo,
    });
    expect(created.form?.fields.pp_SecureHash).toMatch(/^[0-9A-F]{64}$/);
    expect(fake.payments.get(created.providerRef)?.status).toBe('pending');
    // The payer picks the method on JazzCash's page when none is configured: no empty field sent.
    const any = await gateway().createPayment(input(100n));
    expect(any.form?.fields).not.toHaveProperty('pp_TxnType');
    // A form signed with another salt, or altered in the browser, is refused by JazzCash.
    const forged = await gateway({ integritySalt: 'wrong' }).createPayment(input(100n));
    expect(fake.open(forged.form?.fields ?? {})).toMatch(/^115/);
    expect(fake.open({ ...(any.form?.fields ?? {}), pp_Amount: '1' })).toMatch(/^115/);
    await expect(gateway().createPayment(input(100n, 'VND'))).rejects.toThrow(/JazzCash takes PKR/);
  });

  it('takes the signed result JazzCash posts (form body) in contract units', async () => {
    const { input: i, created } = await posted(150_000n);
    const result = fake.pay(created.providerRef);
    expect(result.returnUrl).toBe(i.callbackUrl);
    expect(gateway().verifyCallback(post(result.body), now)).toEqual({
      provider: 'jazzcash',
      txnId: created.providerRef,
      orderNo: i.orderNo,
      outcome: 'paid',
      amount: 150_000n,
      currency: 'PKR',
    });
    const declined = await posted(20_000n);
    expect(
      gateway().verifyCallback(post(fake.decline(declined.created.providerRef).body), now),
    ).toMatchObject({
      outcome: 'failed',
      orderNo: declined.input.orderNo,
    });
  });

  it('refuses forged, altered, stale, foreign and wrong-currency results', async () => {
    const { created } = await posted(150_000n);
    const good = fake.pay(created.providerRef).fields;
    const g = gateway();
    const payment = fake.payments.get(created.providerRef);
    if (!payment) throw new Error('no payment');
    expect(refusal(() => g.verifyCallback(post(fake.callback(payment, 'another-salt').body), now))).toBe(
      'InvalidSignature',
    );
    const { pp_SecureHash: _, ...unsigned } = good;
    expect(refusal(() => g.verifyCallback(post(form(unsigned)), now))).toBe('InvalidSignature');
    expect(refusal(() => g.verifyCallback(post(form({ ...good, pp_Amount: '99900000' })), now))).toBe(
      'InvalidSignature',
    );
    expect(refusal(() => g.verifyCallback(post(form({ ...good, ppmpf_1: 'R1' })), now))).toBe(
      'InvalidSignature',
    );
    expect(
      refusal(() =>
        g.verifyCallback(post(form({ ...good, pp_ResponseCode: '000', pp_TxnRefNo: 'X1' })), now),
      ),
    ).toBe('InvalidSignature');
    expect(
      refusal(() => g.verifyCallback({ method: 'GET', rawBody: '', query: good, headers: {} }, now)),
    ).toBe('InvalidSignature');
    // A correctly signed result replayed long after the payment's expiry, or dated in the future.
    expect(refusal(() => g.verifyCallback(post(form(good)), new Date(now.getTime() + 3 * 3_600_000)))).toBe(
      'StaleWebhook',
    );
    expect(refusal(() => g.verifyCallback(post(form(good)), new Date(now.getTime() - 3_600_000)))).toBe(
      'StaleWebhook',
    );
    const sign = (f: Record<string, string>) => ({
      ...f,
      pp_SecureHash: jazzcashSecureHash(integritySalt, f),
    });
    // Signed with our salt for another merchant account.
    expect(
      refusal(() => g.verifyCallback(post(form(sign({ ...unsigned, pp_MerchantID: 'MC999' }))), now)),
    ).toBe('InvalidSignature');
    // Not in rupees; an order number that is not the reference's.
    expect(
      refusal(() => g.verifyCallback(post(form(sign({ ...unsigned, pp_TxnCurrency: 'USD' }))), now)),
    ).toBe('AmountMismatch');
    expect(
      refusal(() =>
        g.verifyCallback(post(form(sign({ ...unsigned, ppmpf_1: 'R202611231200000000000999' }))), now),
      ),
    ).toBe('OrderNotFound');
    // Signed but missing what a result must say; a pending code (157) says nothing yet.
    const { pp_Amount: __, ...partial } = unsigned;
    expect(refusal(() => g.verifyCallback(post(form(sign(partial))), now))).toBe('InvalidJson');
    expect(g.verifyCallback(post(form(sign({ ...unsigned, pp_ResponseCode: '157' }))), now)).toBeNull();
  });

  it('asks the Status Inquiry API: pending, paid, failed, never posted, and a tampered answer', async () => {
    const query = (ref: string, i: { orderNo: string; amount: bigint }, at = now) =>
      gateway().queryPayment({
        orderNo: i.orderNo,
        providerRef: ref,
        amount: i.amount,
        currency: 'PKR',
        createdAt: now,
        now: at,
      });
    const open = await posted(30_000n);
    expect(await query(open.created.providerRef, open.input)).toEqual({ status: 'pending' });
    fake.pay(open.created.providerRef);
    expect(await query(open.created.providerRef, open.input)).toEqual({
      status: 'paid',
      event: {
        provider: 'jazzcash',
        txnId: open.created.providerRef,
        orderNo: open.input.orderNo,
        outcome: 'paid',
        amount: 30_000n,
        currency: 'PKR',
      },
    });
    expect(fake.inquiries.at(-1)).toMatchObject({
      pp_TxnRefNo: open.created.providerRef,
      pp_MerchantID: merchantId,
    });
    const declined = await posted(40_000n);
    fake.decline(declined.created.providerRef);
    expect(await query(declined.created.providerRef, declined.input)).toMatchObject({
      status: 'failed',
      event: { outcome: 'failed' },
    });
    // Never posted: pending while it could still be paid, failed once expired.
    const never = input(10_000n);
    const created = await gateway().createPayment(never);
    expect(await query(created.providerRef, never)).toEqual({ status: 'pending' });
    expect(await query(created.providerRef, never, new Date(now.getTime() + 2 * 3_600_000))).toEqual({
      status: 'failed',
    });
    // An answer whose hash does not match is not believed; wrong credentials are JazzCash's 101/115.
    fake.faults.badInquiryHash = true;
    try {
      await expect(query(open.created.providerRef, open.input)).rejects.toThrow(/wrong hash/);
    } finally {
      fake.faults.badInquiryHash = false;
    }
    await expect(
      gateway({ password: 'wrong' }).queryPayment({
        orderNo: open.input.orderNo,
        providerRef: open.created.providerRef,
        amount: 30_000n,
        currency: 'PKR',
        createdAt: now,
        now,
      }),
    ).rejects.toThrow(/inquiry 101/);
  });
});
