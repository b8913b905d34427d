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
