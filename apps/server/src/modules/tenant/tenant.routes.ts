import { api } from '@dramastar/contract';
import type { Router } from '../../http/route.js';
import type { TenantService } from './tenant.service.js';

export function tenantRoutes(router: Router, tenants: TenantService): void {
  router.guest(api.config.queryTenantId, ({ query, req }) =>
    tenants.resolveByDomain(query.domain ?? req.hostname),
  );

  router.guest(api.config.tenantConfig, async ({ query, req }) =>
    tenants.config(query.tenantId ?? (await tenants.resolveByDomain(req.hostname)).tenantId),
  );

  router.guest(api.config.queryEarnSwitch, async ({ query, req }) => ({
    enabled: await tenants.earnEnabled(
      query.tenantId ?? (await tenants.resolveByDomain(req.hostname)).tenantId,
    ),
  }));
}
