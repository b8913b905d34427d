import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { useEngagement } from '../lib/engagement-store';
import { dramaKeys } from './keys';

export function followStateQueryOptions(seriesId: number) {
  return queryOptions({
    queryKey: dramaKeys.followState(seriesId),
    queryFn: ({ signal }) => request(api.video.myFavoList, { params: { id: seriesId }, signal }),
    staleTime: 60_000,
  });
}

/** Whether the signed-in viewer follows a series (`/sv/myFavoList/:id`); false for guests. */
export function useFollowState(seriesId: number): boolean {
  const hasLogin = useSession((s) => s.hasLogin);
  const changed = useEngagement((s) => s.follows[seriesId]);
  const query = useQuery({
    ...followStateQueryOptions(seriesId),
    enabled: hasLogin && seriesId > 0 && changed === undefined,
  });
  if (!hasLogin) return false;
  return changed?.favorited ?? query.data?.favorited ?? false;
}
