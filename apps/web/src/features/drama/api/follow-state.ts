import { api } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { useEngagement } from '../lib/engagement-store';
import { dramaKeys } from './keys';

/** Whether the signed-in viewer follows a series (`/sv/myFavoList/:id`); false for guests. */
export function useFollowState(seriesId: number): boolean {
  const hasLogin = useSession((s) => s.hasLogin);
  const changed = useEngagement((s) => s.follows[seriesId]);
  const query = useQuery({
    queryKey: dramaKeys.followState(seriesId),
    queryFn: ({ signal }) => request(api.video.myFavoList, { params: { id: seriesId }, signal }),
    enabled: hasLogin && seriesId > 0 && changed === undefined,
    staleTime: 60_000,
  });
  if (!hasLogin) return false;
  return changed?.favorited ?? query.data?.favorited ?? false;
}
