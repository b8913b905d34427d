import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { clientAddress } from '../../http/client-address.js';
import type { CallbackRequest, GatewayEvent } from './gateway.js';
import type { GatewayRegistry } from './providers.js';

/** Who takes a delivery's event or its refusal (the wallet's recharges, wired in app.ts). */
export interface GatewayEventHandler {
  /** A verified event; answers the outcome the provider is told. */
  handleGatewayEvent(event: GatewayEvent, payload: string, tenantId: string | null): Promise<string>;
  recordRejectedDelivery(provider: string, reason: string, payload: string): Promise<void>;
}

/** Providers' events are a few KB; nothing larger is read. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** Refused deliveries kept: per sender address per minute, and per provider per hour from everyone. */
export const REJECTED_PER_ADDRESS_PER_MINUTE = 30;
export const REJECTED_PER_PROVIDER_PER_HOUR = 200;
/** Of a refused (unauthenticated) body only its hash, size and this many first characters are kept. */
export const REJECTED_EXCERPT_CHARS = 512;

/** What is kept of a body nobody vouched for: enough to recognise it, never its whole size. */
export function rejectedExcerpt(raw: string): string {
  const hash = createHash('sha256').update(raw).digest('hex');
  const head = raw.slice(0, REJECTED_EXCERPT_CHARS);
  return `sha256=${hash} bytes=${Buffer.byteLength(raw)}${head.length < raw.length ? ' (excerpt)' : ''}\n${head}`;
}

/** Headers and query values as one string each (a repeated query key keeps its first value). */
function flatQuery(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const first: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
    if (typeof first === 'string') out[k] = first;
  }
  return out;
}

/**
 * `GET|POST /app-api/pay/webhook/<provider>`: a gateway's callback (VNPay's IPN comes as a GET
 * query, JazzCash posts a form, the others post JSON), on the tenant's own domain: the tenant of
 * the host picks the provider account (keys) that verifies it, and only that tenant's orders can
 * be credited by it (the sandbox serves every tenant). The gateway verifies it over the raw bytes
 * (so this route parses no body itself), then the recharge service credits once, and the answer
 * is the one the provider expects (`acknowledge`). A refused delivery is recorded (bounded
 * excerpt) unless its sender or the provider's hourly allowance is used up: then it is 429 and
 * nothing is stored.
 */
export function webhookRoutes(
  app: FastifyInstance,
  deps: {
    gateways: GatewayRegistry;
    /** The tenant a host serves (its domains, as the app resolves them). */
    tenantOf: (host: string) => Promise<string>;
    recharges: GatewayEventHandler;
    clock: Clock;
    limiter: RateLimiter;
  },
): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const handler = async (
      req: FastifyRequest<{ Params: { provider: string } }>,
      reply: FastifyReply,
    ): Promise<unknown> => {
      const provider = req.params.provider;
      const tenantId = provider === 'sandbox' ? null : await deps.tenantOf(req.hostname);
      const gateway = await deps.gateways.gateway(tenantId ?? '', provider);
      if (!gateway) throw new AppError('NotFound');
      const raw = typeof req.body === 'string' ? req.body : '';
      const callback: CallbackRequest = {
        method: req.method === 'GET' ? 'GET' : 'POST',
        rawBody: raw,
        query: flatQuery(req.query),
        headers: req.headers,
      };
      // What is kept of the delivery: the body, or for a GET its query string.
      const payload = callback.method === 'GET' ? (req.url.split('?')[1] ?? '') : raw;
      const send = (ack: { status: number; body: unknown }) => reply.code(ack.status).send(ack.body);
      // A payer's browser carrying the result goes back to the app (the order's page when known),
      // whatever was done with it; the app then reads the order's state.
      const browser = gateway.returnsBrowser === true && /text\/html/.test(req.headers.accept ?? '');
      const backToApp = (orderNo?: string) =>
        reply.redirect(
          `/#/pages/profile/recharge/index${orderNo ? `?orderNo=${encodeURIComponent(orderNo)}` : ''}`,
          303,
        );
      const refuse = (error: unknown, orderNo?: string) => {
        req.server.metrics.webhookRefused(gateway.provider, error instanceof AppError ? error.key : 'error');
        const ack = gateway.acknowledge({
          ok: false,
          refusal: error instanceof AppError ? error.key : 'error',
        });
        if (browser) return backToApp(orderNo);
        // Providers that want a 200 with a code of their own get it; others get the refusal.
        if (ack.status >= 400) throw error;
        return send(ack);
      };
      let event;
      try {
        event = gateway.verifyCallback(callback, deps.clock.now());
      } catch (error) {
        const key = error instanceof AppError ? error.key : 'error';
        req.log.warn({ provider: gateway.provider, refusal: key }, 'webhook refused');
        await deps.limiter.hit(
          `webhook-rejected:ip:${clientAddress(req)}`,
          REJECTED_PER_ADDRESS_PER_MINUTE,
          60,
        );
        await deps.limiter.hit(
          `webhook-rejected:provider:${gateway.provider}`,
          REJECTED_PER_PROVIDER_PER_HOUR,
          3600,
        );
        await deps.recharges.recordRejectedDelivery(gateway.provider, key, rejectedExcerpt(payload));
        return refuse(error);
      }
      // A verified notification about something else than a payment's outcome: received.
      if (!event) return browser ? backToApp() : send(gateway.acknowledge({ ok: true, outcome: 'ignored' }));
      let outcome: string;
      try {
        outcome = await deps.recharges.handleGatewayEvent(event, payload, tenantId);
      } catch (error) {
        return refuse(error, event.orderNo);
      }
      return browser ? backToApp(event.orderNo) : send(gateway.acknowledge({ ok: true, outcome }));
    };
    const options = { bodyLimit: WEBHOOK_BODY_LIMIT };
    scope.post('/app-api/pay/webhook/:provider', options, handler);
    scope.get('/app-api/pay/webhook/:provider', handler);
  });
}
