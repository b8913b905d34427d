import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';

export function fetchEarnSwitch(tenantId: string, signal?: AbortSignal) {
  return request(api.config.queryEarnSwitch, { query: { tenantId }, signal });
}

export function earnSwitchQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['config', 'earnSwitch', tenantId] as const,
    queryFn: ({ signal }) => fetchEarnSwitch(tenantId, signal),
  });
}

/** Whether this tenant offers earning; waits until the tenant of the host is known. */
export function useEarnSwitch() {
  const tenantId = useSession((s) => s.tenantId);
  const tenantKnown = useSession((s) => s.tenantStatus !== 'pending');
  return useQuery({ ...earnSwitchQueryOptions(tenantId), enabled: tenantKnown });
}
