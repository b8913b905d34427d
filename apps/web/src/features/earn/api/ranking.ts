import { api, type CallResult } from '@dramastar/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { earnKeys } from './keys';

export type RankType = 'earnings' | 'invites';
export type RankScope = 'overall' | 'today';
export type Ranking = CallResult<typeof api.reward.ranking>;

export function rankingQueryOptions(type: RankType, scope: RankScope, tenantId: string) {
  return queryOptions({
    queryKey: [...earnKeys.ranking(type, scope), tenantId],
    queryFn: ({ signal }) =>
      request(scope === 'today' ? api.reward.rankingByDay : api.reward.ranking, {
        query: { type, tenantId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The rank board of the tenant (overall or today), with the viewer's own place when signed in. */
export function useRanking(type: RankType, scope: RankScope, enabled = true) {
  const tenantId = useSession((s) => s.tenantId);
  const tenantKnown = useSession((s) => s.tenantStatus !== 'pending');
  return useQuery({ ...rankingQueryOptions(type, scope, tenantId), enabled: tenantKnown && enabled });
}
