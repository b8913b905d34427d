import { adminApi } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export const ledgerHealthQueryKey = ['admin', 'ledger-health'] as const;

export function useLedgerHealth() {
  return useQuery({
    queryKey: ledgerHealthQueryKey,
    queryFn: ({ signal }) => request(adminApi.ledgerHealth, { signal }),
    staleTime: 0,
  });
}
