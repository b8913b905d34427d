import { adminFinanceApi, adminPaymentApi, type CallBody, type CallResult } from '@dramastar/contract';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type GatewayPaymentRow = CallResult<typeof adminFinanceApi.gatewayPayments>['list'][number];
export type DeliveryRow = CallResult<typeof adminFinanceApi.webhookDeliveries>['list'][number];
export type LedgerAccount = CallResult<typeof adminFinanceApi.ledgerAccounts>['list'][number];
export type LedgerEntry = CallResult<typeof adminFinanceApi.ledgerEntries>['list'][number];
export type Reconciliation = CallResult<typeof adminFinanceApi.reconciliation>;

export type PaymentsQuery = z.output<(typeof adminFinanceApi.gatewayPayments)['query']>;
export type DeliveriesQuery = z.output<(typeof adminFinanceApi.webhookDeliveries)['query']>;
export type AccountsQuery = z.output<(typeof adminFinanceApi.ledgerAccounts)['query']>;
export type EntriesQuery = z.output<(typeof adminFinanceApi.ledgerEntries)['query']>;
export type ReconciliationQuery = z.output<(typeof adminFinanceApi.reconciliation)['query']>;

/** Under ['admin'], so a finance action (which invalidates ['admin']) refreshes these too. */
const key = (...parts: unknown[]) => ['admin', 'finance', ...parts] as const;

export function useGatewayPayments(query: PaymentsQuery) {
  return useQuery({
    queryKey: key('payments', query),
    queryFn: ({ signal }) => request(adminFinanceApi.gatewayPayments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveries(query: DeliveriesQuery) {
  return useQuery({
    queryKey: key('deliveries', query),
    queryFn: ({ signal }) => request(adminFinanceApi.webhookDeliveries, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDelivery(id: string | null) {
  return useQuery({
    queryKey: key('delivery', id),
    queryFn: ({ signal }) => request(adminFinanceApi.webhookDelivery, { query: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

export function useLedgerAccounts(query: AccountsQuery) {
  return useQuery({
    queryKey: key('accounts', query),
    queryFn: ({ signal }) => request(adminFinanceApi.ledgerAccounts, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLedgerEntries(query: EntriesQuery | null) {
  return useQuery({
    queryKey: key('entries', query),
    queryFn: ({ signal }) =>
      request(adminFinanceApi.ledgerEntries, {
        query: query ?? { accountId: '0', pageNum: 1, pageSize: 20 },
        signal,
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReconciliation(query: ReconciliationQuery) {
  return useQuery({
    queryKey: key('reconciliation', query),
    queryFn: ({ signal }) => request(adminFinanceApi.reconciliation, { query, signal }),
  });
}

/** Finance: asks the providers about card payments still pending after `olderThanMinutes`. */
export function useReconcileGateway() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof adminPaymentApi.reconcileGateway>) =>
      request(adminPaymentApi.reconcileGateway, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
