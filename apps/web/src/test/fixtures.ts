import {
  api,
  type EpisodeInfo,
  type SeriesSummary,
  type TenantConfig,
  type UserInfo,
} from '@dramastar/contract';
import { act } from '@testing-library/react';
import { useSession } from '../shared/store/session';
import { ok, on, type CallData, type Fake } from './fetch';

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

/** An /appConfig/tenantConfig answer as the server gives it. */
export const tenantConfigAnswer: TenantConfig = {
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
  websiteUrl: null,
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

/** A series summary as the server sends it. */
export function series(id: number, overrides: Partial<SeriesSummary> = {}): SeriesSummary {
  return {
    id,
    title: `Series ${id}`,
    description: `About series ${id}`,
    cover: `/media/covers/${id}.jpg`,
    tags: ['romance'],
    category: 'romance',
    episodeCount: 6,
    freeEpisodes: 3,
    favoriteCount: 0,
    likeCount: 0,
    playCount: 0,
    ...overrides,
  };
}

/** An episode of series 1 as the server sends it to a guest: 1–3 free, 4 and later locked. */
export function episode(id: number, number: number, overrides: Partial<EpisodeInfo> = {}): EpisodeInfo {
  return {
    id,
    seriesId: 1,
    number,
    duration: 60,
    poster: `/media/posters/${id}.jpg`,
    free: number <= 3,
    locked: number > 3,
    likeCount: 2,
    liked: false,
    ...overrides,
  };
}

/**
 * What a signed-in page asks first: the tenant, the messages (none), the user and the balance. A
 * test's own fakes come after these and win.
 */
export function signedInRoutes(balance = '1000.00'): Fake[] {
  return [
    on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
    on(api.user.getMessage).reply(ok({ list: [], total: 0, unread: 0 })),
    on(api.user.info).reply(ok(sampleUser())),
    on(api.account.accountInfo).reply(ok({ currency: 'PHP', balance })),
  ];
}

/** Signs the sample user in (token `tok-1`), as the app does after a login. */
export function signIn(): void {
  act(() => {
    useSession.getState().login('tok-1');
    useSession.getState().setUserInfo(sampleUser());
  });
}

type TrialCards = CallData<typeof api.user.trialCards>;

/** A /user/trialCards answer: the sign-up card, unused, none sent; override what a test is about. */
export function trialCards(overrides: Partial<TrialCards> = {}): TrialCards {
  return {
    hours: 72,
    activeUntil: null,
    owned: [
      {
        id: '1',
        source: 'signup',
        status: 'unused',
        code: null,
        from: null,
        to: null,
        activatedAt: null,
        expiresAt: null,
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    ],
    sent: [],
    ...overrides,
  };
}
