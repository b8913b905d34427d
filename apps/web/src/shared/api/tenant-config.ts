import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../store/session';
import { request } from './request';

export function tenantConfigQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['config', 'tenantConfig', tenantId] as const,
    queryFn: ({ signal }) =>
      request(api.config.tenantConfig, { query: { tenantId }, signal, hideToast: true }),
    staleTime: 5 * 60_000,
  });
}

/** The tenant's configuration: whether Google sign-in exists, the development mailbox, … */
export function useTenantConfig() {
  const tenantId = useSession((s) => s.tenantId);
  return useQuery(tenantConfigQueryOptions(tenantId));
}
