import type { OperatorInfo } from '@dramastar/contract';
import { create } from 'zustand';

/**
 * The operator's session, shared by every console tab of this browser: the token lives in
 * localStorage, so a console link opened in a new tab is signed in. Signing out in one tab (or the
 * server answering 401: revoked, idle past CONSOLE_IDLE_MINUTES, expired) removes it, and the
 * `storage` event signs every other tab out at once. The token travels in the Authorization
 * header, never in a cookie, so other sites cannot make the browser send it (no CSRF).
 */
export const TOKEN_KEY = 'admin_token';

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage refused (private mode): the session lasts as long as this tab.
  }
}

export interface SessionState {
  token: string | null;
  operator: OperatorInfo | null;
  signIn: (token: string, operator: OperatorInfo) => void;
  setOperator: (operator: OperatorInfo) => void;
  /** Forgets the session locally (after sign-out, or when the server answers 401), in every tab. */
  clear: () => void;
}

export const useSession = create<SessionState>((set) => ({
  token: readToken(),
  operator: null,
  signIn: (token, operator) => {
    writeToken(token);
    set({ token, operator });
  },
  setOperator: (operator) => set({ operator }),
  clear: () => {
    writeToken(null);
    set({ token: null, operator: null });
  },
}));

// Another tab signed in, signed out or was told its session ended: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const token = readToken();
    if (token === useSession.getState().token) return;
    useSession.setState({ token, operator: null });
  });
}
