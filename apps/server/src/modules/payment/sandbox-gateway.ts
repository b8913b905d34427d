import { CURRENCIES, CURRENCY_KEYS, isCurrencyKey, toMajor } from '@dramastar/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';
import { storedSecret } from '../../db/app-secrets.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../security.js';
import {
  checkWebhookSignature,
  type GatewayEvent,
  type PaymentGateway,
  plainAcknowledge,
  SIGNATURE_HEADER,
  signWebhook,
} from './gateway.js';

export const SANDBOX_WEBHOOK_PATH = '/app-api/pay/webhook/sandbox';

const eventSchema = z.object({
  id: z.string(),
  type: z.enum(['payment.paid', 'payment.failed']),
  data: z.object({
    txnId: z.string().min(1).max(80),
    paymentId: z.string(),
    merchantOrderNo: z.string().min(1).max(32),
    amount: z.string().regex(/^\d{1,20}$/),
    currency: z.string().max(8),
  }),
});

/** Sends a webhook; by default over HTTP like a real provider, tests may deliver in-process. */
export type WebhookDelivery = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export const httpDelivery: WebhookDelivery = async (url, body, headers) => {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return res.status;
};

export async function sandboxSecret(db: Db): Promise<Buffer> {
  return storedSecret(db, 'sandbox_webhook_key');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The local sandbox gateway: the default card/e-wallet channel. It plays an outside provider —
 * its own payment page where the payer approves or declines, then a webhook signed with the
 * shared secret, delivered over HTTP to the wallet (retried a few times), then the payer's browser
 * is sent back. The wallet trusts only the webhook.
 */
export function createSandboxGateway(deps: {
  db: Db;
  clock: Clock;
  secret: Buffer;
  /** Base URL the webhooks go to (this server). */
  webhookBase: string;
  deliver?: WebhookDelivery;
  log?: { warn: (obj: object, msg: string) => void };
}): PaymentGateway & { routes(app: FastifyInstance): void } {
  const { db, clock, secret } = deps;
  const deliver = deps.deliver ?? httpDelivery;

  async function notify(payment: typeof sandboxPayments.$inferSelect, outcome: 'paid' | 'failed') {
    const body = JSON.stringify({
      id: `evt_${randomToken(12)}`,
      type: `payment.${outcome}`,
      data: {
        txnId: payment.txnId,
        paymentId: payment.id,
        merchantOrderNo: payment.merchantOrderNo,
        amount: payment.amount.toString(),
        currency: payment.currency,
      },
    });
    const url = `${deps.webhookBase}${SANDBOX_WEBHOOK_PATH}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const signature = signWebhook(secret, body, Math.floor(clock.now().getTime() / 1000));
      try {
        const status = await deliver(url, body, { [SIGNATURE_HEADER]: signature });
        if (status < 500) return;
      } catch (error) {
        deps.log?.warn({ err: error, attempt }, 'sandbox webhook delivery failed');
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }

  return {
    provider: 'sandbox',
    currencies: CURRENCY_KEYS,

    async createPayment(input) {
      const id = `pay_${randomToken(12)}`;
      await db.insert(sandboxPayments).values({
        id,
        merchantOrderNo: input.orderNo,
        amount: input.amount,
        currency: input.currency,
        returnUrl: input.returnUrl,
        status: 'pending',
        createdAt: clock.now(),
      });
      // The sandbox lives on this server: its page is offered on the origin the payer came from.
      return { providerRef: id, payUrl: `${new URL(input.returnUrl).origin}/pay/sandbox/${id}` };
    },

    verifyCallback({ rawBody, headers }, now): GatewayEvent {
      const header = headers[SIGNATURE_HEADER];
      const check = checkWebhookSignature(
        secret,
        rawBody,
        typeof header === 'string' ? header : undefined,
        now,
      );
      if (check === 'invalid') throw new AppError('InvalidSignature');
      if (check === 'stale') throw new AppError('StaleWebhook', { status: 400 });
      let parsed: z.infer<typeof eventSchema>;
      try {
        parsed = eventSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError('InvalidJson');
      }
      return {
        provider: 'sandbox',
        txnId: parsed.data.txnId,
        orderNo: parsed.data.merchantOrderNo,
        outcome: parsed.type === 'payment.paid' ? 'paid' : 'failed',
        amount: BigInt(parsed.data.amount),
        currency: parsed.data.currency,
      };
    },

    acknowledge: plainAcknowledge,

    async queryPayment({ providerRef }) {
      const [payment] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, providerRef));
      if (!payment || payment.status === 'pending' || !payment.txnId) return { status: 'pending' };
      const outcome = payment.status === 'approved' ? 'paid' : 'failed';
      return {
        status: outcome,
        event: {
          provider: 'sandbox',
          txnId: payment.txnId,
          orderNo: payment.merchantOrderNo,
          outcome,
          amount: payment.amount,
          currency: payment.currency,
        },
      };
    },

    routes(parent) {
      void parent.register(async (app) => {
        // The page's buttons are plain HTML forms; their (empty) bodies carry nothing we read.
        app.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_req, _body, done) => done(null, {}),
        );
        app.get<{ Params: { id: string } }>('/pay/sandbox/:id', async (req, reply) => {
          const [payment] = await db
            .select()
            .from(sandboxPayments)
            .where(eq(sandboxPayments.id, req.params.id));
          if (!payment) return reply.code(404).type('text/html').send('<h1>Unknown payment</h1>');
          const amount = escapeHtml(
            isCurrencyKey(payment.currency)
              ? `${CURRENCIES[payment.currency].symbol} ${toMajor(payment.amount, payment.currency)} ${payment.currency}`
              : `${payment.amount} ${payment.currency}`,
          );
          const decided = payment.status !== 'pending';
          return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment</title>
<style>body{font-family:system-ui,sans-serif;background:#101014;color:#eee;margin:0;padding:24px}
.card{max-width:420px;margin:0 auto;background:#1c1c22;border-radius:12px;padding:20px}
h1{font-size:20px}.amt{font-size:28px;font-weight:700;margin:12px 0}
button{width:100%;padding:14px;border:0;border-radius:24px;font-size:16px;margin-top:12px}
.ok{background:#ff2d55;color:#fff}.no{background:#333;color:#eee}small{color:#999}</style></head>
<body><div class="card"><h1>DramaStar Sandbox Pay</h1>
<small>Test gateway: no real money moves. Order ${escapeHtml(payment.merchantOrderNo)}</small>
<div class="amt" data-minor="${payment.amount}" data-currency="${escapeHtml(payment.currency)}">${amount}</div>
${
  decided
    ? `<p id="status">This payment is ${escapeHtml(payment.status)}.</p><a href="${escapeHtml(payment.returnUrl)}" style="color:#ff2d55">Back to the app</a>`
    : `<form method="post" action="/pay/sandbox/${escapeHtml(payment.id)}/approve"><button class="ok" type="submit">Approve payment</button></form>
<form method="post" action="/pay/sandbox/${escapeHtml(payment.id)}/decline"><button class="no" type="submit">Decline</button></form>`
}
</div></body></html>`);
        });

        app.post<{ Params: { id: string; decision: string } }>(
          '/pay/sandbox/:id/:decision',
          async (req, reply) => {
            const { id, decision } = req.params;
            if (decision !== 'approve' && decision !== 'decline') return reply.code(404).send();
            const [payment] = await db
              .update(sandboxPayments)
              .set({
                status: decision === 'approve' ? 'approved' : 'declined',
                txnId: `txn_${randomToken(12)}`,
              })
              .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
              .returning();
            const [current] = payment
              ? [payment]
              : await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
            if (!current) return reply.code(404).type('text/html').send('<h1>Unknown payment</h1>');
            // The payer's decision is told to the merchant by webhook before the browser returns.
            if (payment) await notify(payment, decision === 'approve' ? 'paid' : 'failed');
            return reply.redirect(current.returnUrl, 303);
          },
        );
      });
    },
  };
}
