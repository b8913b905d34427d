import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import type { PaymentGateway } from './gateway.js';

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

/**
 * `POST /app-api/pay/webhook/<provider>`: a gateway's notification. The signature is checked
 * over the raw bytes (so this route parses JSON itself), then the recharge service credits once.
 * A refused delivery is recorded (bounded excerpt) unless its sender or the provider's hourly
 * allowance is used up: then it is 429 and nothing is stored.
 */
export function webhookRoutes(
  app: FastifyInstance,
  deps: { gateways: PaymentGateway[]; recharges: RechargeService; clock: Clock; limiter: RateLimiter },
): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(
      '/app-api/pay/webhook/:provider',
      { bodyLimit: WEBHOOK_BODY_LIMIT },
      async (req, reply) => {
        const gateway = deps.gateways.find((g) => g.provider === req.params.provider);
        if (!gateway) throw new AppError('NotFound');
        const raw = typeof req.body === 'string' ? req.body : '';
        let event;
        try {
          event = gateway.verifyWebhook(raw, req.headers, deps.clock.now());
        } catch (error) {
          const key = error instanceof AppError ? error.key : 'error';
          req.log.warn({ provider: gateway.provider, refusal: key }, 'webhook refused');
          await deps.limiter.hit(`webhook-rejected:ip:${req.ip}`, REJECTED_PER_ADDRESS_PER_MINUTE, 60);
          await deps.limiter.hit(
            `webhook-rejected:provider:${gateway.provider}`,
            REJECTED_PER_PROVIDER_PER_HOUR,
            3600,
          );
          await deps.recharges.recordRejectedDelivery(gateway.provider, key, rejectedExcerpt(raw));
          throw error;
        }
        const outcome = await deps.recharges.handleGatewayEvent(event, raw);
        return reply.send({ code: 200, msg: 'Success', data: { outcome } });
      },
    );
  });
}
