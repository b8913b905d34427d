import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

export function bankCardsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.bankCards(),
    queryFn: ({ signal }) => request(api.account.queryBankCard, { signal }),
  });
}

/** The user's bank cards (numbers masked by the server). */
export function useBankCards() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...bankCardsQueryOptions(), enabled: hasLogin });
}
