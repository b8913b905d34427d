import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { LoginView } from '../../../shared/auth/login-panel-store';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { useGoBack } from '../../../shared/ui';
import { LoginPanel } from '../components/login-panel';
import { isEmbedded, postToParent } from '../lib/embedded';
import { rememberInviteCode } from '../../../shared/invite';

/** Was this page opened directly (the first entry of the app's history)? */
function isSolePage(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx !== 'number' || state.idx === 0;
}

/**
 * The login routes (/pages/login/register, /loginRegister, /onelylogin) show the panel as the
 * page. Query: `inviteCode` (register view, code remembered in the `inviteInfo` cookie),
 * `website=1` (website mode: English), `isMobile=1` (a Home button to the website).
 */
export default function LoginPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const goBack = useGoBack();
  const setWebsiteMode = useSession((s) => s.setWebsiteMode);
  const inviteCode = params.get('inviteCode')?.trim().slice(0, 8) || undefined;
  const website = params.get('website') === '1';
  const [sole] = useState(isSolePage);

  useEffect(() => {
    if (inviteCode) rememberInviteCode(inviteCode);
  }, [inviteCode]);
  useEffect(() => {
    if (website) setWebsiteMode(true);
  }, [website, setWebsiteMode]);

  const emailOnly = pathname === ROUTES.loginEmailOnly;
  const initialView: LoginView = inviteCode || pathname === ROUTES.loginRegister ? 'register' : 'chooser';

  return (
    <LoginPanel
      key={`${pathname}:${inviteCode ?? ''}`}
      mode="route"
      initialView={initialView}
      emailOnly={emailOnly}
      inviteCode={inviteCode}
      showClose={!sole || isEmbedded()}
      showHome={params.get('isMobile') === '1'}
      onClose={() => {
        postToParent({ type: 'close' });
        goBack({ fallbackUrl: ROUTES.home });
      }}
    />
  );
}
