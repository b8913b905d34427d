import { createHmac, randomUUID } from 'node:crypto';
import { api, consoleCalls } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { walletFixtures } from '../../../test/wallet-fixtures.js';
import { createVnpayGateway, parseVnpayDate, vnpayDate } from './vnpay.js';
import { startVnpayFake, type VnpayFake } from './vnpay.fake.js';

/**
 * VNPay's checksum, checked against an implementation written here from Java's documented
 * `java.net.URLEncoder.encode(String, String)` algorithm, as VNPay's Java code builds it
 * (`hashAllFields` of its Java sample: field names and values encoded with US-ASCII, sorted,
 * `name=value` joined by `&`, HMAC-SHA512 with the hash secret), for every printable ASCII character
 * and for characters outside ASCII; nothing of vnpay.ts is used to sign.
 */

/** java.net.URLEncoder's characters that are not encoded (a space is, as `+`). */
const JAVA_UNENCODED = new Set(
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.* '.split(''),
);

/** `String.getBytes(US_ASCII)`: a char below 0x80 is its byte; anything else, a surrogate pair once, `?`. */
function usAsciiBytes(chars: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i);
    if (c < 0x80) {
      bytes.push(c);
      continue;
    }
    const next = chars.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    bytes.push(0x3f);
  }
  return bytes;
}

/**
 * `URLEncoder.encode(s, "US-ASCII")` step by step as the JDK does it: unencoded characters are
 * copied (a space as `+`); each run of characters to encode is converted to bytes in the charset
 * as one string, and each byte written `%XX` in upper-case hex.
 */
function javaUrlEncode(s: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s.charAt(i);
    if (JAVA_UNENCODED.has(c)) {
      out += c === ' ' ? '+' : c;
      i++;
      continue;
    }
    let run = '';
    do {
      run += s.charAt(i);
      i++;
    } while (i < s.length && !JAVA_UNENCODED.has(s.charAt(i)));
    for (const b of usAsciiBytes(run)) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** VNPay's Java signing of a notice: non-empty fields, names and values encoded, sorted by name. */
function javaSecureHash(secret: string, params: Record<string, string>): string {
  const fields = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (name === 'vnp_SecureHash' || name === 'vnp_SecureHashType' || value.length === 0) continue;
    fields.set(javaUrlEncode(name), javaUrlEncode(value));
  }
  // Collections.sort on Strings: by UTF-16 code units, as Array.prototype.sort compares.
  const data = [...fields.keys()]
    .sort()
    .map((name) => `${name}=${fields.get(name)}`)
    .join('&');
  return createHmac('sha512', Buffer.from(secret, 'utf8')).update(Buffer.from(data, 'utf8')).digest('hex');
}

const tmnCode = 'DSTEST01';
const hashSecret = 'VNPAYFAKESECRET0123456789ABCDEFG';
const now = new Date('2026-11-23T12:00:00Z');
const gateway = createVnpayGateway({ tmnCode, hashSecret, baseUrl: 'http://127.0.0.1:9' });

const PRINTABLE_ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
const NON_ASCII = ['Thanh toán đơn hàng', 'Đặt mua gói thẻ', '支付订单', 'ÀÉÎÕÜ ñ ß', '😀 🎬', '₫€£¥'];

/** A notice as VNPay sends it, with `orderInfo`, signed by the Java implementation above. */
function notice(orderInfo: string, over: Record<string, string> = {}): Record<string, string> {
  const params: Record<string, string> = {
    vnp_Amount: '10000000',
    vnp_BankCode: 'NCB',
    vnp_BankTranNo: 'VNP15047900',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: orderInfo,
    vnp_PayDate: vnpayDate(now),
    vnp_ResponseCode: '00',
    vnp_TmnCode: tmnCode,
    vnp_TransactionNo: '15047900',
    vnp_TransactionStatus: '00',
    vnp_TxnRef: 'R20261123120000000000001',
    ...over,
  };
  return { ...params, vnp_SecureHash: javaSecureHash(hashSecret, params) };
}

const verify = (query: Record<string, string>, at = now) => {
  try {
    return gateway.verifyCallback({ method: 'GET', rawBody: '', query, headers: {} }, at);
  } catch (error) {
    return error instanceof AppError ? error.key : String(error);
  }
};

describe("VNPay's checksum against Java's URLEncoder (US-ASCII)", () => {
  it('the reference implementation encodes as the JDK documents', () => {
    expect(javaUrlEncode("Thanh toán (đơn) #1!*~'")).toBe('Thanh+to%3Fn+%28%3F%3Fn%29+%231%21*%7E%27');
    expect(javaUrlEncode('a+b c=d&e/f?g%h')).toBe('a%2Bb+c%3Dd%26e%2Ff%3Fg%25h');
    // A character outside the BMP is one `?`, not two.
    expect(javaUrlEncode('x😀y')).toBe('x%3Fy');
    expect(javaUrlEncode('-_.*')).toBe('-_.*');
  });

  it('accepts a notice carrying each printable ASCII character, and all of them at once', () => {
    for (const char of PRINTABLE_ASCII) {
      const event = verify(notice(`Order ${char} 1`));
      expect(event, `vnp_OrderInfo with ${JSON.stringify(char)}`).toMatchObject({
        orderNo: 'R20261123120000000000001',
        txnId: '15047900',
        outcome: 'paid',
      });
    }
    expect(verify(notice(PRINTABLE_ASCII))).toMatchObject({ outcome: 'paid' });
    // In other fields too (VNPay echoes the merchant's; a bank code is whatever the bank says).
    expect(verify(notice('x', { vnp_BankTranNo: PRINTABLE_ASCII, vnp_CardType: "(*)!'~" }))).toMatchObject({
      outcome: 'paid',
    });
  });

  it('accepts notices with characters outside ASCII (each is `?` in the signed data)', () => {
    for (const text of NON_ASCII) {
      expect(verify(notice(text)), text).toMatchObject({ outcome: 'paid' });
    }
    expect(verify(notice(`${PRINTABLE_ASCII}${NON_ASCII.join('')}`))).toMatchObject({ outcome: 'paid' });
  });

  it('refuses a notice altered after signing, whatever the character', () => {
    for (const char of PRINTABLE_ASCII) {
      const signed = notice(`Order ${char} 1`);
      const other = char === 'x' ? 'y' : 'x';
      expect(verify({ ...signed, vnp_OrderInfo: `Order ${other} 1` }), JSON.stringify(char)).toBe(
        'InvalidSignature',
      );
    }
    // Characters that encode alike in some other scheme stay apart: a space and a plus, `*` and
    // its escape, `~` and its escape, a `(` and its escape.
    const pairs: [string, string][] = [
      [' ', '+'],
      ['*', '%2A'],
      ['~', '%7E'],
      ['(', '%28'],
      ["'", '%27'],
      ['!', '%21'],
    ];
    for (const [sent, altered] of pairs) {
      const signed = notice(`a${sent}b`);
      expect(verify({ ...signed, vnp_OrderInfo: `a${altered}b` }), `${sent} → ${altered}`).toBe(
        'InvalidSignature',
      );
    }
    const signed = notice('Thanh toán đơn hàng');
    expect(verify({ ...signed, vnp_Amount: '100' })).toBe('InvalidSignature');
    expect(verify({ ...signed, vnp_TransactionNo: '15047901' })).toBe('InvalidSignature');
    expect(verify({ ...signed, vnp_OrderInfo: 'Thanh toan don hang' })).toBe('InvalidSignature');
  });

  it('refuses a notice without vnp_PayDate, or with one that is not a time (never left unchecked for age)', () => {
    const { vnp_PayDate: _, ...undated } = notice('x');
    const withoutDate = { ...undated, vnp_SecureHash: javaSecureHash(hashSecret, undated) };
    expect(verify(withoutDate)).toBe('InvalidJson');
    // An empty value is left out of the signed data as VNPay does: the same refusal.
    expect(verify({ ...withoutDate, vnp_PayDate: '' })).toBe('InvalidJson');
    expect(verify(notice('x', { vnp_PayDate: '20261399250000' }))).toBe('InvalidJson');
    expect(verify(notice('x', { vnp_PayDate: 'yesterday' }))).toBe('InvalidJson');
    expect(parseVnpayDate('20260230120000')).toBeNull();
    // Dated: checked for age.
    expect(verify(notice('x'), new Date(now.getTime() + 3 * 3_600_000))).toBe('StaleWebhook');
    expect(verify(notice('x'))).toMatchObject({ outcome: 'paid' });
  });
});

describe('a VNPay notice through the webhook route', () => {
  const VN = { tmnCode: 'DRAMAST1', hashSecret: 'VNPAYHASHSECRETDRAMASTAR0123' };
  let t: TestApp;
  let fake: VnpayFake;

  beforeAll(async () => {
    fake = await startVnpayFake({ ...VN, now: () => t.clock.now() });
    t = await buildTestApp(
      { LOG_LEVEL: 'warn', DEMO_CONTENT: 'true' },
      { paymentProviders: { baseUrls: { vnpay: fake.url } } },
    );
    const f = walletFixtures(t);
    const owner = await f.operator('owner', []);
    const saved = await f.admin(consoleCalls.payment.savePaymentProvider, {
      token: owner,
      body: {
        tenantId: '000001',
        provider: 'vnpay',
        enabled: true,
        methods: [],
        settings: { tmnCode: VN.tmnCode, mode: 'sandbox' },
        secrets: { hashSecret: VN.hashSecret },
        totpCode: f.totp(),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function order() {
    const f = walletFixtures(t);
    const who = await f.user('000001');
    const res = await f.call(api.user.addBalance, {
      token: who.token,
      body: { channel: 'gateway', amount: '100000', requestId: randomUUID(), provider: 'vnpay' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.orderNo;
  }

  /** VNPay's notice for the order, with `orderInfo`, signed as VNPay's Java code signs. */
  function ipn(orderNo: string, orderInfo: string, drop: string[] = []) {
    const params: Record<string, string> = {
      vnp_Amount: '10000000',
      vnp_BankCode: 'NCB',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: orderInfo,
      vnp_PayDate: vnpayDate(t.clock.now()),
      vnp_ResponseCode: '00',
      vnp_TmnCode: VN.tmnCode,
      vnp_TransactionNo: String(15_047_900 + Math.floor(Math.random() * 1_000_000)),
      vnp_TransactionStatus: '00',
      vnp_TxnRef: orderNo,
    };
    const sent = Object.fromEntries(Object.entries(params).filter(([name]) => !drop.includes(name)));
    return { ...sent, vnp_SecureHash: javaSecureHash(VN.hashSecret, sent) };
  }

  const deliver = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/app-api/pay/webhook/vnpay?${query}`,
      headers: { host: 'vn.localhost' },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ RspCode: string }>().RspCode;
  };
  /** The query as VNPay's Java code writes it (the signed data's encoding). */
  const javaQuery = (params: Record<string, string>) =>
    Object.entries(params)
      .map(([k, v]) => `${javaUrlEncode(k)}=${javaUrlEncode(v)}`)
      .join('&');
  const credits = async (orderNo: string) =>
    Number(
      (
        await t.database.query<{ n: string }>(
          "select count(*)::text as n from ledger_transfer where kind = 'recharge' and reference = $1",
          [orderNo],
        )
      )[0]?.n,
    );

  it('credits a notice carrying every printable ASCII character and non-ASCII, however it is URL-encoded', async () => {
    const orderNo = await order();
    const params = ipn(orderNo, `${PRINTABLE_ASCII} ${NON_ASCII.join(' ')}`);
    expect(await deliver(javaQuery(params))).toBe('00');
    expect(await credits(orderNo)).toBe(1);
    // The same notice with its characters sent as UTF-8 (as a browser would encode them): verified,
    // and a repeat (02).
    expect(await deliver(new URLSearchParams(params).toString())).toBe('02');
    expect(
      await deliver(
        Object.entries(params)
          .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
          .join('&'),
      ),
    ).toBe('02');
    expect(await credits(orderNo)).toBe(1);
  });

  it('refuses an altered notice (97) and one without vnp_PayDate (99), crediting nothing', async () => {
    const orderNo = await order();
    const signed = ipn(orderNo, "Nap tien (the) *1* ~ 'x' !");
    expect(await deliver(javaQuery({ ...signed, vnp_OrderInfo: "Nap tien (the) *2* ~ 'x' !" }))).toBe('97');
    expect(await deliver(javaQuery(ipn(orderNo, 'Nap tien', ['vnp_PayDate'])))).toBe('99');
    expect(await credits(orderNo)).toBe(0);
    const [row] = await t.database.query<{ status: string }>(
      'select status from recharge_order where order_no = $1',
      [orderNo],
    );
    expect(row?.status).toBe('pending');
  });
});
