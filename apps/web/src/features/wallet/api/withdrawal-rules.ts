import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

export function withdrawalRulesQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.withdrawalRules(),
    queryFn: ({ signal }) => request(api.user.queryMustBankCardMsg, { signal }),
    staleTime: 0,
  });
}

/** The withdraw page's rules and the user's standing (balance, Star Card, password, cards). */
export function useWithdrawalRules() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...withdrawalRulesQueryOptions(), enabled: hasLogin });
}
