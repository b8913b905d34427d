import type { OperatorInfo } from '@dramastar/contract';
import { create } from 'zustand';

/**
 * The operator's session. The token lives in sessionStorage: it ends with the browser tab, and a
 * console left open elsewhere does not stay signed in (operator sessions are revocable server-side).
 */
export const TOKEN_KEY = 'admin_token';

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export interface SessionState {
  token: string | null;
  operator: OperatorInfo | null;
  signIn: (token: string, operator: OperatorInfo) => void;
  setOperator: (operator: OperatorInfo) => void;
  /** Forgets the session locally (after sign-out, or when the server answers 401). */
  clear: () => void;
}

export const useSession = create<SessionState>((set) => ({
  token: readToken(),
  operator: null,
  signIn: (token, operator) => {
    sessionStorage.setItem(TOKEN_KEY, token);
    set({ token, operator });
  },
  setOperator: (operator) => set({ operator }),
  clear: () => {
    sessionStorage.removeItem(TOKEN_KEY);
    set({ token: null, operator: null });
  },
}));
