import { api, type WALLET_RECORD_TYPES } from '@dramastar/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export type WalletRecordType = (typeof WALLET_RECORD_TYPES)[number];

export function walletRecordsQueryOptions(type: WalletRecordType | null) {
  return infiniteQueryOptions({
    queryKey: walletKeys.records(type),
    queryFn: ({ pageParam, signal }) =>
      request(api.account.walletRecords, {
        query: { pageNum: pageParam, pageSize: PAGE_SIZE, ...(type ? { type } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The wallet's movements, newest first, 20 a page; `type` filters by kind (null: all). */
export function useWalletRecords(type: WalletRecordType | null) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...walletRecordsQueryOptions(type), enabled: hasLogin });
}

export function recentRecordsQueryOptions(size: number) {
  return queryOptions({
    queryKey: walletKeys.recentRecords(size),
    queryFn: ({ signal }) =>
      request(api.account.walletRecords, { query: { pageNum: 1, pageSize: size }, signal }),
  });
}

/** The latest few movements (the wallet page). */
export function useRecentRecords(size = 5) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...recentRecordsQueryOptions(size), enabled: hasLogin });
}
