import { adminDashboardApi } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export const doctorQueryKey = ['admin', 'dashboard', 'doctor'] as const;

/** What the deployment misses or has unsafe (owners only; `npm run doctor` prints the same list). */
export function useDoctor() {
  return useQuery({
    queryKey: doctorQueryKey,
    queryFn: ({ signal }) => request(adminDashboardApi.doctor, { signal }),
    staleTime: 0,
  });
}
