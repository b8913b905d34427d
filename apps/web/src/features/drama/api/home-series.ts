import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { dramaKeys } from './keys';

export function homeSeriesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...dramaKeys.home(), tenantId] as const,
    queryFn: ({ signal }) => request(api.video.homeSeries, { query: { tenantId }, signal }),
    staleTime: 60_000,
  });
}

/** Banners, the tenant's sections (in its order, with their titles) and the categories of the home page. */
export function useHomeSeries() {
  const tenantId = useSession((s) => s.tenantId);
  return useQuery(homeSeriesQueryOptions(tenantId));
}
