import { QueryClient } from '@tanstack/react-query';
import { syncOnlineManager } from '../network/online';
import { isApiError } from './api-error';
import { walletQueryKey } from './query-keys';

/**
 * Refusals (code ≠ 200) are final and already toasted, so only calls that got no answer are
 * retried, twice. Offline, queries wait (react-query's "online" network mode) and every query on
 * screen asks again when the network returns, a failed one included: no Retry tap is needed.
 */
export function createQueryClient(): QueryClient {
  syncOnlineManager();
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => isApiError(error) && error.kind === 'network' && failures < 2,
        refetchOnWindowFocus: false,
        refetchOnReconnect: 'always',
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  // Money moves on its own (rewards, revenue, a team member's purchase): a page that shows a
  // balance or records asks again whenever it opens, showing the last answer meanwhile.
  client.setQueryDefaults(walletQueryKey, { staleTime: 0 });
  return client;
}
