import { api } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

/** One withdrawal with the stages it has reached. */
export function useWithdrawal(orderNo: string) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: walletKeys.withdrawal(orderNo),
    queryFn: ({ signal }) => request(api.account.withdrawalProcess, { query: { orderNo }, signal }),
    enabled: hasLogin && orderNo !== '',
  });
}
