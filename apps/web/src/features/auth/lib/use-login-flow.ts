import { OAUTH_PATHS } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { completeLogin } from '../../../shared/api/user-info';
import {
  currentAppPath,
  saveLoginCallback,
  takeLoginCallback,
  useLoginPanel,
} from '../../../shared/auth/login-panel-store';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { appUrl, postToParent } from './embedded';

/** Where the panel is: a popup over a page, or the page of a login route. */
export type PanelMode = 'popup' | 'route';

/** A safe in-app path from a query parameter (never another site). */
export function safeAppPath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * After a login or registration answered a token (spec section 4): keep it, fetch the user info,
 * then return to the page saved before logging in; from a login route that is home, from the
 * popup it is the page below (the popup just closes). Embedded, the parent is told to open the
 * three-page with the token, so the top window gets the session too.
 */
export function useFinishLogin(mode: PanelMode) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string, returnTo?: string | null) => {
      postToParent({ type: 'three', url: appUrl(`${ROUTES.loginThree}?token=${encodeURIComponent(token)}`) });
      await completeLogin(token);
      await queryClient.invalidateQueries();
      const target = safeAppPath(returnTo) ?? takeLoginCallback();
      if (mode === 'route') {
        void navigate(target ?? ROUTES.home, { replace: true });
      } else {
        useLoginPanel.getState().close();
        if (target && target !== currentAppPath()) void navigate(target);
      }
    },
    [mode, navigate, queryClient],
  );
}

/**
 * Google sign-in: remember the login type and the page to return to, then let the browser go to
 * the server's authorisation start (or ask the parent window to, when embedded).
 */
export function startGoogleLogin(): void {
  useSession.getState().setLoginType('google');
  saveLoginCallback();
  const returnTo = currentAppPath();
  const path = `${OAUTH_PATHS.renderGoogle}?returnTo=${encodeURIComponent(returnTo)}`;
  if (!postToParent({ type: 'google', url: `${window.location.origin}${path}` })) {
    window.location.assign(path);
  }
}
