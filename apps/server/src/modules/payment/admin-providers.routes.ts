import { adminPaymentApi, type PaymentProviderView } from '@dramastar/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tenantDomains } from '../../db/schema/index.js';
import type { Router } from '../../http/route.js';
import { type OperatorService, tenantScope } from '../operator/operator.service.js';
import type { RechargeService } from '../wallet/recharge.service.js';
import { tenantWallet } from '../wallet/settings.js';
import type { PaymentProviders, ProviderView } from './providers.js';

/** Reconciliation from the console looks at this many orders at most per call. */
export const RECONCILE_BATCH = 200;

/**
 * The console's payment providers per tenant (admins): list with secrets masked and the callback
 * URL of each of the tenant's domains; save (sealed keys, audited with the masked values before
 * and after). Finance may ask the providers about unfinished card payments (reconciliation).
 */
export function adminProviderRoutes(
  router: Router,
  deps: {
    db: Db;
    operators: OperatorService;
    providers: PaymentProviders;
    recharges: RechargeService;
    /** The public URL's scheme (https in production) for the callback URLs shown. */
    publicUrl: string;
  },
): void {
  const { db, operators, providers, recharges } = deps;
  const scheme = new URL(deps.publicUrl).protocol;

  async function views(tenantId: string): Promise<PaymentProviderView[]> {
    const { currency } = await tenantWallet(db, tenantId);
    const domains = await db
      .select({ domain: tenantDomains.domain })
      .from(tenantDomains)
      .where(eq(tenantDomains.tenantId, tenantId))
      .orderBy(tenantDomains.domain);
    const list = await providers.list(tenantId, currency);
    return list.map((v: ProviderView) => ({
      ...v,
      callbackUrls: domains.map((d) => `${scheme}//${d.domain}/app-api/pay/webhook/${v.provider}`),
    }));
  }

  router.operator(adminPaymentApi.paymentProviders, ({ operator, query }) => {
    tenantScope(operator, query.tenantId);
    return views(query.tenantId);
  });

  router.operator(adminPaymentApi.savePaymentProvider, async ({ operator, body }) => {
    const { tenantId, ...update } = body;
    tenantScope(operator, tenantId);
    const { currency } = await tenantWallet(db, tenantId);
    await operators.audited(
      operator,
      (tx) => providers.save(tx, tenantId, update, currency),
      // Only masked values reach the audit log.
      ({ before, after }) => ({
        tenantId,
        action: 'config.payment_provider.update',
        target: `tenant:${tenantId}:${update.provider}`,
        before,
        after,
      }),
    );
    return views(tenantId);
  });

  router.operator(adminPaymentApi.reconcileGateway, ({ operator, body }) =>
    recharges.reconcile({
      olderThanMinutes: body.olderThanMinutes,
      limit: RECONCILE_BATCH,
      tenantIds: tenantScope(operator, body.tenantId),
    }),
  );
}
