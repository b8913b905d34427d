import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import { sameHex } from '../../../security.js';
import {
  basicAuth,
  fromProviderUnits,
  type GatewayEvent,
  type PaymentGateway,
  plainAcknowledge,
  providerJson,
  toProviderUnits,
  WEBHOOK_TOLERANCE_SECONDS,
} from '../gateway.js';

/**
 * PayMongo (Philippines, PHP): a Checkout Session per order (cards, GCash, Maya on PayMongo's own
 * page), its `checkout_session.payment.paid` webhook signed in `Paymongo-Signature`, and the
 * session retrieved for reconciliation. Amounts are integers in centavos, as PayMongo counts them.
 * See docs/wallet.md for the documentation pages this follows.
 */
export const PAYMONGO_BASE_URL = 'https://api.paymongo.com';
export const PAYMONGO_SIGNATURE_HEADER = 'paymongo-signature';
/** Checkout's `payment_method_types` the console offers. */
export const PAYMONGO_METHODS = ['card', 'gcash', 'paymaya', 'grab_pay', 'qrph'] as const;

export interface PayMongoConfig {
  /** `sk_test_…` or `sk_live_…` (HTTP Basic user name). */
  secretKey: string;
  /** The webhook's secret key (`whsk_…`), shown when the webhook is created. */
  webhookSecret: string;
  /** Which signature of the header counts: `te` (test mode) or `li` (live mode). */
  mode: 'test' | 'live';
  methods: readonly string[];
  baseUrl?: string;
  fetch?: typeof fetch;
}

const paymentSchema = z.object({
  id: z.string().min(1).max(80),
  attributes: z.object({
    amount: z.number().int().nonnegative(),
    currency: z.string().max(8),
    status: z.string(),
  }),
});

const sessionSchema = z.object({
  id: z.string().min(1).max(80),
  attributes: z.object({
    reference_number: z.string().nullable().optional(),
    status: z.string().optional(),
    livemode: z.boolean().optional(),
    payments: z.array(paymentSchema).default([]),
  }),
});

const eventSchema = z.object({
  data: z.object({
    id: z.string(),
    attributes: z.object({
      type: z.string(),
      livemode: z.boolean(),
      data: z.unknown(),
    }),
  }),
});

/** The event of a session's paid payment (amount back in contract minor units). */
function paidEvent(session: z.infer<typeof sessionSchema>, orderNo: string): GatewayEvent | undefined {
  const paid = session.attributes.payments.find((p) => p.attributes.status === 'paid');
  if (!paid) return undefined;
  const currency = paid.attributes.currency.toUpperCase();
  return {
    provider: 'paymongo',
    txnId: paid.id,
    orderNo,
    outcome: 'paid',
    amount: fromProviderUnits(BigInt(paid.attributes.amount), currency, 2),
    currency,
  };
}

/** Parses `t=…,te=…,li=…` (values may be empty: a test event has no live signature). */
function signatureParts(header: string): Map<string, string> {
  return new Map(
    header.split(',').map((part) => {
      const i = part.indexOf('=');
      return [part.slice(0, i).trim(), part.slice(i + 1).trim()] as const;
    }),
  );
}

export function createPayMongoGateway(config: PayMongoConfig): PaymentGateway {
  const baseUrl = (config.baseUrl ?? PAYMONGO_BASE_URL).replace(/\/$/, '');
  const fetchFn = config.fetch ?? fetch;
  const auth = { authorization: basicAuth(config.secretKey) };

  return {
    provider: 'paymongo',
    currencies: ['PHP'],

    async createPayment(input) {
      if (input.currency !== 'PHP') throw new Error(`PayMongo takes PHP, not ${input.currency}`);
      const body = {
        data: {
          attributes: {
            line_items: [
              {
                name: input.description,
                amount: Number(toProviderUnits(input.amount, 'PHP', 2)),
                currency: 'PHP',
                quantity: 1,
              },
            ],
            payment_method_types: config.methods,
            success_url: input.returnUrl,
            cancel_url: input.returnUrl,
            reference_number: input.orderNo,
            description: input.description,
            send_email_receipt: false,
            show_description: true,
            show_line_items: false,
          },
        },
      };
      const answer = z
        .object({
          data: z.object({ id: z.string(), attributes: z.object({ checkout_url: z.url() }) }),
        })
        .parse(
          await providerJson('paymongo', fetchFn, `${baseUrl}/v1/checkout_sessions`, {
            method: 'POST',
            headers: auth,
            body,
          }),
        );
      return { providerRef: answer.data.id, payUrl: answer.data.attributes.checkout_url };
    },

    verifyCallback({ rawBody, headers }, now) {
      const header = headers[PAYMONGO_SIGNATURE_HEADER];
      if (typeof header !== 'string') throw new AppError('InvalidSignature');
      const parts = signatureParts(header);
      const t = Number(parts.get('t'));
      const given = parts.get(config.mode === 'live' ? 'li' : 'te') ?? '';
      if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) throw new AppError('InvalidSignature');
      const expected = createHmac('sha256', config.webhookSecret).update(`${t}.${rawBody}`).digest('hex');
      if (!sameHex(given, expected)) throw new AppError('InvalidSignature');
      const age = now.getTime() / 1000 - t;
      if (age > WEBHOOK_TOLERANCE_SECONDS || age < -60) throw new AppError('StaleWebhook', { status: 400 });

      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError('InvalidJson');
      }
      // A test event signed for a live account (or the reverse) is not this account's money.
      if (event.data.attributes.livemode !== (config.mode === 'live')) throw new AppError('InvalidSignature');
      if (event.data.attributes.type !== 'checkout_session.payment.paid') return null;
      const parsed = sessionSchema.safeParse(event.data.attributes.data);
      if (!parsed.success || !parsed.data.attributes.reference_number) throw new AppError('InvalidJson');
      const paid = paidEvent(parsed.data, parsed.data.attributes.reference_number);
      if (!paid) throw new AppError('InvalidJson');
      return paid;
    },

    acknowledge: plainAcknowledge,

    async queryPayment(input) {
      const answer = z
        .object({ data: sessionSchema })
        .parse(
          await providerJson(
            'paymongo',
            fetchFn,
            `${baseUrl}/v1/checkout_sessions/${encodeURIComponent(input.providerRef)}`,
            { method: 'GET', headers: auth },
          ),
        );
      const session = answer.data;
      const paid = paidEvent(session, session.attributes.reference_number ?? input.orderNo);
      if (paid) return { status: 'paid', event: paid };
      if (session.attributes.status === 'expired') {
        return {
          status: 'failed',
          event: {
            provider: 'paymongo',
            txnId: session.id,
            orderNo: input.orderNo,
            outcome: 'failed',
            amount: input.amount,
            currency: input.currency,
          },
        };
      }
      return { status: 'pending' };
    },
  };
}
