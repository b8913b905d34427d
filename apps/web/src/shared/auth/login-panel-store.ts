import { create } from 'zustand';
import { COOKIE_NAMES, readCookie, removeCookie, writeCookie } from '../cookies';
import { isLoginPath } from '../routes';
import { useSession } from '../store/session';

/** The views of the login panel (spec section 4). */
export type LoginView = 'chooser' | 'email' | 'username' | 'register';

interface LoginPanelState {
  visible: boolean;
  view: LoginView;
  open: (view?: LoginView) => void;
  close: () => void;
}

/** The login popup over the current page; the app layer mounts it, any feature may open it. */
export const useLoginPanel = create<LoginPanelState>()((set) => ({
  visible: false,
  view: 'chooser',
  open: (view = 'chooser') => set({ visible: true, view }),
  close: () => set({ visible: false }),
}));

/** The app path of the current hash route, with its query: `/pages/profile/index?x=1`. */
export function currentAppPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : '/';
}

/** Remembers where to return after logging in (a cookie, so it survives the Google round trip). */
export function saveLoginCallback(path: string = currentAppPath()): void {
  if (isLoginPath(path)) return;
  writeCookie(COOKIE_NAMES.loginCallbackUrl, path, 60 * 60);
}

/** The saved return path (an app path, never a login route), removed as it is read. */
export function takeLoginCallback(): string | null {
  const path = readCookie(COOKIE_NAMES.loginCallbackUrl);
  if (path !== null) removeCookie(COOKIE_NAMES.loginCallbackUrl);
  return path && path.startsWith('/') && !path.startsWith('//') && !isLoginPath(path) ? path : null;
}

/** Opens the login panel over the current page. */
export function openLoginPanel(view: LoginView = 'chooser'): void {
  saveLoginCallback();
  useLoginPanel.getState().open(view);
}

/**
 * For actions that need a signed-in user: true when logged in; otherwise opens the login panel
 * (returning to this page afterwards) and answers false.
 */
export function requireLogin(): boolean {
  if (useSession.getState().hasLogin) return true;
  openLoginPanel();
  return false;
}
