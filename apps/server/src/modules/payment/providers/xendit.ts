import { isCurrencyKey, toMajor, toMinor } from '@dramastar/contract';
import { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import {
  basicAuth,
  type GatewayEvent,
  type PaymentGateway,
  plainAcknowledge,
  providerJson,
  sameSecret,
  toProviderUnits,
} from '../gateway.js';

/**
 * Xendit (Indonesia IDR, Philippines PHP): an Invoice per order (Xendit's checkout page with the
 * methods the account has), its callback authenticated by the account's verification token in
 * `x-callback-token`, and the invoice retrieved for reconciliation. Amounts are in major units
 * (IDR whole rupiah: Xendit truncates IDR decimals, so an IDR amount with cents is refused here).
 * See docs/wallet.md for the documentation pages this follows.
 */
export const XENDIT_BASE_URL = 'https://api.xendit.co';
export const XENDIT_TOKEN_HEADER = 'x-callback-token';
/** Invoice `payment_methods` the console offers (empty: all the account has). */
export const XENDIT_METHODS = [
  'CREDIT_CARD',
  'BCA',
  'BNI',
  'BRI',
  'MANDIRI',
  'PERMATA',
  'OVO',
  'DANA',
  'SHOPEEPAY',
  'LINKAJA',
  'QRIS',
  'GCASH',
  'PAYMAYA',
  'GRABPAY',
] as const;

export interface XenditConfig {
  /** `xnd_development_…` or `xnd_production_…` (HTTP Basic user name). */
  secretKey: string;
  /** Settings → Callbacks → verification token. */
  callbackToken: string;
  /** Invoice `payment_methods`; empty: every method the account has. */
  methods: readonly string[];
  baseUrl?: string;
  fetch?: typeof fetch;
}

const invoiceSchema = z.object({
  id: z.string().min(1).max(80),
  external_id: z.string().min(1).max(64),
  status: z.string(),
  amount: z.number().nonnegative(),
  paid_amount: z.number().nonnegative().nullish(),
  currency: z.string().max(8),
});

/** Xendit's invoice states: PENDING, PAID, SETTLED (paid and moved to the balance), EXPIRED. */
function eventOf(invoice: z.infer<typeof invoiceSchema>): GatewayEvent | null {
  const outcome =
    invoice.status === 'PAID' || invoice.status === 'SETTLED'
      ? 'paid'
      : invoice.status === 'EXPIRED'
        ? 'failed'
        : null;
  if (!outcome) return null;
  const currency = invoice.currency.toUpperCase();
  if (!isCurrencyKey(currency)) throw new AppError('AmountMismatch');
  let amount: bigint;
  try {
    // JSON numbers in major units: 15000 IDR, 100.5 PHP; back to the contract's minor units.
    amount = toMinor(
      String(outcome === 'paid' ? (invoice.paid_amount ?? invoice.amount) : invoice.amount),
      currency,
    );
  } catch {
    throw new AppError('AmountMismatch');
  }
  return { provider: 'xendit', txnId: invoice.id, orderNo: invoice.external_id, outcome, amount, currency };
}

export function createXenditGateway(config: XenditConfig): PaymentGateway {
  const baseUrl = (config.baseUrl ?? XENDIT_BASE_URL).replace(/\/$/, '');
  const fetchFn = config.fetch ?? fetch;
  const auth = { authorization: basicAuth(config.secretKey) };

  return {
    provider: 'xendit',
    currencies: ['IDR', 'PHP'],

    async createPayment(input) {
      const currency = input.currency;
      if (currency !== 'IDR' && currency !== 'PHP')
        throw new Error(`Xendit takes IDR or PHP, not ${currency}`);
      // IDR in whole rupiah (an amount with cents would be truncated by Xendit: refused instead).
      const amount =
        currency === 'IDR'
          ? Number(toProviderUnits(input.amount, 'IDR', 0))
          : Number(toMajor(input.amount, 'PHP'));
      const answer = z.object({ id: z.string(), invoice_url: z.url() }).parse(
        await providerJson('xendit', fetchFn, `${baseUrl}/v2/invoices`, {
          method: 'POST',
          headers: auth,
          body: {
            external_id: input.orderNo,
            amount,
            currency,
            description: input.description,
            success_redirect_url: input.returnUrl,
            failure_redirect_url: input.returnUrl,
            ...(config.methods.length ? { payment_methods: config.methods } : {}),
          },
        }),
      );
      return { providerRef: answer.id, payUrl: answer.invoice_url };
    },

    verifyCallback({ method, rawBody, headers }) {
      const token = headers[XENDIT_TOKEN_HEADER];
      if (method !== 'POST' || typeof token !== 'string' || !sameSecret(token, config.callbackToken))
        throw new AppError('InvalidSignature');
      let invoice: z.infer<typeof invoiceSchema>;
      try {
        invoice = invoiceSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError('InvalidJson');
      }
      return eventOf(invoice);
    },

    acknowledge: plainAcknowledge,

    async queryPayment(input) {
      const invoice = invoiceSchema.parse(
        await providerJson(
          'xendit',
          fetchFn,
          `${baseUrl}/v2/invoices/${encodeURIComponent(input.providerRef)}`,
          {
            method: 'GET',
            headers: auth,
          },
        ),
      );
      const event = eventOf(invoice);
      return event ? { status: event.outcome, event } : { status: 'pending' };
    },
  };
}
