import { adminConfigApi, type CallBody, type CallResult } from '@dramastar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type AdminTenantRow = CallResult<typeof adminConfigApi.tenants>['list'][number];
export type CreateTenantBody = CallBody<typeof adminConfigApi.createTenant>;

export const tenantsQueryKey = ['admin', 'tenants'] as const;

/** Every tenant (owner only). */
export function useTenants(enabled = true) {
  return useQuery({
    queryKey: tenantsQueryKey,
    queryFn: ({ signal }) => request(adminConfigApi.tenants, { signal }),
    enabled,
  });
}

export function useCreateTenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTenantBody) => request(adminConfigApi.createTenant, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useTenantDomains() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminConfigApi.tenantDomains>) =>
      request(adminConfigApi.tenantDomains, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
