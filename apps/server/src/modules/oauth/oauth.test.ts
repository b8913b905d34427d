import { api } from '@dramastar/contract';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { lastCode } from '../../test/smtp.js';

/** A real OpenID provider on this machine; each sign-in says who the user is through `next`. */
const provider = new OAuth2Server();
let next: { sub: string; email?: string; name?: string; nonce?: string } = { sub: 'g-1' };
let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { sub: next.sub, email: next.email, email_verified: true, name: next.name });
    if (next.nonce) token.payload.nonce = next.nonce;
  });
  t = await buildTestApp(
    {
      GOOGLE_CLIENT_ID: 'dramastar-test',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_ISSUER: provider.issuer.url ?? '',
    },
    { smtp: true },
  );
  call = caller(t.app);
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => t.clock.set(new Date()));

/** Follows the browser's way: our redirect → the provider (which approves) → our callback. */
async function signIn(app: FastifyInstance, start: string, tamper?: (callback: URL) => void): Promise<URL> {
  const begin = await app.inject({ method: 'GET', url: start });
  expect(begin.statusCode).toBe(302);
  const authorize = new URL(begin.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  // Unguessable values, at least 128 bits in base64url.
  expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{22,}$/);
  expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{22,}$/);
  const approved = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/app-api/oauth/callback/google');
  tamper?.(callback);
  const back = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
  expect(back.statusCode).toBe(302);
  return new URL((back.headers.location as string).replace('/#/', '/'), 'http://app.local');
}

describe('Google sign-in (OpenID Connect with a local provider)', () => {
  it('says Google is on in the tenant config', async () => {
    expect(
      (await call(api.config.tenantConfig, { query: { tenantId: '000000' } })).body.data.googleLogin,
    ).toBe(true);
  });

  it('signs up a new user on the three-page, then logs the same Google account straight in', async () => {
    next = { sub: 'g-new-1', email: 'Nina@Gmail.example', name: 'Nina Cruz' };
    const three = await signIn(t.app, '/app-api/oauth/render/google?returnTo=/pages/profile/index');
    expect(three.pathname).toBe('/pages/login/three');
    expect(three.searchParams.get('channel')).toBe('google');
    expect(three.searchParams.get('returnTo')).toBe('/pages/profile/index');
    const ticket = three.searchParams.get('token')!;

    const first = await call(api.auth.thirdLoginByToken, {
      body: { accessToken: ticket, channel: 'google' },
    });
    expect(first.body.data).toEqual({
      access_token: null,
      channel: 'google',
      email: 'nina@gmail.example',
      name: 'Nina Cruz',
    });

    const refused = await call(api.auth.thirdLogin, {
      body: { accessToken: ticket, channel: 'google', areaCode: '+63', phone: '9171234567' },
    });
    expect(refused.body).toMatchObject({ code: 400, errorKey: 'InviteCodeRequired' });
    const done = await call(api.auth.thirdLogin, {
      body: { accessToken: ticket, channel: 'google', areaCode: '+84', phone: '912345678' },
    });
    expect(done.status).toBe(200);
    const info = (await call(api.user.info, { token: done.body.data.access_token })).body.data;
    expect(info).toMatchObject({
      nickname: 'Nina Cruz',
      email: 'nina@gmail.example',
      loginMethods: ['email', 'google'],
    });
    // The ticket was single use.
    expect(
      (await call(api.auth.thirdLoginByToken, { body: { accessToken: ticket, channel: 'google' } })).body
        .errorKey,
    ).toBe('LoginTicketInvalid');

    const again = await signIn(t.app, '/app-api/oauth/render/google');
    const login = await call(api.auth.thirdLoginByToken, {
      body: { accessToken: again.searchParams.get('token') ?? '', channel: 'google' },
    });
    expect(login.body.data.access_token).toEqual(expect.any(String));
    expect((await call(api.user.info, { token: login.body.data.access_token! })).body.data.userId).toBe(
      info.userId,
    );
  });

  it('logs an existing e-mail account in when Google vouches for the same address', async () => {
    await call(api.auth.sendEmailCode, { body: { email: 'omar@example.ph', isRegister: 1 } });
    const reg = await call(api.auth.register, {
      body: {
        email: 'omar@example.ph',
        phone: '912345678',
        areaCode: '+84',
        verifyCode: lastCode(t.mails, 'omar@example.ph'),
      },
    });
    const mine = (await call(api.user.info, { token: reg.body.data.access_token })).body.data;
    next = { sub: 'g-omar', email: 'omar@example.ph', name: 'Omar' };
    const three = await signIn(t.app, '/app-api/oauth/render/google');
    const login = await call(api.auth.thirdLoginByToken, {
      body: { accessToken: three.searchParams.get('token') ?? '', channel: 'google' },
    });
    const info = (await call(api.user.info, { token: login.body.data.access_token! })).body.data;
    expect(info.userId).toBe(mine.userId);
    expect(info.loginMethods).toEqual(['email', 'google']);
  });

  it('rejects a callback whose state was changed', async () => {
    next = { sub: 'g-state' };
    const back = await signIn(t.app, '/app-api/oauth/render/google', (cb) =>
      cb.searchParams.set('state', 'forged'),
    );
    expect(back.pathname).toBe('/pages/login/three');
    expect(back.searchParams.get('error')).toBe('OAuthFailed');
    expect(back.searchParams.get('token')).toBeNull();
  });

  it('rejects an ID token with another nonce', async () => {
    next = { sub: 'g-nonce', nonce: 'not-the-one-we-sent' };
    const back = await signIn(t.app, '/app-api/oauth/render/google');
    expect(back.searchParams.get('error')).toBe('OAuthFailed');
    next = { sub: 'g-nonce' };
  });

  it('rejects a replayed callback', async () => {
    next = { sub: 'g-replay' };
    let replay = '';
    await signIn(t.app, '/app-api/oauth/render/google', (cb) => (replay = cb.pathname + cb.search));
    const again = await t.app.inject({ method: 'GET', url: replay });
    expect(again.headers.location).toContain('error=OAuthFailed');
  });

  it('links Google to the signed-in account with a bind ticket, and refuses a Google account linked elsewhere', async () => {
    await call(api.auth.sendEmailCode, { body: { email: 'pat@example.ph', isRegister: 1 } });
    const reg = await call(api.auth.register, {
      body: {
        email: 'pat@example.ph',
        phone: '912345678',
        areaCode: '+84',
        verifyCode: lastCode(t.mails, 'pat@example.ph'),
      },
    });
    const token = reg.body.data.access_token;
    const ticket = (await call(api.user.bindTicket, { token })).body.data.ticket;
    next = { sub: 'g-pat', email: 'pat.other@gmail.example' };
    const back = await signIn(t.app, `/app-api/oauth/bind/google?ticket=${ticket}`);
    expect(back.pathname).toBe('/pages/profile/setting/bindOrContinueWith');
    expect(back.searchParams.get('bound')).toBe('google');
    expect((await call(api.user.info, { token })).body.data.loginMethods).toEqual(['email', 'google']);
    // The ticket is used up.
    const reuse = await t.app.inject({ method: 'GET', url: `/app-api/oauth/bind/google?ticket=${ticket}` });
    expect(reuse.headers.location).toContain('error=LoginTicketInvalid');

    // Nina's Google account (g-new-1) belongs to Nina: nobody else can link it.
    await call(api.auth.sendEmailCode, { body: { email: 'quinn@example.ph', isRegister: 1 } });
    const q = await call(api.auth.register, {
      body: {
        email: 'quinn@example.ph',
        phone: '912345678',
        areaCode: '+84',
        verifyCode: lastCode(t.mails, 'quinn@example.ph'),
      },
    });
    const qTicket = (await call(api.user.bindTicket, { token: q.body.data.access_token })).body.data.ticket;
    next = { sub: 'g-new-1' };
    const taken = await signIn(t.app, `/app-api/oauth/bind/google?ticket=${qTicket}`);
    expect(taken.searchParams.get('error')).toBe('IdentityInUse');
  });
});

describe('Google sign-in when not configured', () => {
  it('sends the browser back with GoogleNotConfigured', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/app-api/oauth/render/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/#/pages/login/three?error=GoogleNotConfigured');
    } finally {
      await plain.close();
    }
  });
});
