import { request } from '../shared/api/request';
import { useSession } from '../shared/store/session';

/**
 * Start-up: which tenant is this host? Stores tenantId, currency and invite URL, and makes the
 * tenant's default language the one in effect unless the user picked one. Never throws: if the
 * call fails the app runs with the tenant it remembers, or the default tenant '000000'.
 */
export async function bootstrapTenant(host: string = window.location.hostname): Promise<void> {
  const session = useSession.getState();
  try {
    const { api } = await import('../shared/api/calls');
    const tenant = await request(api.config.queryTenantId, { query: { domain: host }, hideToast: true });
    session.setTenant(tenant);
  } catch {
    session.setTenantFallback();
  }
}
