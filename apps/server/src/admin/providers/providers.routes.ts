import { adminPaymentApi, type PaymentProviderView } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import type { TenantService } from '../../modules/tenant/tenant.service.js';
import type { Router } from '../../http/route.js';
import { type OperatorService, tenantScope } from '../../modules/operator/operator.service.js';
import type { RechargeService } from '../../modules/wallet/recharge.service.js';
import { tenantWallet } from '../../modules/wallet/settings.js';
import type { PaymentProviders, ProviderView } from '../../modules/payment/providers.js';

/** The audit action of a change of a payment provider's keys (besides the save's own entry). */
export const PROVIDER_KEYS_AUDIT_ACTION = 'config.payment_provider.keys';

/**
 * The callback address a provider must call for a tenant: each of its domains, on the scheme and
 * port of the public URL (the app is served on that port under every name: `PUBLIC_URL`
 * http://localhost:8193 and domain 127.0.0.1 give http://127.0.0.1:8193/...). The webhook picks
 * the tenant by the host, so it must be one of the tenant's domains.
 */
export function callbackUrlsOf(publicUrl: string, domains: string[], provider: string): string[] {
  const base = new URL(publicUrl);
  return domains.map((domain) => {
    const url = new URL(base.origin);
    url.hostname = domain;
    return `${url.origin}/app-api/pay/webhook/${provider}`;
  });
}

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
    tenants: TenantService;
    providers: PaymentProviders;
    recharges: RechargeService;
    /** The public URL: its scheme and port make the callback URLs shown. */
    publicUrl: string;
  },
): void {
  const { db, operators, providers, recharges } = deps;

  async function views(tenantId: string): Promise<PaymentProviderView[]> {
    const { currency } = await tenantWallet(db, tenantId);
    const domains = await deps.tenants.domains(tenantId);
    const list = await providers.list(tenantId, currency);
    return list.map((v: ProviderView) => ({
      ...v,
      callbackUrls: callbackUrlsOf(deps.publicUrl, domains, v.provider),
    }));
  }

  router.operator(adminPaymentApi.paymentProviders, ({ operator, query }) => {
    tenantScope(operator, query.tenantId);
    return views(query.tenantId);
  });

  router.operator(adminPaymentApi.savePaymentProvider, async ({ operator, body }) => {
    const { tenantId, totpCode, ...update } = body;
    tenantScope(operator, tenantId);
    const { currency } = await tenantWallet(db, tenantId);
    // A new key moves where the money goes: the operator's authenticator code is asked again.
    const keysChanged = Object.entries(update.secrets)
      .filter(([, v]) => v?.trim())
      .map(([k]) => k);
    if (keysChanged.length > 0) await operators.confirmTotp(operator, totpCode);
    await operators.audited(
      operator,
      async (tx) => {
        const made = await providers.save(tx, tenantId, update, currency);
        if (keysChanged.length > 0)
          await operators.audit(tx, operator, {
            tenantId,
            action: PROVIDER_KEYS_AUDIT_ACTION,
            target: `tenant:${tenantId}:${update.provider}`,
            after: { keys: keysChanged },
            reason: 'authenticator code confirmed',
          });
        return made;
      },
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
