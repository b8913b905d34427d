import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helper.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { ready: false });
  t.app.post('/app-api/test/boom', () => {
    throw new Error('secret internals: password=hunter2');
  });
  await t.app.ready();
});
afterAll(() => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

describe('the /app-api envelope', () => {
  it('answers success as {code: 200, msg, data} with HTTP 200', async () => {
    const res = await post('/app-api/appConfig/queryTenantId?domain=localhost');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: 'Success', data: { tenantId: '000000' } });
  });

  it('accepts a POST with an empty JSON body (data in the query string)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/appConfig/queryEarnSwitch?tenantId=000000',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.json()).toEqual({ code: 200, msg: 'Success', data: { enabled: true } });
  });

  it('answers an unknown /app-api path with 404 in the envelope', async () => {
    const res = await post('/app-api/no/such/call', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'Not found', errorKey: 'NotFound' });
  });

  it('answers a known path with the wrong method with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-api/appConfig/queryTenantId' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, errorKey: 'NotFound' });
  });

  it('answers invalid JSON with 400 naming the body', async () => {
    const res = await post('/app-api/appConfig/queryTenantId', '{"domain": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errorKey: 'InvalidJson', field: 'body' });
  });

  it('answers a compressed request body with 400 naming the body (bodies are not decompressed)', async () => {
    const { gzipSync } = await import('node:zlib');
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/appConfig/queryTenantId',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ domain: 'localhost' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errorKey: 'InvalidJson', field: 'body' });
  });

  it('refuses prototype poisoning in JSON bodies', async () => {
    const res = await post('/app-api/appConfig/queryTenantId', '{"__proto__": {"admin": true}}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorKey: 'InvalidJson' });
  });

  it('answers a wrong type in the query with 400 naming the field', async () => {
    const res = await post('/app-api/appConfig/tenantConfig?tenantId=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'tenantId' });
  });

  it('answers an oversized string with 400 naming the field', async () => {
    const res = await post(`/app-api/appConfig/queryTenantId?domain=${'a'.repeat(300)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errorKey: 'ValidationFailed', field: 'domain' });
    expect(res.json().msg).toBe('Invalid value for domain');
  });

  it('answers a body over the size limit with 413', async () => {
    const res = await post('/app-api/appConfig/queryTenantId', JSON.stringify({ x: 'y'.repeat(1_100_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, errorKey: 'PayloadTooLarge' });
  });

  it('answers an unsupported content type with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/appConfig/queryTenantId',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, field: 'content-type' });
  });

  it('answers an unexpected error with 500 and a request id, never internals, and logs it', async () => {
    const res = await post('/app-api/test/boom', {}, { 'x-request-id': 'req-abc-123' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      code: 500,
      msg: 'Something went wrong on our side, please try again',
      errorKey: 'InternalError',
      requestId: 'req-abc-123',
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('envelope.test');
    expect(res.headers['x-request-id']).toBe('req-abc-123');
    const logged = t.logs.find((l) => l.reqId === 'req-abc-123' && l.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('gives every answer a request id, making one when the caller sent none or a bad one', async () => {
    const a = await post('/app-api/appConfig/queryTenantId');
    const b = await post('/app-api/appConfig/queryTenantId', undefined, {
      'x-request-id': 'bad id with spaces',
    });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it.each([
    ['en', 'Not found', 'Invalid value for domain'],
    ['vn', 'Không tìm thấy', 'Giá trị không hợp lệ cho domain'],
    ['id', 'Tidak ditemukan', 'Nilai tidak valid untuk domain'],
    ['vi-VN', 'Không tìm thấy', 'Giá trị không hợp lệ cho domain'],
    ['fr', 'Not found', 'Invalid value for domain'],
  ])('translates msg for content-language %s', async (lang, notFound, invalid) => {
    const headers = { 'content-language': lang };
    expect((await post('/app-api/nope', {}, headers)).json().msg).toBe(notFound);
    expect(
      (await post(`/app-api/appConfig/queryTenantId?domain=${'a'.repeat(300)}`, {}, headers)).json().msg,
    ).toBe(invalid);
  });
});

describe('health probes', () => {
  it('GET /healthz says the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz says the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe('readiness without a database', () => {
  it('GET /readyz answers 503 once the database is gone, while /healthz stays up', async () => {
    const local = await buildTestApp();
    try {
      await local.database.close();
      expect((await local.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await local.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await local.app.close();
    }
  });
});
