import { api } from '@dramastar/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route.js';
import type { TenantService } from './tenant.service.js';

export function tenantRoutes(app: FastifyInstance, tenants: TenantService): void {
  registerCall(app, api.config.queryTenantId, ({ query, req }) =>
    tenants.resolveByDomain(query.domain ?? req.hostname),
  );

  registerCall(app, api.config.tenantConfig, async ({ query, req }) =>
    tenants.config(query.tenantId ?? (await tenants.resolveByDomain(req.hostname)).tenantId),
  );

  registerCall(app, api.config.queryEarnSwitch, async ({ query, req }) => ({
    enabled: await tenants.earnEnabled(
      query.tenantId ?? (await tenants.resolveByDomain(req.hostname)).tenantId,
    ),
  }));
}
