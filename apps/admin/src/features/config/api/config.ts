import { adminConfigApi, type CallBody, type CallResult, type ConfigSection } from '@dramastar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type TenantConfig = CallResult<typeof adminConfigApi.tenantConfig>;
export type CopyrightProduct = CallResult<typeof adminConfigApi.copyrights>['list'][number];
export type CopyrightForm = CallBody<typeof adminConfigApi.saveCopyright>;
export type EditableSection = ConfigSection | 'general';

export const configQueryKey = ['admin', 'config'] as const;

export function useTenantConfig(tenantId: string | undefined) {
  return useQuery({
    queryKey: [...configQueryKey, 'tenant', tenantId],
    queryFn: ({ signal }) =>
      request(adminConfigApi.tenantConfig, { query: { tenantId: tenantId ?? '' }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 0,
  });
}

/** Every tenant's id, for an owner's tenant picker. */
export function useTenantList(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'tenants'],
    queryFn: ({ signal }) => request(adminConfigApi.tenants, { signal }),
    enabled,
  });
}

const SECTION_CALLS = {
  general: adminConfigApi.updateGeneral,
  wallet: adminConfigApi.updateWallet,
  membership: adminConfigApi.updateMembership,
  team: adminConfigApi.updateTeam,
  earn: adminConfigApi.updateEarn,
} as const;

/** Saves one section (the whole section: the server validates it with the contract's schema). */
export function useSaveSection(section: EditableSection) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { tenantId: string } & Record<string, unknown>) =>
      request(SECTION_CALLS[section], { body: body as never }),
    onSuccess: (config) => {
      client.setQueryData([...configQueryKey, 'tenant', config.tenantId], config);
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export function useResetSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminConfigApi.resetSection>) =>
      request(adminConfigApi.resetSection, { body }),
    onSuccess: (config) => {
      client.setQueryData([...configQueryKey, 'tenant', config.tenantId], config);
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

export function useCopyrights(tenantId: string | undefined) {
  return useQuery({
    queryKey: [...configQueryKey, 'copyrights', tenantId],
    queryFn: ({ signal }) =>
      request(adminConfigApi.copyrights, { query: { tenantId: tenantId ?? '' }, signal }),
    enabled: tenantId !== undefined,
  });
}

export function useSaveCopyright() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyrightForm) => request(adminConfigApi.saveCopyright, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useRetireCopyright() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(adminConfigApi.retireCopyright, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
