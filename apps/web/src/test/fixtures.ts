import type { UserInfo } from '@dramastar/contract';

/** A /user/info answer as the server gives it; override what a test is about. */
export function sampleUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: '10000042',
    tenantId: '000000',
    nickname: 'viewer_01',
    avatar: null,
    email: 'viewer@example.com',
    userName: null,
    areaCode: '+63',
    phone: '9171234567',
    inviteCode: 'AB12CD34',
    inviteLink: 'http://localhost/#/pages/login/register?inviteCode=AB12CD34',
    inviterCode: null,
    loginMethods: ['email'],
    hasPassword: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const tenantConfigAnswer = {
  tenantId: '000000',
  name: 'DramaStar',
  currency: 'PHP',
  inviteUrl: 'http://localhost/#/pages/login/register',
  defaultLanguage: 'en',
  timeZone: 'Asia/Manila',
  earnEnabled: true,
  appVersion: '1.8.4',
  appVersionCode: 184,
  googleLogin: true,
  devMailbox: '/dev/mail',
  domains: ['localhost'],
  websiteUrl: null as string | null,
};

/** A 1×1 transparent PNG, base64 without the data: prefix (as the captcha call answers). */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
