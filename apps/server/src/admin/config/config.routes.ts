import { adminConfigApi } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { ConfigChanges } from './config-changes.service.js';
import type { AdminConfigService } from './config.service.js';

/**
 * The console's configuration per tenant, copyright products and tenants (/admin-api). A tenant
 * admin works within its tenants (403 outside them); every change writes its audit entry, with the
 * value before and after, in the transaction of the change (config-changes.service.ts).
 */
export function adminConfigRoutes(
  router: Router,
  deps: { config: AdminConfigService; configChanges: ConfigChanges },
): void {
  const { config, configChanges: changes } = deps;

  router.operator(adminConfigApi.tenantConfig, ({ operator, query }) =>
    changes.read(operator, query.tenantId),
  );

  router.operator(adminConfigApi.updateGeneral, ({ operator, body }) =>
    changes.updateGeneral(operator, body),
  );

  router.operator(adminConfigApi.updateWallet, ({ operator, body }) => changes.updateWallet(operator, body));
  router.operator(adminConfigApi.updateMembership, ({ operator, body }) =>
    changes.updateSection(operator, 'membership', body),
  );
  router.operator(adminConfigApi.updateTeam, ({ operator, body }) =>
    changes.updateSection(operator, 'team', body),
  );
  router.operator(adminConfigApi.updateEarn, ({ operator, body }) =>
    changes.updateSection(operator, 'earn', body),
  );

  router.operator(adminConfigApi.resetSection, ({ operator, body }) => changes.resetSection(operator, body));

  router.operator(adminConfigApi.copyrights, ({ operator, query }) =>
    changes.copyrights(operator, query.tenantId),
  );

  router.operator(adminConfigApi.saveCopyright, ({ operator, body }) =>
    changes.saveCopyright(operator, body),
  );

  router.operator(adminConfigApi.retireCopyright, ({ operator, body }) =>
    changes.retireCopyright(operator, body.id),
  );

  router.operator(adminConfigApi.tenants, async () => ({ list: await config.tenants() }));

  router.operator(adminConfigApi.createTenant, ({ operator, body }) => changes.createTenant(operator, body));

  router.operator(adminConfigApi.tenantDomains, ({ operator, body }) =>
    changes.tenantDomains(operator, body.tenantId, body.domains),
  );
}
