import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import { sameHex } from '../../../security.js';
import {
  type CallbackResult,
  fromProviderUnits,
  type GatewayEvent,
  type PaymentGateway,
  providerJson,
  type ProviderPayment,
  ProviderError,
  toProviderUnits,
} from '../gateway.js';

/**
 * VNPay (Vietnam, VND), payment gateway API 2.1.0 as documented at
 * sandbox.vnpayment.vn/apis/docs/thanh-toan-pay/pay.html and …/truy-van-hoan-tien/querydr&refund.html:
 * - the payer is sent to a signed redirect URL (`vnp_Command=pay`);
 * - VNPay calls the IPN URL registered for the terminal with a GET query signed the same way and
 *   expects `{RspCode, Message}` JSON back (00/02 end its retries; 01, 04, 97, 99 make it retry up
 *   to 10 times, 5 minutes apart);
 * - `querydr` (POST JSON, pipe-joined checksum) tells a payment's state for reconciliation.
 * `vnp_SecureHash` is the hex HMAC-SHA512, keyed by the terminal's hash secret, of the parameters
 * sorted by name and joined as `name=value&…` with each value URL-encoded as VNPay's Java code
 * does (`URLEncoder.encode(value, US_ASCII)`, see `vnpayEncode`).
 */
export const VNPAY_URLS = {
  sandbox: {
    payUrl: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
    apiUrl: 'https://sandbox.vnpayment.vn/merchant_webapi/api/transaction',
  },
  live: {
    payUrl: 'https://pay.vnpay.vn/vpcpay.html',
    apiUrl: 'https://merchant.vnpay.vn/merchant_webapi/api/transaction',
  },
} as const;
/** Paths under a base URL (the local fake's, in tests): the sandbox's. */
export const VNPAY_PAY_PATH = '/paymentv2/vpcpay.html';
export const VNPAY_API_PATH = '/merchant_webapi/api/transaction';
export const VNPAY_VERSION = '2.1.0';
/** How long the payer has on VNPay's page (vnp_ExpireDate). */
export const VNPAY_EXPIRY_MINUTES = 15;
/**
 * An IPN whose payment is older than this is refused (StaleWebhook): VNPay's own retries end
 * within an hour of the payment; anything later is a replay, and reconciliation asks querydr.
 */
export const VNPAY_IPN_MAX_AGE_MINUTES = 120;

export interface VnpayConfig {
  /** vnp_TmnCode: the terminal (website) code VNPay gives the merchant. */
  tmnCode: string;
  /** vnp_HashSecret: the terminal's checksum secret. */
  hashSecret: string;
  /** 'sandbox' (default) or 'live' VNPay hosts. */
  mode?: 'sandbox' | 'live';
  /** Overrides: a base URL with the sandbox's paths (the local fake), or each URL. */
  baseUrl?: string;
  payUrl?: string;
  apiUrl?: string;
  /** vnp_IpAddr of the querydr calls (the server's address as VNPay sees it). */
  serverIp?: string;
  fetch?: typeof fetch;
}

/**
 * VNPay's encoding of a value in the signed data and the URL: Java's
 * `URLEncoder.encode(value, "US-ASCII")`, as VNPay's own Java code (its servers' language, and its
 * Java sample's `hashAllFields`) encodes them: letters, digits and `. - * _` kept, a space `+`,
 * every other ASCII character `%XX` (upper-case hex), and each character outside ASCII `%3F` (US-ASCII
 * has no byte for it: Java writes `?`). `encodeURIComponent`, which VNPay's Node sample uses,
 * differs on `! ' ( ) ~` (kept there) and on non-ASCII (UTF-8 bytes there).
 */
export function vnpayEncode(value: string): string {
  let out = '';
  // By code point: a surrogate pair is one character outside ASCII (one `?`), as in Java.
  for (const char of value) {
    if (/^[A-Za-z0-9.*_-]$/.test(char)) out += char;
    else if (char === ' ') out += '+';
    else {
      const code = char.codePointAt(0) ?? 0x3f;
      out += `%${(code < 0x80 ? code : 0x3f).toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

/** `name=value&…` of the parameters sorted by name, each value encoded as VNPay does. */
export function vnpaySignData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${vnpayEncode(k)}=${vnpayEncode(params[k] ?? '')}`)
    .join('&');
}

export const vnpayHmac = (secret: string, data: string) =>
  createHmac('sha512', secret).update(data, 'utf8').digest('hex');

/** vnp_SecureHash of a parameter set (vnp_SecureHash and vnp_SecureHashType left out). */
export function vnpaySecureHash(secret: string, params: Record<string, string>): string {
  const signed = Object.fromEntries(
    Object.entries(params).filter(([k]) => k !== 'vnp_SecureHash' && k !== 'vnp_SecureHashType'),
  );
  return vnpayHmac(secret, vnpaySignData(signed));
}

/** Whether a signed parameter set (redirect, IPN or return query) carries its right hash. */
export function vnpayVerify(secret: string, params: Record<string, string>): boolean {
  const given = params.vnp_SecureHash ?? '';
  return /^[0-9a-fA-F]{128}$/.test(given) && sameHex(given.toLowerCase(), vnpaySecureHash(secret, params));
}

/** yyyyMMddHHmmss in Vietnam's time (GMT+7, no daylight saving). */
export function vnpayDate(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

/** A yyyyMMddHHmmss GMT+7 stamp back to an instant, or null. */
export function parseVnpayDate(stamp: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 7, mi, s));
  // Only a real time (no month 13 or 31 February rolled over into the next).
  return Number.isNaN(at.getTime()) || vnpayDate(at) !== stamp ? null : at;
}

/** vnp_OrderInfo: "Vietnamese without diacritics and without special characters" (VNPay). */
export function vnpayOrderInfo(description: string): string {
  const plain = description
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, (c) => (c === 'đ' ? 'd' : 'D'))
    .replace(/[^A-Za-z0-9 .,:_-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
  return plain || 'Payment';
}

/** What VNPay's codes say of a payment: '00' paid, '01' not finished yet, anything else failed. */
function outcomeOf(responseCode: string | undefined, transactionStatus: string | undefined) {
  if (transactionStatus === '00' && (responseCode === undefined || responseCode === '00')) return 'paid';
  if (transactionStatus === '01') return 'pending';
  return 'failed';
}

const ipnSchema = z.object({
  vnp_TmnCode: z.string(),
  vnp_TxnRef: z.string().min(1).max(100),
  vnp_Amount: z.string().regex(/^\d{1,20}$/),
  vnp_ResponseCode: z.string().regex(/^\d{2}$/),
  vnp_TransactionStatus: z.string().regex(/^\d{2}$/),
  vnp_TransactionNo: z.string().regex(/^\d{1,20}$/),
  /** Required: a notice without its payment's time cannot be checked for age (a replay). */
  vnp_PayDate: z.string().regex(/^\d{14}$/),
  vnp_CurrCode: z.string().optional(),
});

const querySchema = z.object({
  vnp_ResponseId: z.string(),
  vnp_Command: z.string(),
  vnp_ResponseCode: z.string(),
  vnp_Message: z.string(),
  vnp_TmnCode: z.string().optional(),
  vnp_TxnRef: z.string().optional(),
  vnp_Amount: z.union([z.string(), z.number()]).optional(),
  vnp_BankCode: z.string().optional(),
  vnp_PayDate: z.string().optional(),
  vnp_TransactionNo: z.union([z.string(), z.number()]).optional(),
  vnp_TransactionType: z.string().optional(),
  vnp_TransactionStatus: z.string().optional(),
  vnp_OrderInfo: z.string().optional(),
  vnp_PromotionCode: z.string().optional(),
  vnp_PromotionAmount: z.union([z.string(), z.number()]).optional(),
  vnp_SecureHash: z.string().optional(),
});
type QueryAnswer = z.infer<typeof querySchema>;

/** querydr's request checksum data (VNPay's documented order). */
export function querydrRequestData(b: Record<string, string>): string {
  return [
    b.vnp_RequestId,
    b.vnp_Version,
    b.vnp_Command,
    b.vnp_TmnCode,
    b.vnp_TxnRef,
    b.vnp_TransactionDate,
    b.vnp_CreateDate,
    b.vnp_IpAddr,
    b.vnp_OrderInfo,
  ].join('|');
}

/** querydr's answer checksum data (VNPay's documented order; a missing field is empty). */
export function querydrResponseData(a: Record<string, string | number | undefined>): string {
  return [
    a.vnp_ResponseId,
    a.vnp_Command,
    a.vnp_ResponseCode,
    a.vnp_Message,
    a.vnp_TmnCode,
    a.vnp_TxnRef,
    a.vnp_Amount,
    a.vnp_BankCode,
    a.vnp_PayDate,
    a.vnp_TransactionNo,
    a.vnp_TransactionType,
    a.vnp_TransactionStatus,
    a.vnp_OrderInfo,
    a.vnp_PromotionCode,
    a.vnp_PromotionAmount,
  ]
    .map((v) => (v === undefined ? '' : String(v)))
    .join('|');
}

/** The IPN answers VNPay documents, by what the wallet did. */
export function vnpayAcknowledge(result: CallbackResult): {
  status: number;
  body: { RspCode: string; Message: string };
} {
  const answer = (RspCode: string, Message: string) => ({ status: 200, body: { RspCode, Message } });
  if (result.ok) {
    // A repeated or late notification of a settled order: VNPay stops retrying on 02.
    if (result.outcome === 'duplicate' || result.outcome.startsWith('ignored:'))
      return answer('02', 'Order already confirmed');
    return answer('00', 'Confirm Success');
  }
  switch (result.refusal) {
    case 'InvalidSignature':
      return answer('97', 'Invalid signature');
    case 'OrderNotFound':
      return answer('01', 'Order not found');
    case 'AmountMismatch':
      return answer('04', 'Invalid amount');
    // The transaction number already credited another order of this terminal: processed, and
    // retrying cannot change that (the refusal is logged for finance).
    case 'ProviderTxnUsed':
      return answer('02', 'Order already confirmed');
    default:
      return answer('99', 'Unknown error');
  }
}

/** providerRef: the vnp_TxnRef and the vnp_CreateDate querydr needs back (`<ref>@<date>`). */
const refOf = (txnRef: string, createDate: string) => `${txnRef}@${createDate}`;

export function createVnpayGateway(config: VnpayConfig): PaymentGateway {
  const base = config.baseUrl?.replace(/\/$/, '');
  const urls = VNPAY_URLS[config.mode ?? 'sandbox'];
  const payUrl = config.payUrl ?? (base ? `${base}${VNPAY_PAY_PATH}` : urls.payUrl);
  const apiUrl = config.apiUrl ?? (base ? `${base}${VNPAY_API_PATH}` : urls.apiUrl);
  const fetchFn = config.fetch ?? fetch;

  function eventOf(
    fields: { txnRef: string; amount: string; transactionNo: string },
    outcome: 'paid' | 'failed',
  ): GatewayEvent {
    let amount: bigint;
    try {
      if (!/^\d{1,20}$/.test(fields.amount)) throw new Error('no amount');
      amount = fromProviderUnits(BigInt(fields.amount), 'VND', 2);
    } catch {
      throw new AppError('AmountMismatch');
    }
    return {
      provider: 'vnpay',
      txnId: fields.transactionNo,
      orderNo: fields.txnRef,
      outcome,
      amount,
      currency: 'VND',
    };
  }

  return {
    provider: 'vnpay',
    currencies: ['VND'],

    // A refusal (currency, amount) rejects the promise like a provider's would.
    createPayment: (input) =>
      new Promise<ProviderPayment>((resolve) => {
        if (input.currency !== 'VND') throw new Error(`VNPay takes VND, not ${input.currency}`);
        const createDate = vnpayDate(input.now);
        const params: Record<string, string> = {
          vnp_Version: VNPAY_VERSION,
          vnp_Command: 'pay',
          vnp_TmnCode: config.tmnCode,
          // VND has no decimals; VNPay wants the amount times 100.
          vnp_Amount: toProviderUnits(input.amount, 'VND', 2).toString(),
          vnp_CurrCode: 'VND',
          vnp_TxnRef: input.orderNo,
          vnp_OrderInfo: vnpayOrderInfo(input.description),
          vnp_OrderType: 'other',
          vnp_Locale: 'vn',
          vnp_ReturnUrl: input.returnUrl,
          vnp_IpAddr: input.payerIp ?? '127.0.0.1',
          vnp_CreateDate: createDate,
          vnp_ExpireDate: vnpayDate(new Date(input.now.getTime() + VNPAY_EXPIRY_MINUTES * 60_000)),
        };
        const data = vnpaySignData(params);
        resolve({
          providerRef: refOf(input.orderNo, createDate),
          payUrl: `${payUrl}?${data}&vnp_SecureHash=${vnpayHmac(config.hashSecret, data)}`,
        });
      }),

    verifyCallback({ method, query }, now) {
      // The IPN is a GET; only vnp_ parameters are signed (VNPay's samples keep those alone).
      const params = Object.fromEntries(Object.entries(query).filter(([k]) => k.startsWith('vnp_')));
      if (method !== 'GET' || !vnpayVerify(config.hashSecret, params)) throw new AppError('InvalidSignature');
      const parsed = ipnSchema.safeParse(params);
      if (!parsed.success) throw new AppError('InvalidJson');
      const ipn = parsed.data;
      // Signed with our secret for another terminal: not ours to credit.
      if (ipn.vnp_TmnCode !== config.tmnCode) throw new AppError('InvalidSignature');
      if (ipn.vnp_CurrCode !== undefined && ipn.vnp_CurrCode !== 'VND') throw new AppError('AmountMismatch');
      // Every notice is age-checked: one without a readable payment time is refused.
      const paidAt = parseVnpayDate(ipn.vnp_PayDate);
      if (!paidAt) throw new AppError('InvalidJson');
      const age = now.getTime() - paidAt.getTime();
      if (age > VNPAY_IPN_MAX_AGE_MINUTES * 60_000 || age < -5 * 60_000)
        throw new AppError('StaleWebhook', { status: 400 });
      const outcome = outcomeOf(ipn.vnp_ResponseCode, ipn.vnp_TransactionStatus);
      // "Not finished yet" says nothing of the outcome: received, reconciliation asks later.
      if (outcome === 'pending') return null;
      return eventOf(
        { txnRef: ipn.vnp_TxnRef, amount: ipn.vnp_Amount, transactionNo: ipn.vnp_TransactionNo },
        outcome,
      );
    },

    acknowledge: vnpayAcknowledge,

    async queryPayment(input) {
      const at = input.providerRef.lastIndexOf('@');
      const txnRef = at > 0 ? input.providerRef.slice(0, at) : input.orderNo;
      const transactionDate = at > 0 ? input.providerRef.slice(at + 1) : vnpayDate(input.createdAt);
      const body: Record<string, string> = {
        vnp_RequestId: randomBytes(16).toString('hex'),
        vnp_Version: VNPAY_VERSION,
        vnp_Command: 'querydr',
        vnp_TmnCode: config.tmnCode,
        vnp_TxnRef: txnRef,
        vnp_OrderInfo: vnpayOrderInfo(`Query ${txnRef}`),
        vnp_TransactionDate: transactionDate,
        vnp_CreateDate: vnpayDate(input.now),
        vnp_IpAddr: config.serverIp ?? '127.0.0.1',
      };
      body.vnp_SecureHash = vnpayHmac(config.hashSecret, querydrRequestData(body));
      const raw = await providerJson('vnpay', fetchFn, apiUrl, { method: 'POST', headers: {}, body });
      const parsed = querySchema.safeParse(raw);
      if (!parsed.success) throw new ProviderError('vnpay', 200, JSON.stringify(raw));
      const answer: QueryAnswer = parsed.data;
      const expected = vnpayHmac(config.hashSecret, querydrResponseData(answer));
      const given = answer.vnp_SecureHash ?? '';
      if (!/^[0-9a-fA-F]{128}$/.test(given) || !sameHex(given.toLowerCase(), expected))
        throw new ProviderError('vnpay', 200, `querydr answer with a wrong checksum: ${JSON.stringify(raw)}`);
      // 91: no such transaction (the payer never paid): failed once the page has expired.
      if (answer.vnp_ResponseCode === '91') {
        const expired = input.now.getTime() > input.createdAt.getTime() + (VNPAY_EXPIRY_MINUTES + 5) * 60_000;
        return { status: expired ? 'failed' : 'pending' };
      }
      if (answer.vnp_ResponseCode !== '00')
        throw new ProviderError('vnpay', 200, `querydr ${answer.vnp_ResponseCode}: ${answer.vnp_Message}`);
      if (answer.vnp_TmnCode !== config.tmnCode || answer.vnp_TxnRef !== txnRef)
        throw new ProviderError('vnpay', 200, 'querydr answered for another transaction');
      const outcome = outcomeOf(undefined, answer.vnp_TransactionStatus);
      if (outcome === 'pending') return { status: 'pending' };
      const event = eventOf(
        {
          txnRef,
          amount: String(answer.vnp_Amount ?? ''),
          transactionNo: String(answer.vnp_TransactionNo ?? ''),
        },
        outcome,
      );
      if (!/^\d{1,20}$/.test(event.txnId))
        throw new ProviderError('vnpay', 200, 'querydr without a transaction number');
      return { status: outcome, event };
    },
  };
}
