import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Router } from '../../http/route.js';
import type { Sealer } from '../../sealing.js';
import type { Ledger, SettleOwed } from '../ledger/ledger.service.js';
import type { GatewayRegistry } from '../payment/providers.js';
import { webhookRoutes } from '../payment/webhook.routes.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { Notify } from '../user/notify.js';
import { createBankCardService, sealLegacyBankCards } from './bank-card.service.js';
import { createPayPasswordService } from './pay-password.service.js';
import type { EmailCodeService } from '../auth/email-code.service.js';
import type { UserService } from '../user/user.service.js';
import { createRechargeService } from './recharge.service.js';
import type { CreditHook, RechargePurpose } from './recharge-orders.js';
import { createWithdrawalService, type StarCards } from './withdrawal.service.js';
import { walletRoutes } from './wallet.routes.js';

/**
 * The wallet (/app-api/wallet): recharges (and the providers' webhooks that credit them),
 * withdrawals, bank cards (sealed; cards from before sealing are sealed once, here).
 * What other modules do on a credit or owe before a withdrawal comes in as required hooks.
 */
export async function registerWallet(
  app: FastifyInstance,
  router: Router,
  deps: {
    db: Db;
    clock: Clock;
    config: Pick<Config, 'env' | 'publicUrl'>;
    ledger: Ledger;
    sealer: Sealer;
    gateways: GatewayRegistry;
    codes: EmailCodeService;
    users: UserService;
    tenants: TenantService;
    limiter: RateLimiter;
    notify: Notify;
    /** Star Cards, for the withdrawal rules (membership comes later: a hook). */
    memberships: StarCards;
    /** What is done, in the crediting transaction, for each kind of purpose an order may carry. */
    onCredited: Record<RechargePurpose['kind'], CreditHook>;
    /** What the user still owes is settled from the wallet before a withdrawal and on its refund. */
    settleOwed: SettleOwed;
  },
) {
  const { db, clock, config, ledger, sealer, tenants } = deps;
  const payPasswords = createPayPasswordService(db, clock, { codes: deps.codes, users: deps.users });
  const recharges = createRechargeService({
    db,
    clock,
    ledger,
    gateways: deps.gateways,
    log: app.log,
    notify: deps.notify,
    // Production never sends a payer to the demo bank account or USDT address.
    offerDemoDetails: config.env !== 'production',
    onCredited: deps.onCredited,
  });
  await sealLegacyBankCards(db, sealer);
  const withdrawals = createWithdrawalService({
    db,
    settleOwed: deps.settleOwed,
    clock,
    ledger,
    memberships: deps.memberships,
    payPasswords,
    sealer,
    notify: deps.notify,
  });
  walletRoutes(router, {
    db,
    ledger,
    tenants,
    payPasswords,
    bankCards: createBankCardService(db, clock, sealer),
    recharges,
    withdrawals,
    publicUrl: config.publicUrl,
  });
  webhookRoutes(app, {
    gateways: deps.gateways,
    tenantOf: async (host) => (await tenants.resolveByDomain(host)).tenantId,
    recharges,
    clock,
    limiter: deps.limiter,
  });
  return { payPasswords, recharges, withdrawals };
}
