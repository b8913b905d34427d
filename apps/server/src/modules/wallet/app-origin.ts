import type { FastifyRequest } from 'fastify';
import type { TenantService } from '../tenant/tenant.service.js';

/**
 * The origin of the page that asked (its Origin header) when it is this app's public address or
 * one of the tenant's domains, else the public address: a payer returns to where they were.
 */
export function appOriginOf(publicUrl: string, tenants: TenantService) {
  const publicHost = new URL(publicUrl).host;
  return async (req: FastifyRequest, tenantId: string): Promise<string> => {
    const url = req.headers.origin ? URL.parse(req.headers.origin) : null;
    if (url && /^https?:$/.test(url.protocol)) {
      if (url.host === publicHost || (await tenants.config(tenantId)).domains.includes(url.hostname)) {
        return url.origin;
      }
    }
    return publicUrl;
  };
}
