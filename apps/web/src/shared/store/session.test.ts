import { describe, expect, it } from 'vitest';
import { initialSessionState, useSession } from './session';
import { STORAGE_KEYS } from './storage-keys';

describe('session store', () => {
  it('starts as a dark-themed guest on the default tenant', () => {
    const state = useSession.getState();
    expect(state).toMatchObject({ token: null, hasLogin: false, theme: 'dark', tenantId: '000000' });
    expect(state.chosenLanguage).toBeNull();
  });

  it('persists each field under its own key and reads them back', () => {
    const session = useSession.getState();
    session.login('tok');
    session.setUserInfo({ userName: 'viewer_01' });
    session.setTheme('light');
    session.setLanguage('id');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBe('{"userName":"viewer_01"}');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('id');

    expect(initialSessionState()).toMatchObject({
      token: 'tok',
      hasLogin: true,
      userInfo: { userName: 'viewer_01' },
      theme: 'light',
      chosenLanguage: 'id',
    });
  });

  it('ignores stored values it does not understand', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    localStorage.setItem(STORAGE_KEYS.language, 'fr');
    localStorage.setItem(STORAGE_KEYS.userInfo, '{broken');
    localStorage.setItem(STORAGE_KEYS.tenantId, 'abc');
    expect(initialSessionState()).toMatchObject({
      theme: 'dark',
      chosenLanguage: null,
      userInfo: null,
      tenantId: '000000',
    });
  });
});
