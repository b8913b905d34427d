import { unchecked } from '../../test/client.js';
import { randomUUID } from 'node:crypto';
import { type CurrencyKey, toMajor, toMinor, api, consoleCalls } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { type PayMongoFake, startPayMongoFake } from './providers/paymongo.fake.js';
import { type JazzcashFake, startJazzcashFake } from './providers/jazzcash.fake.js';
import { startVnpayFake, type VnpayFake } from './providers/vnpay.fake.js';
import { startXenditFake, type XenditFake } from './providers/xendit.fake.js';

/**
 * Each real provider's whole path on two instances sharing one database (PostgreSQL; one instance
 * on PGlite): a tenant's admin enters the keys in the console, the app lists the provider, an
 * order creates the payment at the provider's local fake, the fake's signed callback is delivered
 * many times to both instances at once and credits once; forged, stale, altered and cross-tenant
 * callbacks credit nothing; a callback that never comes is caught by the status query.
 */
const PM = { secretKey: 'sk_test_dramastar_0123456789', webhookSecret: 'whsk_dramastar_0123456789' };
const XE = {
  secretKey: 'xnd_development_dramastar_0123456789',
  callbackToken: 'xendit-token-dramastar-0123456789',
};
const VN = { tmnCode: 'DRAMAST1', hashSecret: 'VNPAYHASHSECRETDRAMASTAR0123' };
const JC = { merchantId: 'MC12345', password: 'jazzcash-pass-0123', integritySalt: 'JAZZSALT0123456789' };

let t: TestApp;
let second: TestApp | undefined;
let instances: TestApp[];
let paymongo: PayMongoFake;
let xendit: XenditFake;
let vnpay: VnpayFake;
let jazzcash: JazzcashFake;

beforeAll(async () => {
  const clock = { now: () => t.clock.now() };
  paymongo = await startPayMongoFake({ ...PM, now: () => Math.floor(clock.now().getTime() / 1000) });
  xendit = await startXenditFake({ ...XE, now: () => clock.now() });
  vnpay = await startVnpayFake({ ...VN, now: () => clock.now() });
  jazzcash = await startJazzcashFake({ ...JC, now: () => clock.now() });
  const paymentProviders = {
    baseUrls: { paymongo: paymongo.url, xendit: xendit.url, vnpay: vnpay.url, jazzcash: jazzcash.url },
  };
  const env = { LOG_LEVEL: 'warn', DEMO_CONTENT: 'true' };
  t = await buildTestApp(env, { paymentProviders });
  second = await secondInstance(t, env, { paymentProviders });
  instances = second ? [t, second] : [t];
});
afterAll(async () => {
  await second?.close();
  await t.close();
  await paymongo.close();
  await xendit.close();
  await vnpay.close();
  await jazzcash.close();
});

/** A callback as a provider sends it: a JSON POST, or (VNPay's IPN) a GET query. */
interface Callback {
  body?: string;
  /** Of the body: JSON unless said (JazzCash posts a form). */
  contentType?: string;
  headers?: Record<string, string>;
  query?: string;
}
interface Answer {
  status: number;
  body: { data?: { outcome?: string }; errorKey?: string; RspCode?: string };
}

/** What an answer says the wallet did: credited, duplicate, or the refusal's key. */
const plainOutcome = (a: Answer) => a.body.data?.outcome ?? a.body.errorKey ?? `status ${a.status}`;
const VNPAY_CODES: Record<string, string> = {
  '00': 'credited',
  '02': 'duplicate',
  '97': 'InvalidSignature',
  '01': 'OrderNotFound',
  '04': 'AmountMismatch',
};

interface Case {
  provider: 'paymongo' | 'xendit' | 'vnpay' | 'jazzcash';
  tenantId: string;
  host: string;
  otherHost: string;
  amount: string;
  currency: string;
  save: { methods: string[]; settings: Record<string, string>; secrets: Record<string, string> };
  /** What the payer does once the order is made (VNPay opens the URL, JazzCash posts the form). */
  opened?(order: { payUrl: string | null; payForm?: { fields: Record<string, string> } | null }): void;
  /** The provider's payer pays: the callback it sends (not yet delivered). */
  pay(providerRef: string): Callback;
  /** The callback as a forger would send it (wrong key). */
  forged(providerRef: string): Callback;
  /** One signed long ago (null: the provider's callback has no signed time). */
  stale(providerRef: string): Callback | null;
  /** A genuine callback saying another amount was paid. */
  underpaid(providerRef: string): Callback;
  /** The same callback sent again now (PayMongo signs each delivery with its time). */
  resend(callback: Callback): Callback;
  /** The callback altered in transit (amount or currency changed). */
  alter(callback: Callback): Callback;
  /** What the provider's answer says the wallet did. */
  outcome(answer: Answer): string;
}

const alterBody = (callback: Callback): Callback => ({
  ...callback,
  body: callback.body?.replace(/"currency":"(PHP|IDR)"/g, '"currency":"USD"'),
});
const txnRef = (providerRef: string) => providerRef.split('@')[0] ?? '';
const form = (body: string): Callback => ({ body, contentType: 'application/x-www-form-urlencoded' });

const cases: Case[] = [
  {
    provider: 'paymongo',
    tenantId: '000000',
    host: 'localhost',
    otherHost: 'id.localhost',
    amount: '500.25',
    currency: 'PHP',
    save: { methods: ['card', 'gcash', 'paymaya'], settings: { mode: 'test' }, secrets: PM },
    pay: (ref) => paymongo.pay(ref),
    forged: (ref) => {
      const body = paymongo.event(paymongo.sessions.get(ref)!);
      return { body, headers: paymongo.sign(body, undefined, 'whsk_forger_0123456789') };
    },
    stale: (ref) => {
      const body = paymongo.event(paymongo.sessions.get(ref)!);
      return { body, headers: paymongo.sign(body, Math.floor(t.clock.now().getTime() / 1000) - 3600) };
    },
    underpaid: (ref) => paymongo.pay(ref, { amount: 100 }),
    resend: (callback) => ({ body: callback.body, headers: paymongo.sign(callback.body ?? '') }),
    alter: alterBody,
    outcome: plainOutcome,
  },
  {
    provider: 'xendit',
    tenantId: '000002',
    host: 'id.localhost',
    otherHost: 'localhost',
    amount: '150000',
    currency: 'IDR',
    save: { methods: [], settings: {}, secrets: XE },
    pay: (ref) => xendit.pay(ref),
    forged: (ref) => xendit.callback(xendit.invoices.get(ref)!, 'forged-token'),
    // Xendit's callbacks carry no signed time: a replay is caught by idempotency, not age.
    stale: () => null,
    underpaid: (ref) => xendit.callback({ ...xendit.invoices.get(ref)!, status: 'PAID', paid_amount: 1000 }),
    resend: (callback) => callback,
    alter: alterBody,
    outcome: plainOutcome,
  },
  {
    provider: 'vnpay',
    tenantId: '000001',
    host: 'vn.localhost',
    otherHost: 'localhost',
    amount: '100000',
    currency: 'VND',
    save: {
      methods: [],
      settings: { tmnCode: VN.tmnCode, mode: 'sandbox' },
      secrets: { hashSecret: VN.hashSecret },
    },
    opened: (order) => {
      const opened = vnpay.open(order.payUrl ?? '');
      if (typeof opened === 'string') throw new Error(`VNPay refused the payment URL: ${opened}`);
    },
    pay: (ref) => ({ query: vnpay.pay(txnRef(ref)).queryString }),
    forged: (ref) => ({
      query: vnpay.ipn(vnpay.payments.get(txnRef(ref))!, 'FORGEDSECRET0123456789').queryString,
    }),
    // The IPN's time is the payment's (vnp_PayDate): the adapter's own test refuses old ones.
    stale: () => null,
    underpaid: (ref) => ({
      query: vnpay.ipn({
        ...vnpay.payments.get(txnRef(ref))!,
        status: 'paid',
        transactionNo: '12345678',
        amount: '100',
      }).queryString,
    }),
    resend: (callback) => callback,
    alter: (callback) => ({ query: callback.query?.replace(/vnp_Amount=\d+/, 'vnp_Amount=100') }),
    outcome: (a) => VNPAY_CODES[a.body.RspCode ?? ''] ?? `RspCode ${a.body.RspCode}`,
  },
  {
    provider: 'jazzcash',
    tenantId: '000003',
    host: 'pk.localhost',
    otherHost: 'localhost',
    amount: '2500.50',
    currency: 'PKR',
    save: {
      methods: ['MWALLET'],
      settings: { merchantId: JC.merchantId, mode: 'sandbox' },
      secrets: { password: JC.password, integritySalt: JC.integritySalt },
    },
    opened: (order) => {
      const opened = jazzcash.open(order.payForm?.fields ?? {});
      if (typeof opened === 'string') throw new Error(`JazzCash refused the form: ${opened}`);
    },
    pay: (ref) => form(jazzcash.pay(ref).body),
    forged: (ref) => form(jazzcash.callback(jazzcash.payments.get(ref)!, 'FORGEDSALT0123456789').body),
    // Results long after the expiry are refused by the adapter's own test.
    stale: () => null,
    underpaid: (ref) => {
      const payment = jazzcash.payments.get(ref)!;
      return form(
        jazzcash.callback({ ...payment, status: 'paid', fields: { ...payment.fields, pp_Amount: '100' } })
          .body,
      );
    },
    resend: (callback) => callback,
    alter: (callback) => ({ ...callback, body: callback.body?.replace(/pp_Amount=\d+/, 'pp_Amount=100') }),
    outcome: plainOutcome,
  },
];

async function deliver(app: TestApp, c: Case, host: string, callback: Callback) {
  const url = `/app-api/pay/webhook/${c.provider}`;
  const res =
    callback.query !== undefined
      ? await app.app.inject({ method: 'GET', url: `${url}?${callback.query}`, headers: { host } })
      : await app.app.inject({
          method: 'POST',
          url,
          headers: { ...callback.headers, 'content-type': callback.contentType ?? 'application/json', host },
          payload: callback.body ?? '',
        });
  const answer: Answer = { status: res.statusCode, body: res.json() };
  return { status: answer.status, outcome: c.outcome(answer) };
}

async function credits(orderNo: string) {
  const rows = await t.database.query<{ n: string }>(
    "select count(*)::text as n from ledger_transfer where kind = 'recharge' and reference = $1",
    [orderNo],
  );
  return Number(rows[0]!.n);
}

let fixtures: ReturnType<typeof walletFixtures> | undefined;
/** One set of fixtures for the file (its operator and user names count up). */
const f = () => (fixtures ??= walletFixtures(t));

describe.each(cases)('$provider', (c) => {
  let admin: string;

  async function order(token: string, provider = c.provider) {
    const res = await f().call(api.user.addBalance, {
      token,
      body: { channel: 'gateway', amount: c.amount, requestId: randomUUID(), provider },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.database.query<{ provider_ref: string }>(
      'select provider_ref from recharge_order where order_no = $1',
      [res.body.data.orderNo],
    );
    c.opened?.(res.body.data);
    return { orderNo: res.body.data.orderNo, ref: row!.provider_ref, order: res.body.data };
  }

  it('is offered once a tenant admin has entered every key; the keys are sealed, shown masked and audited', async () => {
    admin = await f().operator('tenant_admin', [c.tenantId]);
    const who = await f().user(c.tenantId);
    const offered = async () => {
      const res = await f().call(api.config.queryPc, { token: who.token });
      const gateway = res.body.data.channels.find((ch: { code: string }) => ch.code === 'gateway');
      return (gateway?.providers ?? []).map((p) => p.provider);
    };
    expect(await offered()).not.toContain(c.provider);
    const save = (body: object) =>
      f().admin(consoleCalls.payment.savePaymentProvider, {
        token: admin,
        body: unchecked({
          tenantId: c.tenantId,
          provider: c.provider,
          ...c.save,
          totpCode: f().totp(),
          ...body,
        }),
      });
    // Enabled without its keys: refused, nothing saved.
    const missing = await save({ enabled: true, secrets: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errorKey).toBe('ValidationFailed');
    expect(await offered()).not.toContain(c.provider);
    // New keys ask for the operator's authenticator code again.
    expect((await save({ enabled: false, totpCode: undefined })).body).toMatchObject({
      errorKey: 'TotpRequired',
      field: 'totpCode',
    });
    // Keys but not enabled: still not offered.
    expect((await save({ enabled: false })).status).toBe(200);
    expect(await offered()).not.toContain(c.provider);
    const saved = await save({ enabled: true, secrets: {} }); // keys kept from before
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = (
      saved.body.data as {
        provider: string;
        offered: boolean;
        secrets: Record<string, string>;
        callbackUrls: string[];
      }[]
    ).find((p) => p.provider === c.provider)!;
    expect(view.offered).toBe(true);
    // On the public URL's port (the test app's PUBLIC_URL is http://localhost:8080).
    expect(view.callbackUrls).toContain(`http://${c.host}:8080/app-api/pay/webhook/${c.provider}`);
    for (const [name, value] of Object.entries(c.save.secrets)) {
      expect(view.secrets[name]).toBe(`••••${value.slice(-4)}`);
    }
    expect(await offered()).toContain(c.provider);

    const stored = await t.database.query<{ secrets: string }>(
      'select secrets from payment_provider where tenant_id = $1 and provider = $2',
      [c.tenantId, c.provider],
    );
    const audit = await t.database.query<{ entry: string }>(
      "select (coalesce(before::text, '') || after::text) as entry from audit_log where action = 'config.payment_provider.update' and tenant_id = $1",
      [c.tenantId],
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
    for (const value of Object.values(c.save.secrets)) {
      expect(stored[0]!.secrets).not.toContain(value);
      for (const a of audit) expect(a.entry).not.toContain(value);
    }
    // Another tenant's admin cannot see or change them.
    const otherAdmin = await f().operator('tenant_admin', [c.tenantId === '000000' ? '000002' : '000000']);
    const foreign = await f().admin(consoleCalls.payment.paymentProviders, {
      token: otherAdmin,
      query: { tenantId: c.tenantId },
    });
    expect(foreign.status).toBe(403);
  });

  it('credits once when the provider’s callback is delivered many times to both instances at once', async () => {
    const who = await f().user(c.tenantId);
    const { orderNo, ref, order: created } = await order(who.token);
    expect(created.provider).toBe(c.provider);
    expect(created.payUrl).toMatch(new RegExp(`^${{ paymongo, xendit, vnpay, jazzcash }[c.provider].url}/`));
    const callback = c.pay(ref);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver(instances[i % instances.length]!, c, c.host, callback)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(answers.map((a) => a.outcome).sort()).toEqual([
      'credited',
      ...Array.from({ length: 9 }, () => 'duplicate'),
    ]);
    expect(await credits(orderNo)).toBe(1);
    const currency = c.currency as CurrencyKey;
    expect(await f().balance(who.token)).toBe(toMajor(toMinor(c.amount, currency), currency));
  });

  it('sells a Star Card through it: the callback credits the price and the card is active at once', async () => {
    const who = await f().user(c.tenantId);
    const res = await f().call(api.user.openvip, {
      token: who.token,
      body: { tier: 'primary', channel: 'gateway', requestId: randomUUID(), provider: c.provider },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      provider: c.provider,
      purpose: { kind: 'membership', tier: 'primary' },
    });
    c.opened?.(res.body.data);
    const [row] = await t.database.query<{ provider_ref: string }>(
      'select provider_ref from recharge_order where order_no = $1',
      [res.body.data.orderNo],
    );
    const answer = await deliver(instances[0]!, c, c.host, c.pay(row!.provider_ref));
    expect(answer.outcome).toBe('credited');
    const status = (await f().call(api.user.queryGreatestVipcard, { token: who.token })).body.data;
    expect(status.active).toMatchObject({ tier: 'primary' });
    // The money paid for the card bought it: nothing is left over in the wallet.
    const currency = c.currency as CurrencyKey;
    expect(await f().balance(who.token)).toBe(toMajor(0n, currency));
  });

  it('credits nothing for forged, stale, altered, underpaid or another tenant’s callbacks', async () => {
    const who = await f().user(c.tenantId);
    const { orderNo, ref } = await order(who.token);
    const forged = await deliver(t, c, c.host, c.forged(ref));
    expect(forged.outcome).toBe('InvalidSignature');
    const stale = c.stale(ref);
    if (stale) expect((await deliver(t, c, c.host, stale)).outcome).toBe('StaleWebhook');
    // Genuine but for another amount than the order's.
    const short = await deliver(second ?? t, c, c.host, c.underpaid(ref));
    expect(short.outcome).toBe('AmountMismatch');
    // A genuine callback whose body was altered in transit (PayMongo: the signature no longer fits).
    const genuine = c.pay(ref);
    const altered = await deliver(t, c, c.host, c.alter(genuine));
    expect(['InvalidSignature', 'AmountMismatch']).toContain(altered.outcome);
    // Another tenant's admin enters the same keys for their tenant (they may know them): a callback
    // to their domain vouches for their tenant's orders only.
    const owner = await f().operator('owner', []);
    const otherTenant = c.otherHost === 'localhost' ? '000000' : '000002';
    const copied = await f().admin(consoleCalls.payment.savePaymentProvider, {
      token: owner,
      body: { tenantId: otherTenant, provider: c.provider, ...c.save, enabled: false, totpCode: f().totp() },
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    const crossTenant = await deliver(t, c, c.otherHost, c.resend(genuine));
    expect(crossTenant.outcome).toBe('OrderNotFound');
    expect(await credits(orderNo)).toBe(0);
    const [row] = await t.database.query<{ status: string }>(
      'select status from recharge_order where order_no = $1',
      [orderNo],
    );
    expect(row!.status).toBe('pending');
    // The refusals are kept for the console.
    const events = await t.database.query<{ outcome: string }>(
      "select outcome from gateway_event where provider = $1 and outcome like 'rejected:%'",
      [c.provider],
    );
    expect(events.map((e) => e.outcome)).toEqual(
      expect.arrayContaining(['rejected:InvalidSignature', 'rejected:AmountMismatch']),
    );
  });

  it('a callback that never came is caught by the status query, and a late one is a duplicate', async () => {
    const who = await f().user(c.tenantId);
    const { orderNo, ref } = await order(who.token);
    const callback = c.pay(ref); // paid at the provider; the callback is lost
    const finance = await f().operator('finance', [c.tenantId]);
    const reconcile = () =>
      f().admin(consoleCalls.payment.reconcileGateway, {
        token: finance,
        body: { tenantId: c.tenantId, olderThanMinutes: 15 },
      });
    // Too young to be asked about.
    expect((await reconcile()).body.data).toMatchObject({ credited: 0 });
    for (const app of instances) app.clock.advance(16 * 60_000);
    const [a, b] = await Promise.all([reconcile(), reconcile()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // (Earlier orders that were paid at the provider are credited too.)
    expect(a.body.data.credited + b.body.data.credited).toBeGreaterThanOrEqual(1);
    expect(await credits(orderNo)).toBe(1);
    const twice = await t.database.query<{ reference: string }>(
      "select reference from ledger_transfer where kind = 'recharge' group by reference having count(*) > 1",
    );
    expect(twice).toEqual([]);
    const late = await deliver(t, c, c.host, c.resend(callback));
    expect(late.outcome).toBe('duplicate');
    expect(await credits(orderNo)).toBe(1);
  });

  it.runIf(c.provider === 'jazzcash')(
    'sends the payer’s browser that carries the result back to the order’s page',
    async () => {
      const who = await f().user(c.tenantId);
      const { orderNo, ref } = await order(who.token);
      const result = c.pay(ref);
      const res = await t.app.inject({
        method: 'POST',
        url: `/app-api/pay/webhook/${c.provider}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html,*/*',
          host: c.host,
        },
        payload: result.body ?? '',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/#/pages/profile/recharge/index?orderNo=${orderNo}`);
      expect(await credits(orderNo)).toBe(1);
      // A forged result from a browser credits nothing and also lands on the app.
      const forged = await t.app.inject({
        method: 'POST',
        url: `/app-api/pay/webhook/${c.provider}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', host: c.host },
        payload: c.forged(ref).body ?? '',
      });
      expect(forged.statusCode).toBe(303);
      expect(await credits(orderNo)).toBe(1);
    },
  );
});
