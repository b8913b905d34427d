import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * Refusals (code ≠ 200) are final and already toasted, so only calls that got no answer are
 * retried, twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => isApiError(error) && error.kind === 'network' && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
