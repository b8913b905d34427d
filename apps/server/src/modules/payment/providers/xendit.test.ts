import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import type { CallbackRequest } from '../gateway.js';
import { createXenditGateway } from './xendit.js';
import { startXenditFake, type XenditFake } from './xendit.fake.js';

const secretKey = 'xnd_development_fake_0123456789';
const callbackToken = 'callback-token-fake-0123456789';
const now = new Date('2026-11-23T12:00:00Z');

let fake: XenditFake;
beforeAll(async () => {
  fake = await startXenditFake({ secretKey, callbackToken, now: () => now });
});
afterAll(() => fake.close());

const gateway = (over: Partial<Parameters<typeof createXenditGateway>[0]> = {}) =>
  createXenditGateway({ secretKey, callbackToken, methods: [], baseUrl: fake.url, ...over });

const post = (body: string, headers: Record<string, string>): CallbackRequest => ({
  method: 'POST',
  rawBody: body,
  query: {},
  headers,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.key : String(error);
  }
  return 'accepted';
};

const input = (amount: bigint, currency: string, orderNo = 'R20261123000000000002') => ({
  orderNo,
  amount,
  currency,
  returnUrl: 'https://id.example/#/recharge',
  callbackUrl: 'https://id.example/app-api/pay/webhook/xendit',
  description: `Recharge ${orderNo}`,
  now,
});

describe('Xendit adapter', () => {
  it('creates an invoice in whole rupiah (IDR has no decimals at Xendit) or in pesos with centavos', async () => {
    // IDR 150,000.00 is stored as 15,000,000 minor units by the contract (2 digits).
    const idr = await gateway().createPayment(input(15_000_000n, 'IDR'));
    expect(fake.invoices.get(idr.providerRef)).toMatchObject({
      amount: 150_000,
      currency: 'IDR',
      external_id: 'R20261123000000000002',
    });
    expect(idr.payUrl).toBe(`${fake.url}/web/${idr.providerRef}`);
    // Rupiah with cents would be truncated by Xendit: refused before asking.
    await expect(gateway().createPayment(input(15_000_050n, 'IDR'))).rejects.toThrow(/decimals/);
    const php = await gateway({ methods: ['GCASH'] }).createPayment(input(10_050n, 'PHP'));
    expect(fake.invoices.get(php.providerRef)).toMatchObject({
      amount: 100.5,
      currency: 'PHP',
      payment_methods: ['GCASH'],
    });
    await expect(gateway({ secretKey: 'xnd_wrong' }).createPayment(input(100n, 'PHP'))).rejects.toThrow(
      /xendit answered 401/,
    );
    await expect(gateway().createPayment(input(100n, 'VND'))).rejects.toThrow(/IDR or PHP/);
  });

  it('takes a PAID callback with the verification token, in contract minor units', async () => {
    const created = await gateway().createPayment(input(15_000_000n, 'IDR'));
    const paid = fake.pay(created.providerRef);
    expect(gateway().verifyCallback(post(paid.body, paid.headers), now)).toEqual({
      provider: 'xendit',
      txnId: created.providerRef,
      orderNo: 'R20261123000000000002',
      outcome: 'paid',
      amount: 15_000_000n,
      currency: 'IDR',
    });
  });

  it('refuses a wrong, missing or partly right token, and a body that is not an invoice', async () => {
    const created = await gateway().createPayment(input(10_000n, 'PHP'));
    const paid = fake.pay(created.providerRef);
    const g = gateway();
    expect(refusal(() => g.verifyCallback(post(paid.body, { 'x-callback-token': 'forged' }), now))).toBe(
      'InvalidSignature',
    );
    expect(
      refusal(() =>
        g.verifyCallback(post(paid.body, { 'x-callback-token': callbackToken.slice(0, -1) }), now),
      ),
    ).toBe('InvalidSignature');
    expect(refusal(() => g.verifyCallback(post(paid.body, {}), now))).toBe('InvalidSignature');
    expect(refusal(() => g.verifyCallback({ ...post(paid.body, paid.headers), method: 'GET' }, now))).toBe(
      'InvalidSignature',
    );
    expect(refusal(() => g.verifyCallback(post('{"id":1}', paid.headers), now))).toBe('InvalidJson');
  });

  it('says EXPIRED is failed, PENDING nothing, and answers the status query the same way', async () => {
    const created = await gateway().createPayment(input(10_000n, 'PHP', 'R20261123000000000003'));
    const query = {
      orderNo: 'R20261123000000000003',
      providerRef: created.providerRef,
      amount: 10_000n,
      currency: 'PHP',
      createdAt: now,
      now,
    };
    const pending = fake.callback(fake.invoices.get(created.providerRef)!);
    expect(gateway().verifyCallback(post(pending.body, pending.headers), now)).toBeNull();
    expect(await gateway().queryPayment(query)).toEqual({ status: 'pending' });
    const expired = fake.expire(created.providerRef);
    expect(gateway().verifyCallback(post(expired.body, expired.headers), now)).toMatchObject({
      outcome: 'failed',
    });
    expect(await gateway().queryPayment(query)).toMatchObject({
      status: 'failed',
      event: { outcome: 'failed' },
    });
  });
});
