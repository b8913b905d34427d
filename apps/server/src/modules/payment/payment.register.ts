import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Sealer } from '../../sealing.js';
import { createPaymentProviders } from './providers.js';
import { createSandboxGateway, sandboxSecret, type WebhookDelivery } from './sandbox-gateway.js';

/**
 * The tenants' payment providers (keys kept sealed) and, where enabled (never in production), the
 * sandbox gateway with its pages (they answer clients and call the webhooks): it approves payments for anyone. The providers' webhooks are
 * registered with the wallet, whose recharges they credit.
 */
export async function registerPayment(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    config: Pick<Config, 'sandboxGateway' | 'sandboxWebhookUrl'>;
    sealer: Sealer;
    /** How the sandbox gateway delivers webhooks (HTTP by default; tests may deliver in-process). */
    webhookDelivery?: WebhookDelivery | undefined;
    /** Tests: payment providers' API addresses (their local fakes) and the fetch to reach them. */
    paymentProviders?: { baseUrls?: Record<string, string>; fetch?: typeof fetch } | undefined;
  },
) {
  const { db, clock, config } = deps;
  const gateway = config.sandboxGateway
    ? createSandboxGateway({
        db,
        clock,
        secret: await sandboxSecret(db),
        webhookBase: config.sandboxWebhookUrl,
        log: app.log,
        ...(deps.webhookDelivery ? { deliver: deps.webhookDelivery } : {}),
      })
    : undefined;
  const providers = createPaymentProviders({
    db,
    clock,
    sealer: deps.sealer,
    sandbox: gateway,
    ...deps.paymentProviders,
  });
  gateway?.routes(app);
  return { providers };
}
