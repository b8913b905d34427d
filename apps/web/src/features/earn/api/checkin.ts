import { api, type CallResult } from '@dramastar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { earnKeys, refreshAfterMoney } from './keys';

export type CheckinStatus = CallResult<typeof api.user.querySigninDayNum>;
export type CheckinResult = CallResult<typeof api.user.signin>;

/** The streak, whether today is done and the reward of each streak day. */
export function useCheckinStatus(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: earnKeys.checkin(),
    queryFn: ({ signal }) => request(api.user.querySigninDayNum, { signal }),
    enabled: hasLogin && enabled,
  });
}

/** Today's check-in; the answer is the new status with the reward and the balance after it. */
export function useCheckin() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<CheckinResult> => {
    const result = await request(api.user.signin);
    const { reward: _reward, balance: _balance, ...status } = result;
    queryClient.setQueryData(earnKeys.checkin(), status);
    refreshAfterMoney(queryClient);
    return result;
  }, [queryClient]);
}
