import { api, defineCall, formatMessage } from '@dramastar/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerCache } from '../answer-cache.js';
import { systemClock } from '../clock.js';
import type { SessionUser } from '../modules/auth/session.service.js';
import type { OperatorContext } from '../modules/operator/operator.service.js';
import { installEnvelope } from './envelope.js';
import { createRouter } from './route.js';

describe('the router', () => {
  const router = createRouter(Fastify(), () => Promise.resolve(null));

  it('refuses a user-level call registered as guest, and the other way round', () => {
    expect(() => router.guest(api.user.info, () => Promise.reject(new Error('unused')))).toThrow(
      /user-level/,
    );
    expect(() => router.user(api.config.queryTenantId, () => Promise.reject(new Error('unused')))).toThrow(
      /guest-level/,
    );
  });

  it('refuses a call whose answer the contract does not describe yet', () => {
    const unanswered = defineCall({ path: '/later/call', auth: 'user' });
    expect(() => router.user(unanswered, () => Promise.resolve(undefined))).toThrow(/no response schema/);
  });
});

describe('operator calls', () => {
  const guarded = defineCall({
    path: '/router-test/guarded',
    auth: 'operator',
    roles: ['owner', 'finance'],
    body: z.object({ amount: z.number().int(), tenantId: z.string().optional() }),
    response: z.object({ ok: z.boolean() }),
  });
  const open = defineCall({
    path: '/router-test/open',
    auth: 'operator',
    roles: ['owner', 'finance', 'content'],
    duringSetup: true,
    response: z.object({ ok: z.boolean() }),
  });
  const base: OperatorContext = {
    id: 1n,
    username: 'op',
    role: 'finance',
    tenantIds: ['000000'],
    mustChangePassword: false,
    totpEnabled: true,
    tokenHash: 'x',
  };
  const operators: Record<string, OperatorContext> = {
    ready: base,
    content: { ...base, role: 'content', totpEnabled: false },
    fresh: { ...base, mustChangePassword: true },
    noTotp: { ...base, totpEnabled: false },
    owner: { ...base, role: 'owner', tenantIds: null },
  };

  async function app() {
    const fastify = Fastify();
    installEnvelope(fastify, { bodyLimit: 1_000_000 });
    const router = createRouter(
      fastify,
      () => Promise.resolve(null),
      (token) => Promise.resolve(operators[token] ?? null),
    );
    router.operator(guarded, () => Promise.resolve({ ok: true }));
    router.operator(open, () => Promise.resolve({ ok: true }));
    await fastify.ready();
    return async (call: { path: string }, token: string | null, body: unknown) => {
      const res = await fastify.inject({
        method: 'POST',
        url: `/admin-api${call.path}`,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, key: res.json<{ errorKey?: string }>().errorKey };
    };
  }

  it('checks the session and the role before the payload: 401, then 403, then 400', async () => {
    const send = await app();
    expect(await send(guarded, null, { amount: 'x' })).toEqual({ status: 401, key: 'Unauthorized' });
    expect(await send(guarded, 'content', { amount: 'x' })).toEqual({ status: 403, key: 'Forbidden' });
    expect((await send(guarded, 'ready', { amount: 'x' })).status).toBe(400);
    expect(await send(guarded, 'ready', { amount: 1 })).toEqual({ status: 200, key: undefined });
  });

  it('holds operators with unfinished set-up at the calls marked duringSetup', async () => {
    const send = await app();
    expect(await send(guarded, 'fresh', { amount: 1 })).toEqual({
      status: 403,
      key: 'PasswordChangeRequired',
    });
    expect(await send(guarded, 'noTotp', { amount: 1 })).toEqual({
      status: 403,
      key: 'TotpEnrolmentRequired',
    });
    expect((await send(open, 'fresh', {})).status).toBe(200);
    expect((await send(open, 'noTotp', {})).status).toBe(200);
    // TOTP is optional for content.
    expect((await send(open, 'content', {})).status).toBe(200);
  });

  it('refuses a tenant outside the operator’s before the payload is parsed; owners reach any', async () => {
    const send = await app();
    expect(await send(guarded, 'ready', { tenantId: '000001' })).toEqual({ status: 403, key: 'Forbidden' });
    expect((await send(guarded, 'ready', { tenantId: '000000' })).status).toBe(400);
    expect((await send(guarded, 'owner', { amount: 1, tenantId: '000001' })).status).toBe(200);
  });
});

describe('user calls', () => {
  const signedIn = defineCall({
    path: '/router-test/signed-in',
    auth: 'user',
    body: z.object({ amount: z.number().int() }),
    response: z.object({ ok: z.boolean() }),
  });

  it('authenticate before the payload is parsed: a guest with a bad body gets 401, not 400', async () => {
    const fastify = Fastify();
    installEnvelope(fastify, { bodyLimit: 1_000_000 });
    const user = { id: 1n } as unknown as SessionUser;
    createRouter(fastify, (token) => Promise.resolve(token === 'live' ? user : null)).user(signedIn, () =>
      Promise.resolve({ ok: true }),
    );
    await fastify.ready();
    const send = async (token: string | null, body: unknown) => {
      const res = await fastify.inject({
        method: 'POST',
        url: `/app-api${signedIn.path}`,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.statusCode, key: res.json<{ errorKey?: string }>().errorKey };
    };
    expect(await send(null, { amount: 'x' })).toEqual({ status: 401, key: 'Unauthorized' });
    // Even before the body is read: malformed JSON from a guest is still 401.
    expect(await send(null, '{"amount":')).toEqual({ status: 401, key: 'Unauthorized' });
    expect(await send('live', '{"amount":')).toEqual({ status: 400, key: 'InvalidJson' });
    expect(await send('expired', { amount: 'x' })).toEqual({ status: 401, key: 'Unauthorized' });
    expect(await send('live', { amount: 'x' })).toEqual({ status: 400, key: 'ValidationFailed' });
    expect(await send('live', { amount: 1 })).toEqual({ status: 200, key: undefined });
  });
});

describe('cached answers', () => {
  const call = defineCall({
    path: '/router-test/cached',
    auth: 'guest',
    response: z.object({ title: z.string() }),
  });

  it('sends a cached answer as the envelope sendSuccess sends, checked by the response schema, in the asker’s language', async () => {
    const fastify = Fastify();
    installEnvelope(fastify, { bodyLimit: 1_000_000 });
    const cache = answerCache<{ title: string; secret?: string }>(systemClock, { ttlMs: 60_000, max: 10 });
    let reads = 0;
    const load = () => Promise.resolve({ title: `read ${++reads}`, secret: 'never sent' });
    createRouter(fastify, () => Promise.resolve(null)).guest(call, () => cache.get('k', load));
    await fastify.ready();
    const ask = async (lang: string) => {
      const res = await fastify.inject({
        method: 'POST',
        url: `/app-api${call.path}`,
        headers: { 'content-language': lang },
      });
      return { status: res.statusCode, type: res.headers['content-type'], body: res.json<unknown>() };
    };
    const first = await ask('en');
    expect(first).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { code: 200, msg: formatMessage('en', 'Success'), data: { title: 'read 1' } },
    });
    expect(await ask('en')).toEqual(first);
    expect((await ask('vn')).body).toEqual({
      code: 200,
      msg: formatMessage('vn', 'Success'),
      data: { title: 'read 1' },
    });
    // A new answer (after a change) is sent as itself, not as the JSON of the old one.
    cache.clear();
    expect((await ask('en')).body).toMatchObject({ data: { title: 'read 2' } });
  });
});

describe('cached answers, compressed', () => {
  const call = defineCall({
    path: '/router-test/cached-large',
    auth: 'guest',
    response: z.object({ titles: z.array(z.string()) }),
  });

  it('sends a large cached answer in the encoding the client takes, the same envelope once decoded', async () => {
    const fastify = Fastify();
    installEnvelope(fastify, { bodyLimit: 1_000_000 });
    const cache = answerCache<{ titles: string[] }>(systemClock, { ttlMs: 60_000, max: 10 });
    const answer = { titles: Array.from({ length: 200 }, (_, i) => `Love in Manila, episode ${i}`) };
    createRouter(fastify, () => Promise.resolve(null)).guest(call, () =>
      cache.get('k', () => Promise.resolve(answer)),
    );
    await fastify.ready();
    const expected = { code: 200, msg: formatMessage('id', 'Success'), data: answer };
    const decoders: Record<string, (b: Buffer) => Buffer> = {
      br: brotliDecompressSync,
      gzip: gunzipSync,
      none: (b) => b,
    };
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'br'],
      ['identity', 'none'],
      ['br;q=0, gzip;q=0', 'none'],
    ] as const) {
      for (let twice = 0; twice < 2; twice++) {
        const res = await fastify.inject({
          method: 'POST',
          url: `/app-api${call.path}`,
          headers: { 'content-language': 'id', 'accept-encoding': accept },
        });
        expect(res.headers['content-encoding'] ?? 'none', accept).toBe(encoding);
        const body = JSON.parse(decoders[encoding]!(res.rawPayload).toString('utf8')) as unknown;
        expect(body, accept).toEqual(expected);
      }
    }
  });
});
