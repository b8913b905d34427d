import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { isTabPath, ROUTES } from '../routes';

export interface GoBackOptions {
  /** Wins over history: a tab is switched to (no history entry added), another page navigated to. */
  backUrl?: string;
  /** Where to go instead of leaving the app when the page was opened directly. */
  fallbackUrl?: string;
}

/**
 * Back as the spec describes it: a given `backUrl` wins; else one page back inside the app when
 * the router has history; else `fallbackUrl` if given; else home. A page opened cold (a shared
 * link) has no page of the app behind it: the browser's back would leave the app (to the chat
 * the link came from, or `about:blank` in a new tab), so the app's header never does that.
 */
export function useGoBack(): (options?: GoBackOptions) => void {
  const navigate = useNavigate();
  return useCallback(
    ({ backUrl, fallbackUrl }: GoBackOptions = {}) => {
      if (backUrl) {
        void navigate(backUrl, { replace: isTabPath(backUrl) });
        return;
      }
      const state = window.history.state as { idx?: unknown } | null;
      const index = typeof state?.idx === 'number' ? state.idx : 0;
      if (index > 0) void navigate(-1);
      else if (fallbackUrl) void navigate(fallbackUrl, { replace: true });
      else void navigate(ROUTES.home, { replace: true });
    },
    [navigate],
  );
}
