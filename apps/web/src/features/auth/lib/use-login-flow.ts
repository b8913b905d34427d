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
import { COOKIE_NAMES, readCookie } from '../../../shared/cookies';
import { isLoginPath, ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { appUrl, isEmbedded, parentIsTrusted, postToParent } from './embedded';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import { handoffTicket } from '../api/auth-calls';

/** Where the panel is: a popup over a page, or the page of a login route. */
export type PanelMode = 'popup' | 'route';

/** A safe in-app path from a query parameter (never another site). */
export function safeAppPath(path: string | null | undefined): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') && !isLoginPath(path) ? path : null;
}

const NO_HOSTS: readonly string[] = [];

/**
 * After a login or registration answered a token (spec section 4): keep it, fetch the user info,
 * then return to the page saved before logging in; from a login route that is home, from the
 * popup it is the page below (the popup just closes). Embedded in the product's own website, the
 * parent is told to open the three-page with a single-use hand-over ticket, so the top window
 * gets a session of its own.
 */
export function useFinishLogin(mode: PanelMode) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tenantHosts = useTenantConfig().data?.domains ?? NO_HOSTS;
  return useCallback(
    async (token: string, returnTo?: string | null) => {
      await completeLogin(token);
      if (isEmbedded() && parentIsTrusted(tenantHosts)) {
        // The page around gets a single-use 2-minute ticket, never the session token itself.
        const { ticket } = await handoffTicket();
        postToParent(
          { type: 'three', url: appUrl(`${ROUTES.loginThree}?handoff=${encodeURIComponent(ticket)}`) },
          tenantHosts,
        );
      }
      // Everything fetched as a guest is stale now; the single-use auth exchanges are not refetched.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      const saved = takeLoginCallback();
      const target = safeAppPath(returnTo) ?? saved;
      if (mode === 'route') {
        void navigate(target ?? ROUTES.home, { replace: true });
      } else {
        useLoginPanel.getState().close();
        if (target && target !== currentAppPath()) void navigate(target);
      }
    },
    [mode, navigate, queryClient, tenantHosts],
  );
}

/**
 * Google sign-in: remember the login type and the page to return to, then let the browser go to
 * the server's authorisation start (or ask the parent window to, when embedded).
 */
export function startGoogleLogin(): void {
  useSession.getState().setLoginType('google');
  saveLoginCallback();
  const returnTo = safeAppPath(currentAppPath()) ?? safeAppPath(readCookie(COOKIE_NAMES.loginCallbackUrl));
  const query = new URLSearchParams({ tenantId: useSession.getState().tenantId });
  if (returnTo) query.set('returnTo', returnTo);
  const path = `${OAUTH_PATHS.renderGoogle}?${query.toString()}`;
  if (!postToParent({ type: 'google', url: `${window.location.origin}${path}` })) {
    window.location.assign(path);
  }
}
