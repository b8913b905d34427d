import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import type { CallbackRequest } from '../gateway.js';
import { createPayMongoGateway } from './paymongo.js';
import { type PayMongoFake, startPayMongoFake } from './paymongo.fake.js';

const secretKey = 'sk_test_fake_0123456789';
const webhookSecret = 'whsk_fake_abcdefghijkl';
const now = new Date('2026-11-23T12:00:00Z');
const unix = Math.floor(now.getTime() / 1000);

let fake: PayMongoFake;
beforeAll(async () => {
  fake = await startPayMongoFake({ secretKey, webhookSecret, now: () => unix });
});
afterAll(() => fake.close());

const gateway = (over: Partial<Parameters<typeof createPayMongoGateway>[0]> = {}) =>
  createPayMongoGateway({
    secretKey,
    webhookSecret,
    mode: 'test',
    methods: ['card', 'gcash'],
    baseUrl: fake.url,
    ...over,
  });

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

async function paidSession(amount = 12_345n) {
  const payment = await gateway().createPayment({
    orderNo: 'R20261123000000000001',
    amount,
    currency: 'PHP',
    returnUrl: 'https://app.example.ph/#/recharge',
    callbackUrl: 'https://app.example.ph/app-api/pay/webhook/paymongo',
    description: 'Recharge R20261123000000000001',
    now,
  });
  return payment;
}

describe('PayMongo adapter', () => {
  it('creates a checkout session in centavos with the tenant’s methods and our order number', async () => {
    const payment = await paidSession(12_345n);
    expect(payment.providerRef).toMatch(/^cs_/);
    expect(payment.payUrl).toBe(`${fake.url}/checkout/${payment.providerRef}`);
    const asked = fake.requests.at(-1) as { data: { attributes: Record<string, unknown> } };
    expect(asked.data.attributes).toMatchObject({
      line_items: [{ amount: 12_345, currency: 'PHP', quantity: 1 }],
      payment_method_types: ['card', 'gcash'],
      reference_number: 'R20261123000000000001',
      success_url: 'https://app.example.ph/#/recharge',
    });
    await expect(
      gateway({ secretKey: 'sk_test_wrong' }).createPayment({ ...baseInput(), currency: 'PHP' }),
    ).rejects.toThrow(/paymongo answered 401/);
    await expect(gateway().createPayment({ ...baseInput(), currency: 'VND' })).rejects.toThrow(/PHP/);
  });

  it('verifies the signed paid event and reports amount, currency, payment id and order', async () => {
    const payment = await paidSession(50_000n);
    const paid = fake.pay(payment.providerRef);
    const event = gateway().verifyCallback(post(paid.body, paid.headers), now);
    expect(event).toEqual({
      provider: 'paymongo',
      txnId: paid.paymentId,
      orderNo: 'R20261123000000000001',
      outcome: 'paid',
      amount: 50_000n,
      currency: 'PHP',
    });
  });

  it('checks the signature the documentation describes: HMAC-SHA256 of "t.body", te in test mode, li in live', () => {
    // A vector computed by hand from the documented recipe.
    const body = '{"data":{"id":"evt_1","attributes":{"type":"payment.paid","livemode":false,"data":{}}}}';
    const mac = createHmac('sha256', webhookSecret).update(`${unix}.${body}`).digest('hex');
    expect(
      gateway().verifyCallback(post(body, { 'paymongo-signature': `t=${unix},te=${mac},li=` }), now),
    ).toBeNull();
    // The live account reads li: the test signature does not count there.
    expect(
      refusal(() =>
        gateway({ mode: 'live' }).verifyCallback(
          post(body, { 'paymongo-signature': `t=${unix},te=${mac},li=` }),
          now,
        ),
      ),
    ).toBe('InvalidSignature');
  });

  it('refuses forged, altered, stale and unsigned events', async () => {
    const payment = await paidSession(20_000n);
    const paid = fake.pay(payment.providerRef);
    const g = gateway();
    expect(
      refusal(() => g.verifyCallback(post(paid.body, fake.sign(paid.body, unix, 'whsk_other')), now)),
    ).toBe('InvalidSignature');
    const altered = paid.body.replace('"amount":20000', '"amount":2000000');
    expect(altered).not.toBe(paid.body);
    expect(refusal(() => g.verifyCallback(post(altered, paid.headers), now))).toBe('InvalidSignature');
    const old = fake.sign(paid.body, unix - 10 * 60);
    expect(refusal(() => g.verifyCallback(post(paid.body, old), now))).toBe('StaleWebhook');
    expect(refusal(() => g.verifyCallback(post(paid.body, {}), now))).toBe('InvalidSignature');
    expect(refusal(() => g.verifyCallback(post('not json', fake.sign('not json')), now))).toBe('InvalidJson');
  });

  it('answers the status query: pending, then paid with the same payment id, expired as failed', async () => {
    const payment = await paidSession(30_000n);
    const input = {
      orderNo: 'R20261123000000000001',
      providerRef: payment.providerRef,
      amount: 30_000n,
      currency: 'PHP',
      createdAt: now,
      now,
    };
    expect(await gateway().queryPayment(input)).toEqual({ status: 'pending' });
    const paid = fake.pay(payment.providerRef);
    expect(await gateway().queryPayment(input)).toMatchObject({
      status: 'paid',
      event: { txnId: paid.paymentId, amount: 30_000n, currency: 'PHP', outcome: 'paid' },
    });
    const other = await paidSession(30_000n);
    fake.expire(other.providerRef);
    expect((await gateway().queryPayment({ ...input, providerRef: other.providerRef })).status).toBe(
      'failed',
    );
  });
});

function baseInput() {
  return {
    orderNo: 'R1',
    amount: 10_000n,
    currency: 'PHP',
    returnUrl: 'https://app.example.ph/',
    callbackUrl: 'https://app.example.ph/app-api/pay/webhook/paymongo',
    description: 'Recharge',
    now,
  };
}
