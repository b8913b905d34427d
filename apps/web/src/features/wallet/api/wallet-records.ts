import { api, type WALLET_RECORD_TYPES } from '@dramastar/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export type WalletRecordType = (typeof WALLET_RECORD_TYPES)[number];

/** The wallet's movements, newest first, 20 a page; `type` filters by kind (null: all). */
export function useWalletRecords(type: WalletRecordType | null) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: walletKeys.records(type),
    queryFn: ({ pageParam, signal }) =>
      request(api.account.walletRecords, {
        query: { pageNum: pageParam, pageSize: PAGE_SIZE, ...(type ? { type } : {}) },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin,
  });
}

/** The latest few movements (the wallet page). */
export function useRecentRecords(size = 5) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: walletKeys.recentRecords(size),
    queryFn: ({ signal }) =>
      request(api.account.walletRecords, { query: { pageNum: 1, pageSize: size }, signal }),
    enabled: hasLogin,
  });
}
