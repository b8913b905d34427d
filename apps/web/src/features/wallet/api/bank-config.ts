import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

export function banksQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.banks(),
    queryFn: ({ signal }) => request(api.config.bankConfig, { signal, hideToast: true }),
    staleTime: 10 * 60_000,
  });
}

/**
 * The banks of the user's tenant a withdrawal can go to. Quiet on failure: names fall back to the
 * bank codes, and the card form says so at its bank field.
 */
export function useBanks() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...banksQueryOptions(), enabled: hasLogin });
}

/** The display name of a bank code of the tenant's list (the code itself until the list is loaded). */
export function useBankNames(): (code: string | null) => string {
  const banks = useBanks();
  const list = banks.data?.banks;
  return useCallback(
    (code: string | null) => (code === null ? '' : (list?.find((b) => b.code === code)?.name ?? code)),
    [list],
  );
}
