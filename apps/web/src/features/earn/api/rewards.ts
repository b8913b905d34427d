import { api, type CallResult } from '@dramastar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { earnKeys, refreshAfterMoney } from './keys';

export type DailyAward = CallResult<typeof api.account.daliyAward>;

export function revenueSummaryQueryOptions() {
  return queryOptions({
    queryKey: earnKeys.revenue(),
    queryFn: ({ signal }) => request(api.account.revenueDetail, { body: {}, signal }),
  });
}

/** What the user earned today, yesterday and in total (rewards of every kind). */
export function useRevenueSummary(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...revenueSummaryQueryOptions(), enabled: hasLogin && enabled });
}

export function dailyAwardQueryOptions() {
  return queryOptions({
    queryKey: earnKeys.dailyAward(),
    queryFn: ({ signal }) => request(api.account.daliyAward, { body: {}, signal }),
  });
}

/** The Star Card holder's award of the day (amount 0 and no tier without a card). */
export function useDailyAward(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...dailyAwardQueryOptions(), enabled: hasLogin && enabled });
}

export function useClaimDailyAward() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<DailyAward> => {
    const award = await request(api.account.daliyAward, { body: { claim: true } });
    queryClient.setQueryData(dailyAwardQueryOptions().queryKey, award);
    refreshAfterMoney(queryClient);
    return award;
  }, [queryClient]);
}
