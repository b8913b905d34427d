import { api, type CallResult } from '@dramastar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { earnKeys, refreshAfterMoney } from './keys';

export type DailyAward = CallResult<typeof api.account.daliyAward>;

/** What the user earned today, yesterday and in total (rewards of every kind). */
export function useRevenueSummary(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: earnKeys.revenue(),
    queryFn: ({ signal }) => request(api.account.revenueDetail, { body: {}, signal }),
    enabled: hasLogin && enabled,
  });
}

/** The Star Card holder's award of the day (amount 0 and no tier without a card). */
export function useDailyAward(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: earnKeys.dailyAward(),
    queryFn: ({ signal }) => request(api.account.daliyAward, { body: {}, signal }),
    enabled: hasLogin && enabled,
  });
}

export function useClaimDailyAward() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<DailyAward> => {
    const award = await request(api.account.daliyAward, { body: { claim: true } });
    queryClient.setQueryData(earnKeys.dailyAward(), award);
    refreshAfterMoney(queryClient);
    return award;
  }, [queryClient]);
}
