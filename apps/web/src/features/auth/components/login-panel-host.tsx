import { useLocation } from 'react-router-dom';
import { useLoginPanel } from '../../../shared/auth/login-panel-store';
import { isLoginPath } from '../../../shared/routes';
import { postToParent } from '../lib/embedded';
import { LoginPanel } from './login-panel';

/** The login popup over whatever page is shown; mounted once by the app layer. */
export function LoginPanelHost() {
  const { pathname } = useLocation();
  const visible = useLoginPanel((s) => s.visible);
  const view = useLoginPanel((s) => s.view);
  const close = useLoginPanel((s) => s.close);
  // On a login route the page itself is the panel.
  if (!visible || isLoginPath(pathname)) return null;
  return (
    <LoginPanel
      key={view}
      mode="popup"
      initialView={view}
      showClose
      onClose={() => {
        close();
        postToParent({ type: 'close' });
      }}
    />
  );
}
