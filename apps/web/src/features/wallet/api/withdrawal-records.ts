import { api } from '@dramastar/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function withdrawalRecordsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletKeys.withdrawals(),
    queryFn: ({ pageParam, signal }) =>
      request(api.account.withdrawalRecords, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The user's withdrawals, newest first. */
export function useWithdrawalRecords() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...withdrawalRecordsQueryOptions(), enabled: hasLogin });
}
