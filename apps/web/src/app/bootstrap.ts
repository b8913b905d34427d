import { request } from '../shared/api/request';
import { useSession } from '../shared/store/session';

declare global {
  interface Window {
    /** What the server put in index.html for this host (apps/server/src/app.ts, `boot`). */
    __dsBoot?: { tenant?: unknown };
  }
}

/**
 * Start-up: which tenant is this host? Stores tenantId, currency and invite URL, and makes the
 * tenant's default language the one in effect unless the user picked one. The server answers it
 * in index.html (`window.__dsBoot.tenant`, parsed like the call's answer); only a page without it
 * asks `queryTenantId`. Never throws: if the call fails the app runs with the tenant it
 * remembers, or the default tenant '000000'.
 */
export async function bootstrapTenant(host: string = window.location.hostname): Promise<void> {
  const session = useSession.getState();
  try {
    const { api } = await import('../shared/api/calls');
    const booted = api.config.queryTenantId.response.safeParse(window.__dsBoot?.tenant);
    const tenant = booted.success
      ? booted.data
      : await request(api.config.queryTenantId, { query: { domain: host }, hideToast: true });
    session.setTenant(tenant);
  } catch {
    session.setTenantFallback();
  }
}
