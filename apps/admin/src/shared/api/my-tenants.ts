import { adminDashboardApi, type CallResult } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/session';
import { request } from './request';

export type MyTenant = CallResult<typeof adminDashboardApi.myTenants>['list'][number];

export const myTenantsQueryKey = ['admin', 'my-tenants'] as const;

/** The tenants the operator acts in, by name (every tenant for an owner), for pickers and labels. */
export function useMyTenants() {
  const signedIn = useSession((s) => s.operator !== null);
  return useQuery({
    queryKey: myTenantsQueryKey,
    queryFn: ({ signal }) => request(adminDashboardApi.myTenants, { signal }),
    enabled: signedIn,
    staleTime: 5 * 60_000,
  });
}

/** `Philippines · 000000`: a tenant as a picker shows it (its id alone while names load). */
export function tenantLabel(tenants: MyTenant[] | undefined, tenantId: string): string {
  const tenant = tenants?.find((t) => t.tenantId === tenantId);
  return tenant ? `${tenant.name} · ${tenant.tenantId}` : tenantId;
}
