import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CURRENCIES, isCurrencyKey } from '@dramastar/contract';
import { AppError } from '../../http/errors.js';
import { sameHex } from '../../security.js';

/** What a gateway says happened to a payment, once its webhook's signature is verified. */
export interface GatewayEvent {
  provider: string;
  /** The provider's transaction id: a payment is credited once per id. */
  txnId: string;
  /** Our order number, as given when the payment was created. */
  orderNo: string;
  outcome: 'paid' | 'failed';
  /** Minor units of `currency`, as the provider reports them. */
  amount: bigint;
  currency: string;
}

/** A provider's callback as it reached us: GET (query) or POST (form-encoded or JSON, raw bytes). */
export interface CallbackRequest {
  method: 'GET' | 'POST';
  /** The body exactly as received ('' for GET): signatures are checked over these bytes. */
  rawBody: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

/** Where the payer goes to pay. */
export interface ProviderPayment {
  providerRef: string;
  payUrl: string;
  /** A form the browser must POST (JazzCash) instead of following a redirect to `payUrl`. */
  form?: { action: string; fields: Record<string, string> };
}

export interface CreatePaymentInput {
  orderNo: string;
  /** Minor units of `currency` as the contract counts them (CURRENCIES[c].minorDigits). */
  amount: bigint;
  currency: string;
  /** Where the payer's browser comes back (never proof of payment). */
  returnUrl: string;
  /** Where the provider sends its callback: `<tenant origin>/app-api/pay/webhook/<provider>`. */
  callbackUrl: string;
  description: string;
  payerIp?: string;
  now: Date;
}

export interface QueryPaymentInput {
  orderNo: string;
  providerRef: string;
  /** Minor units of `currency` as the contract counts them. */
  amount: bigint;
  currency: string;
  createdAt: Date;
  now: Date;
}

/** What the wallet did with a callback, for the provider's expected answer. */
export type CallbackResult = { ok: true; outcome: string } | { ok: false; refusal: string };

/**
 * A card / e-wallet gateway (sandbox, PayMongo, Xendit, VNPay, JazzCash): create a payment and
 * send the payer to its page; learn the outcome only from a verified callback, or by asking the
 * provider (reconciliation of callbacks that never came).
 */
export interface PaymentGateway {
  /** 'sandbox' | 'paymongo' | 'xendit' | 'vnpay' | 'jazzcash': also the callback path's last part. */
  readonly provider: string;
  /** Contract currencies it takes, e.g. ['PHP'], ['VND'], ['IDR', 'PHP'], ['PKR']. */
  readonly currencies: readonly string[];
  /**
   * The callback comes through the payer's browser (JazzCash posts its result to pp_ReturnURL):
   * a browser's delivery is answered with a redirect to the order's page in the app.
   */
  readonly returnsBrowser?: boolean;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /**
   * Verifies a callback exactly as the provider documents it and returns its event (amounts in
   * contract minor units), or null for a verified notification that says nothing of a payment's
   * outcome (answered as received, e.g. PayMongo's other event types). Throws AppError:
   * InvalidSignature, StaleWebhook, InvalidJson, …
   */
  verifyCallback(req: CallbackRequest, now: Date): GatewayEvent | null;
  /** The answer the provider expects (VNPay: {RspCode, Message} JSON; others a 200). */
  acknowledge(result: CallbackResult): { status: number; body: unknown };
  /** The payment's state at the provider, for reconciliation and missed callbacks. */
  queryPayment(
    input: QueryPaymentInput,
  ): Promise<{ status: 'paid' | 'failed' | 'pending'; event?: GatewayEvent }>;
}

/** A gateway's answer when it only needs a 2xx (refusals answer with their own status). */
export function plainAcknowledge(result: CallbackResult): { status: number; body: unknown } {
  return result.ok
    ? { status: 200, body: { code: 200, msg: 'Success', data: { outcome: result.outcome } } }
    : { status: 400, body: { code: 400, msg: result.refusal, data: null } };
}

/**
 * Contract minor units → a provider's units with `providerDigits` decimals (e.g. IDR is stored with
 * 2 digits but Xendit takes whole rupiah: 1500000n IDR → 15000n). Throws when it does not divide.
 */
export function toProviderUnits(amount: bigint, currency: string, providerDigits: number): bigint {
  const digits = contractDigits(currency);
  if (providerDigits >= digits) return amount * 10n ** BigInt(providerDigits - digits);
  const step = 10n ** BigInt(digits - providerDigits);
  if (amount % step !== 0n)
    throw new Error(`${amount} ${currency} has more decimals than the provider takes`);
  return amount / step;
}

/** A provider's units with `providerDigits` decimals → contract minor units (exact or throws). */
export function fromProviderUnits(amount: bigint, currency: string, providerDigits: number): bigint {
  const digits = contractDigits(currency);
  if (digits >= providerDigits) return amount * 10n ** BigInt(digits - providerDigits);
  const step = 10n ** BigInt(providerDigits - digits);
  if (amount % step !== 0n) throw new AppError('AmountMismatch');
  return amount / step;
}

function contractDigits(currency: string): number {
  if (!isCurrencyKey(currency)) throw new AppError('AmountMismatch');
  return CURRENCIES[currency].minorDigits;
}

/** Webhooks older than this are refused (a replayed old delivery credits nothing). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
export const SIGNATURE_HEADER = 'x-sandbox-signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe, PayMongo and Xendit do. */
export function signWebhook(secret: Buffer, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** 'ok', 'invalid' (missing, malformed or wrong) or 'stale' (older than the tolerance, or from the future). */
export function checkWebhookSignature(
  secret: Buffer,
  body: string,
  header: string | undefined,
  now: Date,
): 'ok' | 'invalid' | 'stale' {
  if (!header) return 'invalid';
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  if (!sameHex(v1, expected)) return 'invalid';
  const age = now.getTime() / 1000 - t;
  return age > WEBHOOK_TOLERANCE_SECONDS || age < -60 ? 'stale' : 'ok';
}

/** A provider's HTTP API answered something other than 2xx, or not JSON. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${provider} answered ${status}: ${body.slice(0, 200)}`);
    this.name = 'ProviderError';
  }
}

/** Calls a provider's JSON API: the answer's JSON, or a ProviderError. */
export async function providerJson(
  provider: string,
  fetchFn: typeof fetch,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
): Promise<unknown> {
  const res = await fetchFn(url, {
    method: init.method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  if (!res.ok) throw new ProviderError(provider, res.status, text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(provider, res.status, text);
  }
}

/** HTTP Basic with the secret key as user name and no password (PayMongo, Xendit). */
export const basicAuth = (secretKey: string) => `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

/** Equality of two secrets in constant time, whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}
