import { api, type CallResult } from '@dramastar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { earnKeys, refreshAfterMoney } from './keys';

export type CheckinStatus = CallResult<typeof api.user.querySigninDayNum>;
export type CheckinResult = CallResult<typeof api.user.signin>;

export function checkinStatusQueryOptions() {
  return queryOptions({
    queryKey: earnKeys.checkin(),
    queryFn: ({ signal }) => request(api.user.querySigninDayNum, { signal }),
  });
}

/** The streak, whether today is done and the reward of each streak day. */
export function useCheckinStatus(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...checkinStatusQueryOptions(), enabled: hasLogin && enabled });
}

/** Today's check-in; the answer is the new status with the reward and the balance after it. */
export function useCheckin() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<CheckinResult> => {
    const result = await request(api.user.signin);
    const { reward: _reward, balance: _balance, ...status } = result;
    queryClient.setQueryData(checkinStatusQueryOptions().queryKey, status);
    refreshAfterMoney(queryClient);
    return result;
  }, [queryClient]);
}
