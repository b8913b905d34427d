import { api } from '@dramastar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function rechargeRecordsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletKeys.recharges(),
    queryFn: ({ pageParam, signal }) =>
      request(api.account.rechargeRecords, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The user's recharge orders in any state, newest first (a pending transfer stays visible). */
export function useRechargeRecords() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...rechargeRecordsQueryOptions(), enabled: hasLogin });
}
