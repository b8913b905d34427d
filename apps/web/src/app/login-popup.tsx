import { lazy, Suspense } from 'react';
import { useLoginPanel } from '../shared/auth/login-panel-store';

const LoginPanelHost = lazy(() =>
  import('../features/auth/components/login-panel-host').then((m) => ({ default: m.LoginPanelHost })),
);

/** The login popup, loaded the first time something opens it. */
export function LoginPopup() {
  const visible = useLoginPanel((s) => s.visible);
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <LoginPanelHost />
    </Suspense>
  );
}
