import { adminPaymentApi, type CallBody, type CallResult } from '@dramastar/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type PaymentProvider = CallResult<typeof adminPaymentApi.paymentProviders>[number];
export type PaymentProviderUpdate = CallBody<typeof adminPaymentApi.savePaymentProvider>;

const key = (tenantId: string) => ['admin', 'config', 'payment-providers', tenantId] as const;

export function usePaymentProviders(tenantId: string) {
  return useQuery({
    queryKey: key(tenantId),
    queryFn: ({ signal }) => request(adminPaymentApi.paymentProviders, { query: { tenantId }, signal }),
    staleTime: 0,
  });
}

/** Saves one provider of a tenant (audited); the answer is the tenant's list again. */
export function useSavePaymentProvider(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentProviderUpdate) => request(adminPaymentApi.savePaymentProvider, { body }),
    onSuccess: (list) => client.setQueryData(key(tenantId), list),
  });
}
