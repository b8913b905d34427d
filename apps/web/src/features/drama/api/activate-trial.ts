import { api } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';

/**
 * Activates the viewer's own unused trial card from the paywall. What the viewer may watch
 * changes, so every query is marked stale (the series, the feed and the cards refetch).
 */
export function useActivateTrial() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** The server's refusal (no unused card…) or the network's, ready to show; null when none. */
  const [refusal, setRefusal] = useState<{ message: string; none: boolean } | null>(null);
  const activate = async (): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setRefusal(null);
    try {
      await request(api.user.getTrialCard, { body: {}, hideToast: true });
      await queryClient.invalidateQueries();
      return true;
    } catch (error) {
      const answered = isApiError(error) && error.kind === 'api';
      setRefusal({
        message: answered ? error.message : '',
        none: answered && error.errorKey === 'TrialCardNone',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { activate, busy, refusal };
}
