import { userInfo } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { initialSessionState, isStoredUserInfo, useSession } from './session';
import { STORAGE_KEYS } from './storage-keys';

const user = {
  userId: '10000042',
  tenantId: '000002',
  nickname: 'viewer_01',
  avatar: null,
  email: null,
  userName: 'viewer_01',
  areaCode: '+84',
  phone: '912345678',
  inviteCode: 'AB12CD34',
  inviteLink: 'http://localhost/#/pages/login/register?inviteCode=AB12CD34',
  inviterCode: null,
  loginMethods: ['username' as const],
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('session store', () => {
  it('starts as a dark-themed guest on the default tenant', () => {
    const state = useSession.getState();
    expect(state).toMatchObject({ token: null, hasLogin: false, theme: 'dark', tenantId: '000000' });
    expect(state.chosenLanguage).toBeNull();
  });

  it('persists each field under its own key and reads them back', () => {
    const session = useSession.getState();
    session.login('tok');
    session.setUserInfo(user);
    session.setTheme('light');
    session.setLanguage('id');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!)).toMatchObject({ userName: 'viewer_01' });
    expect(localStorage.getItem(STORAGE_KEYS.userDetail)).toBe(localStorage.getItem(STORAGE_KEYS.userInfo));
    expect(localStorage.getItem(STORAGE_KEYS.tenantId)).toBe('000002');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('id');

    expect(initialSessionState()).toMatchObject({
      token: 'tok',
      hasLogin: true,
      userInfo: { userName: 'viewer_01' },
      tenantId: '000002',
      theme: 'light',
      chosenLanguage: 'id',
    });
  });

  it("checks a stored user info's fields as the contract's schema does", () => {
    expect(userInfo.safeParse(user).success).toBe(true);
    expect(isStoredUserInfo(user)).toBe(true);
    for (const field of Object.keys(userInfo.shape)) {
      const broken = { ...user, [field]: 42 };
      expect([field, isStoredUserInfo(broken)]).toEqual([field, userInfo.safeParse(broken).success]);
    }
    localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ...user, hasPassword: undefined }));
    expect(initialSessionState().userInfo).toBeNull();
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
