import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

export function withdrawalQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: walletKeys.withdrawal(orderNo),
    queryFn: ({ signal }) => request(api.account.withdrawalProcess, { query: { orderNo }, signal }),
  });
}

/** One withdrawal with the stages it has reached. */
export function useWithdrawal(orderNo: string) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...withdrawalQueryOptions(orderNo), enabled: hasLogin && orderNo !== '' });
}
