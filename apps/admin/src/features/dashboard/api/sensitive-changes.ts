import { adminDashboardApi } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

/** Recent changes of where users pay and of payment provider keys (audit entries). */
export function useSensitiveChanges(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'dashboard', 'sensitive-changes'],
    queryFn: ({ signal }) => request(adminDashboardApi.sensitiveChanges, { signal }),
    enabled,
  });
}
