import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/errors.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import type { PaymentGateway } from './gateway.js';

/**
 * `POST /app-api/pay/webhook/<provider>`: a gateway's notification. The signature is checked
 * over the raw bytes (so this route parses JSON itself), then the recharge service credits once.
 */
export function webhookRoutes(
  app: FastifyInstance,
  deps: { gateways: PaymentGateway[]; recharges: RechargeService; clock: Clock },
): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>('/app-api/pay/webhook/:provider', async (req, reply) => {
      const gateway = deps.gateways.find((g) => g.provider === req.params.provider);
      if (!gateway) throw new AppError('NotFound');
      const raw = typeof req.body === 'string' ? req.body : '';
      let event;
      try {
        event = gateway.verifyWebhook(raw, req.headers, deps.clock.now());
      } catch (error) {
        const key = error instanceof AppError ? error.key : 'error';
        req.log.warn({ provider: gateway.provider, refusal: key }, 'webhook refused');
        await deps.recharges.recordRejectedDelivery(gateway.provider, key, raw);
        throw error;
      }
      const outcome = await deps.recharges.handleGatewayEvent(event, raw);
      return reply.send({ code: 200, msg: 'Success', data: { outcome } });
    });
  });
}
