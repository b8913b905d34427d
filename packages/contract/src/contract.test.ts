import { describe, expect, it } from 'vitest';
import { adminApi } from './api/admin.js';
import { allConsoleCalls } from './api/console.js';
import { allCalls, api } from './api/index.js';
import { defineCall, roleMayCall } from './call.js';
import { buildPath } from './path.js';
import { CURRENCIES, CURRENCY_KEYS, LANGUAGE_KEYS, localeOf, parseLanguage } from './constants.js';
import { statusOf } from './envelope.js';
import { formatMessage, MESSAGE_KEYS, MESSAGES } from './messages.js';

describe('call declarations', () => {
  it('declare every call of spec section 7 once, each path unique and under the API root', () => {
    const calls = allCalls();
    const keys = calls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Section 7: Auth 9, User 19, Config 7, Account 17, tasks/red packets/rankings/test 8, Video 12;
    // plus 11 account calls of ours (avatar, messages read, login methods, password, cancellation,
    // session hand-over)
    // and 4 video calls (cancel like, cancel favourite, the Shorts feed, signed playback),
    // 3 wallet calls (withdrawal records, recharge records, one recharge order),
    // 1 trial-card list, 11 team/copyright/salary/dividend/leader calls, the support contacts
    // sending a red packet and its limits, and the Star Card tiers for guests.
    expect(calls.length).toBe(106);
    for (const call of calls) {
      expect(call.path).toMatch(/^\/[A-Za-z]/);
      expect(call.prefix).toBe('/app-api');
    }
  });

  it('put the console’s calls under /admin-api, operator-only but for signing in', () => {
    const calls = allConsoleCalls();
    expect(calls.length).toBeGreaterThanOrEqual(Object.values(adminApi).length);
    for (const call of calls) expect(call.prefix).toBe('/admin-api');
    expect(calls.filter((c) => c.auth !== 'operator').map((c) => c.path)).toEqual(['/auth/login']);
    const routes = calls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('name the roles of every operator call, and refuse to define one without', () => {
    for (const call of allConsoleCalls().filter((c) => c.auth === 'operator'))
      expect(call.roles?.length, call.path).toBeGreaterThan(0);
    expect(roleMayCall('finance', adminApi.recharges)).toBe(true);
    expect(roleMayCall('content', adminApi.recharges)).toBe(false);
    expect(() => defineCall({ path: '/x', auth: 'operator' })).toThrow(/names its roles/);
  });

  it('use POST by default and GET for the image captcha, as the spec says', () => {
    expect(api.config.queryTenantId.method).toBe('POST');
    expect(api.auth.captcha).toMatchObject({ method: 'GET', path: '/auth/auth/code' });
  });

  it('hide the automatic error toast exactly where the spec says', () => {
    const hidden = allCalls()
      .filter((c) => c.hideErrorToast)
      .map((c) => c.path);
    expect(hidden.sort()).toEqual(['/account/applyWithdrawal', '/redP/receiveRedPacket']);
  });

  it('fill path parameters', () => {
    expect(buildPath(api.video.videos.path, { seriesId: 12 })).toBe('/sv/videos/12');
    expect(() => buildPath(api.video.videos.path, {})).toThrow(/seriesId/);
  });
});

describe('constants', () => {
  it('have the currency table of the spec', () => {
    expect(CURRENCY_KEYS.map((k) => [k, CURRENCIES[k].hrefPrefix, CURRENCIES[k].phonePrefix])).toEqual([
      ['PHP', 'ph', '+63'],
      ['VND', 'vn', '+84'],
      ['PKR', 'pk', '+92'],
      ['IDR', 'id', '+62'],
      ['USDT', 'us', '+1'],
    ]);
  });

  it.each([
    [undefined, 'en'],
    ['vn', 'vn'],
    ['vi-VN,vi;q=0.9', 'vn'],
    ['id-ID', 'id'],
    ['fr-FR, id;q=0.5', 'id'],
    ['de', 'en'],
  ])('reads language %s as %s', (header, lang) => {
    expect(parseLanguage(header)).toBe(lang);
  });

  it('names each language by the tag Intl knows, which reads back as the same language', () => {
    expect(LANGUAGE_KEYS.map(localeOf)).toEqual(['en', 'vi', 'id']);
    for (const language of LANGUAGE_KEYS) expect(parseLanguage(localeOf(language))).toBe(language);
  });
});

describe('messages', () => {
  it('exist in en, vn and id for every key, none empty', () => {
    for (const lang of ['en', 'vn', 'id'] as const) {
      expect(Object.keys(MESSAGES[lang]).sort()).toEqual([...MESSAGE_KEYS].sort());
      for (const key of MESSAGE_KEYS) expect(MESSAGES[lang][key].trim()).not.toBe('');
    }
  });

  it('fill placeholders', () => {
    expect(formatMessage('en', 'ValidationFailed', { field: 'email' })).toBe('Invalid value for email');
  });

  it('map refusals to HTTP statuses: business refusals are 409', () => {
    expect(statusOf('InsufficientFunds')).toBe(409);
    expect(statusOf('NotFound')).toBe(404);
    expect(statusOf('Unauthorized')).toBe(401);
    expect(statusOf('TooManyRequests')).toBe(429);
  });
});
