import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { normalizeDomain } from './tenant.service.js';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true', PUBLIC_URL: 'https://drama.example' });
  call = caller(t.app);
});
afterAll(() => t.close());

describe('tenant resolution', () => {
  it('resolves a known domain to its tenant, with currency and invite link base', async () => {
    const { body } = await call(api.config.queryTenantId, { query: { domain: 'vn.localhost' } });
    expect(body.data).toEqual({
      tenantId: '000001',
      name: 'DramaStar VN',
      currency: 'VND',
      inviteUrl: 'https://drama.example/#/pages/login/register',
      defaultLanguage: 'vn',
    });
  });

  it('uses the Host header when no domain is given, ignoring the port and case', async () => {
    const { body } = await call(api.config.queryTenantId, { host: 'ID.localhost:8080' });
    expect(body.data).toMatchObject({ tenantId: '000002', currency: 'IDR', defaultLanguage: 'id' });
  });

  it('falls back to the default tenant 000000 for an unknown host', async () => {
    const { body } = await call(api.config.queryTenantId, { query: { domain: 'unknown.example.org' } });
    expect(body.data).toMatchObject({
      tenantId: '000000',
      name: 'DramaStar',
      currency: 'PHP',
      defaultLanguage: 'en',
    });
  });

  it('serves the tenant config by id, with time zone, earn switch and app version', async () => {
    const { body } = await call(api.config.tenantConfig, { query: { tenantId: '000003' } });
    expect(body.data).toEqual({
      tenantId: '000003',
      name: 'DramaStar PK',
      currency: 'PKR',
      inviteUrl: 'https://drama.example/#/pages/login/register',
      defaultLanguage: 'en',
      timeZone: 'Asia/Karachi',
      earnEnabled: true,
      appVersion: '1.8.4',
      appVersionCode: 184,
      googleLogin: false,
      devMailbox: '/dev/mail',
      domains: ['pk.localhost'],
      websiteUrl: null,
    });
  });

  it('answers 404 TenantNotFound for an unknown tenant id', async () => {
    const { status, body } = await call(api.config.tenantConfig, { query: { tenantId: '999999' } });
    expect(status).toBe(404);
    expect(body).toMatchObject({
      code: 404,
      errorKey: 'TenantNotFound',
      field: 'tenantId',
      msg: 'Unknown tenant',
    });
  });

  it('reports the earn switch of a tenant, off when the operator turned it off', async () => {
    expect((await call(api.config.queryEarnSwitch, { query: { tenantId: '000004' } })).body.data).toEqual({
      enabled: true,
    });
    await t.database.db.execute("update tenant set earn_enabled = false where id = '000004'");
    expect((await call(api.config.queryEarnSwitch, { query: { tenantId: '000004' } })).body.data).toEqual({
      enabled: false,
    });
    expect((await call(api.config.queryEarnSwitch, { host: 'us.localhost' })).body.data).toEqual({
      enabled: false,
    });
  });

  it('has only the default tenant without demo content', async () => {
    const plain = await buildTestApp();
    try {
      const config = (tenantId: string) =>
        caller(plain.app)(api.config.tenantConfig, { query: { tenantId } });
      expect((await config('000001')).status).toBe(404);
      expect((await config('000000')).body.data.name).toBe('DramaStar');
    } finally {
      await plain.close();
    }
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['example.com:8080', 'example.com'],
    ['https://example.com/path', 'example.com'],
    ['example.com.', 'example.com'],
    ['[::1]:8080', '[::1]'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });
});
