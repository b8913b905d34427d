import { createHmac } from 'node:crypto';
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

/**
 * A card / e-wallet gateway, shaped after the region's (PayMongo, Xendit, VNPay, MoMo, JazzCash):
 * create a payment and send the payer to its page; learn the outcome only from a signed webhook.
 */
export interface PaymentGateway {
  readonly provider: string;
  createPayment(input: {
    orderNo: string;
    amount: bigint;
    currency: string;
    /** Where the payer's browser comes back (never proof of payment). */
    returnUrl: string;
  }): Promise<{ providerRef: string; payUrl: string }>;
  /** The event of a webhook delivery, or a refusal (InvalidSignature, StaleWebhook). */
  verifyWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    now: Date,
  ): GatewayEvent;
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
