import type { QueryClient } from '@tanstack/react-query';
import { membershipQueryKey } from '../../../shared/api/membership-status';

/**
 * Query keys of the membership feature: under the shared membership key, with the session token
 * (the reads it shares with the paywall are in shared/api/membership-status.ts).
 */
export function membershipKeys(token: string | null) {
  const base = [...membershipQueryKey, token] as const;
  return {
    history: () => [...base, 'history'] as const,
    canSend: () => [...base, 'canSendTrialCard'] as const,
    points: () => [...base, 'points'] as const,
  };
}

/**
 * After a card was bought or a trial card activated, what the viewer may watch changed: series
 * show their episodes locked or not, the balance moved, the cards and trials changed. Every query
 * is marked stale (those on screen refetch now), without this feature knowing the others' keys.
 */
export function refreshEntitlements(queryClient: QueryClient): void {
  void queryClient.invalidateQueries();
}
