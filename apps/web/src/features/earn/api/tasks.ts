import { api, type CallResult } from '@dramastar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { earnKeys, refreshAfterMoney } from './keys';

export type TaskList = CallResult<typeof api.task.queryFinish>;
export type Task = TaskList['tasks'][number];

export function tasksQueryOptions() {
  return queryOptions({
    queryKey: earnKeys.tasks(),
    queryFn: ({ signal }) => request(api.task.queryFinish, { signal }),
    staleTime: 0,
  });
}

/** The tenant's tasks with the user's progress, measured by the server from what happened. */
export function useTasks(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...tasksQueryOptions(), enabled: hasLogin && enabled });
}

export function inviteCountsQueryOptions() {
  return queryOptions({
    queryKey: earnKeys.inviteCounts(),
    queryFn: ({ signal }) => request(api.task.queryInviteTaskNum, { signal }),
  });
}

/** Friends invited today and in total. */
export function useInviteCounts(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...inviteCountsQueryOptions(), enabled: hasLogin && enabled });
}

/** Claims a reached task's reward; the list shows it claimed at once. */
export function useClaimTask() {
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string) => {
      const result = await request(api.task.submitTask, { body: { code } });
      queryClient.setQueryData(tasksQueryOptions().queryKey, (list) =>
        list ? { ...list, tasks: list.tasks.map((t) => (t.code === code ? result.task : t)) } : list,
      );
      refreshAfterMoney(queryClient);
      return result;
    },
    [queryClient],
  );
}
