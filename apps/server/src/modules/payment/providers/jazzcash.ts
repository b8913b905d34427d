import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import { sameHex } from '../../../security.js';
import {
  fromProviderUnits,
  type GatewayEvent,
  type PaymentGateway,
  plainAcknowledge,
  providerJson,
  ProviderError,
  type ProviderPayment,
  toProviderUnits,
} from '../gateway.js';

/**
 * JazzCash (Pakistan, PKR): Hosted Checkout / Page Redirection v1.1 and the Status Inquiry API, as
 * JazzCash's sandbox documentation describes them (sandbox.jazzcash.com.pk/SandboxDocumentation:
 * "HTTP POST (Page Redirection)", "Hashing Scheme", "API References", response codes):
 * - the payer's browser POSTs a form of `pp_` fields to JazzCash's merchant form;
 * - JazzCash POSTs the signed result (a form) to `pp_ReturnURL`, here the tenant's webhook address;
 * - `PaymentInquiry/Inquire` tells a transaction's state for reconciliation.
 * `pp_SecureHash` = hex HMAC-SHA256, keyed by the integrity salt, of the salt followed by `&` and
 * the non-empty values of every field whose name begins with "pp" (`pp_…`, `ppmpf_…`) except the
 * hash itself, in ASCII order of the field names, joined by `&`. We send it in upper case and
 * compare without regard to case (the documentation's own example is in lower case).
 */
export const JAZZCASH_URLS = {
  sandbox: {
    payUrl: 'https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/',
    apiUrl: 'https://sandbox.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire',
  },
  live: {
    payUrl: 'https://payments.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/',
    apiUrl: 'https://payments.jazzcash.com.pk/ApplicationAPI/API/PaymentInquiry/Inquire',
  },
} as const;
export const JAZZCASH_PAY_PATH = '/CustomerPortal/transactionmanagement/merchantform/';
export const JAZZCASH_INQUIRY_PATH = '/ApplicationAPI/API/PaymentInquiry/Inquire';
/** pp_TxnType choices: mobile account (wallet) or card; none picked: the payer chooses. */
export const JAZZCASH_METHODS = ['MWALLET', 'MPAY'] as const;
/** How long the payer has on JazzCash's page (pp_TxnExpiryDateTime). */
export const JAZZCASH_EXPIRY_MINUTES = 60;
/** A result posted later than the expiry plus this is refused (StaleWebhook): a replay. */
export const JAZZCASH_LATE_MINUTES = 30;

/** JazzCash's codes: paid (000 success, 121 confirmed) and still open (OTC, wallet, card pending). */
const PAID = new Set(['000', '121']);
const PENDING = new Set(['124', '157', '210']);

export interface JazzcashConfig {
  merchantId: string;
  /** pp_Password: JazzCash sends it in the browser's form (its design), so it is no secret. */
  password: string;
  /** The key of pp_SecureHash: the secret. */
  integritySalt: string;
  /** pp_TxnType: 'MWALLET' or 'MPAY'; empty: the payer picks on JazzCash's page. */
  txnType?: string;
  mode?: 'sandbox' | 'live';
  /** Overrides: a base URL with JazzCash's paths (the local fake), or each URL. */
  baseUrl?: string;
  payUrl?: string;
  apiUrl?: string;
  fetch?: typeof fetch;
}

/** What pp_SecureHash covers: the salt, then the non-empty "pp…" values by field name. */
export function jazzcashHashData(salt: string, fields: Record<string, string | undefined>): string {
  const values = Object.keys(fields)
    .filter((k) => k.toLowerCase().startsWith('pp') && k !== 'pp_SecureHash' && !!fields[k])
    .sort()
    .map((k) => fields[k] ?? '');
  return [salt, ...values].join('&');
}

export const jazzcashSecureHash = (salt: string, fields: Record<string, string | undefined>) =>
  createHmac('sha256', salt).update(jazzcashHashData(salt, fields), 'utf8').digest('hex').toUpperCase();

export function jazzcashVerify(salt: string, fields: Record<string, string | undefined>): boolean {
  const given = fields.pp_SecureHash ?? '';
  return (
    /^[0-9a-fA-F]{64}$/.test(given) &&
    sameHex(given.toLowerCase(), jazzcashSecureHash(salt, fields).toLowerCase())
  );
}

/** yyyyMMddHHmmss in Pakistan time (PKT, UTC+5, no daylight saving). */
export function pktDate(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}

export function parsePktDate(stamp: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h - 5, mi, s));
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * pp_TxnRefNo takes at most 20 letters and digits; our order numbers are `R` + 24 digits, so the
 * digits are written in base 36 (16 characters). Shorter alphanumeric numbers are sent as they are.
 */
export function jazzcashTxnRef(orderNo: string): string {
  if (/^[A-Za-z0-9]{1,20}$/.test(orderNo)) return orderNo;
  const m = /^([A-Z])(\d{24})$/.exec(orderNo);
  if (!m?.[1] || !m[2]) throw new Error(`order number ${orderNo} does not fit JazzCash's pp_TxnRefNo`);
  return m[1] + BigInt(m[2]).toString(36).toUpperCase().padStart(16, '0');
}

/** The order number a pp_TxnRefNo stands for (the inverse of jazzcashTxnRef). */
export function orderNoOfTxnRef(txnRef: string): string {
  const m = /^([A-Z])([0-9A-Z]{16})$/.exec(txnRef);
  if (!m?.[1] || !m[2]) return txnRef;
  let n = 0n;
  for (const c of m[2].toLowerCase()) n = n * 36n + BigInt(parseInt(c, 36));
  return m[1] + n.toString().padStart(24, '0');
}

const sameOrder = (orderNo: string, txnRef: string) => {
  try {
    return jazzcashTxnRef(orderNo) === txnRef;
  } catch {
    return false;
  }
};

/** pp_Description: JazzCash refuses < > \ * = % / : ' | " { } (and takes 200 characters). */
export const jazzcashDescription = (text: string) =>
  text
    .replace(/[<>\\*=%/:'|"{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200) || 'Payment';

const resultSchema = z.object({
  pp_MerchantID: z.string(),
  pp_TxnRefNo: z.string().regex(/^[A-Za-z0-9]{1,20}$/),
  pp_Amount: z.string().regex(/^\d{1,18}$/),
  pp_ResponseCode: z.string().min(1).max(8),
  pp_TxnDateTime: z.string().regex(/^\d{14}$/),
  pp_TxnCurrency: z.string().optional(),
  ppmpf_1: z.string().optional(),
});

const inquirySchema = z.object({
  pp_ResponseCode: z.string(),
  pp_ResponseMessage: z.string().optional(),
  pp_PaymentResponseCode: z.string().optional(),
  pp_PaymentResponseMessage: z.string().optional(),
  pp_Status: z.string().optional(),
  pp_Amount: z.string().optional(),
  pp_TxnCurrency: z.string().optional(),
  pp_SecureHash: z.string().optional(),
});

function paisaToMinor(paisa: string): bigint {
  try {
    if (!/^\d{1,18}$/.test(paisa)) throw new Error('no amount');
    return fromProviderUnits(BigInt(paisa), 'PKR', 2);
  } catch {
    throw new AppError('AmountMismatch');
  }
}

export function createJazzcashGateway(config: JazzcashConfig): PaymentGateway {
  const base = config.baseUrl?.replace(/\/$/, '');
  const urls = JAZZCASH_URLS[config.mode ?? 'sandbox'];
  const payUrl = config.payUrl ?? (base ? `${base}${JAZZCASH_PAY_PATH}` : urls.payUrl);
  const apiUrl = config.apiUrl ?? (base ? `${base}${JAZZCASH_INQUIRY_PATH}` : urls.apiUrl);
  const fetchFn = config.fetch ?? fetch;

  return {
    provider: 'jazzcash',
    currencies: ['PKR'],

    createPayment: (input) =>
      new Promise<ProviderPayment>((resolve) => {
        if (input.currency !== 'PKR') throw new Error(`JazzCash takes PKR, not ${input.currency}`);
        const txnRef = jazzcashTxnRef(input.orderNo);
        const fields: Record<string, string> = {
          pp_Version: '1.1',
          // No method configured: the field is left out and the payer picks on JazzCash's page.
          ...(config.txnType ? { pp_TxnType: config.txnType } : {}),
          pp_Language: 'EN',
          pp_MerchantID: config.merchantId,
          pp_Password: config.password,
          pp_TxnRefNo: txnRef,
          // Paisa: the last two digits are the decimals.
          pp_Amount: toProviderUnits(input.amount, 'PKR', 2).toString(),
          pp_TxnCurrency: 'PKR',
          pp_TxnDateTime: pktDate(input.now),
          pp_TxnExpiryDateTime: pktDate(new Date(input.now.getTime() + JAZZCASH_EXPIRY_MINUTES * 60_000)),
          pp_BillReference: txnRef,
          pp_Description: jazzcashDescription(input.description),
          // JazzCash posts the signed result here: the tenant's webhook address.
          pp_ReturnURL: input.callbackUrl,
          ppmpf_1: input.orderNo,
        };
        fields.pp_SecureHash = jazzcashSecureHash(config.integritySalt, fields);
        resolve({ providerRef: txnRef, payUrl, form: { action: payUrl, fields } });
      }),

    verifyCallback({ method, rawBody }, now) {
      const fields = Object.fromEntries(new URLSearchParams(method === 'POST' ? rawBody : ''));
      if (method !== 'POST' || !jazzcashVerify(config.integritySalt, fields))
        throw new AppError('InvalidSignature');
      const parsed = resultSchema.safeParse(fields);
      if (!parsed.success) throw new AppError('InvalidJson');
      const result = parsed.data;
      // Signed with our salt for another merchant account: not ours to credit.
      if (result.pp_MerchantID !== config.merchantId) throw new AppError('InvalidSignature');
      if (result.pp_TxnCurrency !== undefined && result.pp_TxnCurrency !== 'PKR')
        throw new AppError('AmountMismatch');
      // pp_TxnDateTime is when the payment was created: a result long after its expiry is a replay.
      const created = parsePktDate(result.pp_TxnDateTime);
      const age = created ? now.getTime() - created.getTime() : Infinity;
      if (age > (JAZZCASH_EXPIRY_MINUTES + JAZZCASH_LATE_MINUTES) * 60_000 || age < -5 * 60_000)
        throw new AppError('StaleWebhook', { status: 400 });
      if (PENDING.has(result.pp_ResponseCode)) return null;
      const orderNo = result.ppmpf_1 || orderNoOfTxnRef(result.pp_TxnRefNo);
      if (!sameOrder(orderNo, result.pp_TxnRefNo)) throw new AppError('OrderNotFound');
      return {
        provider: 'jazzcash',
        txnId: result.pp_TxnRefNo,
        orderNo,
        outcome: PAID.has(result.pp_ResponseCode) ? 'paid' : 'failed',
        amount: paisaToMinor(result.pp_Amount),
        currency: 'PKR',
      };
    },

    // The result reaches us through the payer's browser; JazzCash wants nothing back.
    acknowledge: plainAcknowledge,

    async queryPayment(input) {
      const request: Record<string, string> = {
        pp_TxnRefNo: input.providerRef,
        pp_MerchantID: config.merchantId,
        pp_Password: config.password,
      };
      request.pp_SecureHash = jazzcashSecureHash(config.integritySalt, request);
      const raw = await providerJson('jazzcash', fetchFn, apiUrl, {
        method: 'POST',
        headers: {},
        body: request,
      });
      const parsed = inquirySchema.safeParse(raw);
      if (!parsed.success) throw new ProviderError('jazzcash', 200, JSON.stringify(raw));
      const answer = parsed.data;
      // The hash covers every "pp" field of the answer, as received.
      const received = Object.fromEntries(
        Object.entries(raw as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' || typeof v === 'number' ? String(v) : '',
        ]),
      );
      if (answer.pp_SecureHash !== undefined && !jazzcashVerify(config.integritySalt, received))
        throw new ProviderError('jazzcash', 200, `inquiry answer with a wrong hash: ${JSON.stringify(raw)}`);
      // 109: no such transaction (the payer never submitted the form): failed once it has expired.
      if (answer.pp_ResponseCode === '109') {
        const expired =
          input.now.getTime() >
          input.createdAt.getTime() + (JAZZCASH_EXPIRY_MINUTES + JAZZCASH_LATE_MINUTES) * 60_000;
        return { status: expired ? 'failed' : 'pending' };
      }
      // '000': the inquiry worked and pp_PaymentResponseCode is the payment's; older answers give
      // the payment's code as pp_ResponseCode itself.
      const code = answer.pp_ResponseCode === '000' ? answer.pp_PaymentResponseCode : answer.pp_ResponseCode;
      const status = answer.pp_Status?.toLowerCase();
      if (code === undefined && status === undefined)
        throw new ProviderError(
          'jazzcash',
          200,
          `inquiry ${answer.pp_ResponseCode}: ${answer.pp_ResponseMessage ?? ''}`,
        );
      if (
        answer.pp_ResponseCode !== '000' &&
        !PAID.has(answer.pp_ResponseCode) &&
        !PENDING.has(answer.pp_ResponseCode)
      )
        throw new ProviderError(
          'jazzcash',
          200,
          `inquiry ${answer.pp_ResponseCode}: ${answer.pp_ResponseMessage ?? ''}`,
        );
      if ((code !== undefined && PENDING.has(code)) || status === 'pending') return { status: 'pending' };
      const outcome = (code !== undefined && PAID.has(code)) || status === 'completed' ? 'paid' : 'failed';
      if (answer.pp_TxnCurrency !== undefined && answer.pp_TxnCurrency !== 'PKR')
        throw new AppError('AmountMismatch');
      const event: GatewayEvent = {
        provider: 'jazzcash',
        txnId: input.providerRef,
        orderNo: input.orderNo,
        outcome,
        // The amount was signed into the payment's form; JazzCash's answer repeats it when it has it.
        amount: answer.pp_Amount ? paisaToMinor(answer.pp_Amount) : input.amount,
        currency: 'PKR',
      };
      return { status: outcome, event };
    },
  };
}
