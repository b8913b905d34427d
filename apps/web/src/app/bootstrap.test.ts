import { DEFAULT_TENANT_ID } from '@dramastar/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { selectLanguage, useSession } from '../shared/store/session';
import { STORAGE_KEYS } from '../shared/store/storage-keys';
import { ok, stubFetch } from '../test/fetch';
import { bootstrapTenant } from './bootstrap';

const vietnam = {
  tenantId: '000002',
  name: 'DramaStar VN',
  currency: 'VND',
  inviteUrl: 'https://vn.example.com',
  defaultLanguage: 'vn',
};

describe('bootstrapTenant', () => {
  afterEach(() => {
    delete window.__dsBoot;
  });

  it('takes the tenant the server put in index.html, without asking', async () => {
    window.__dsBoot = { tenant: vietnam };
    const { calls } = stubFetch(ok({ ...vietnam, tenantId: '000009' }));
    await bootstrapTenant('vn.example.com');
    expect(calls).toHaveLength(0);
    expect(useSession.getState()).toMatchObject({ tenantId: '000002', tenantStatus: 'ready' });
  });

  it('asks when index.html carries no tenant it can read', async () => {
    window.__dsBoot = { tenant: { ...vietnam, currency: 'XXX' } };
    const { calls } = stubFetch(ok(vietnam));
    await bootstrapTenant('vn.example.com');
    expect(calls[0]!.url).toBe('/app-api/appConfig/queryTenantId?domain=vn.example.com');
    expect(useSession.getState()).toMatchObject({ tenantId: '000002', currencyType: 'VND' });
  });

  it('resolves the tenant of the host and stores it', async () => {
    const { calls } = stubFetch(ok(vietnam));
    await bootstrapTenant('vn.example.com');
    expect(calls[0]!.url).toBe('/app-api/appConfig/queryTenantId?domain=vn.example.com');
    const state = useSession.getState();
    expect(state).toMatchObject({
      tenantId: '000002',
      tenantName: 'DramaStar VN',
      currencyType: 'VND',
      inviteUrl: 'https://vn.example.com',
      tenantStatus: 'ready',
    });
    expect(localStorage.getItem(STORAGE_KEYS.tenantId)).toBe('000002');
    expect(localStorage.getItem(STORAGE_KEYS.currencyType)).toBe('VND');
    expect(localStorage.getItem(STORAGE_KEYS.inviteUrl)).toBe('https://vn.example.com');
  });

  it("uses the tenant's language without persisting it as the user's choice", async () => {
    stubFetch(ok(vietnam));
    await bootstrapTenant('vn.example.com');
    expect(selectLanguage(useSession.getState())).toBe('vn');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBeNull();
  });

  it('keeps the language the user chose', async () => {
    useSession.getState().setLanguage('id');
    stubFetch(ok(vietnam));
    await bootstrapTenant('vn.example.com');
    expect(selectLanguage(useSession.getState())).toBe('id');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('id');
  });

  it('falls back to the default tenant and English when the call fails', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await bootstrapTenant('unknown.example.com');
    const state = useSession.getState();
    expect(state.tenantId).toBe(DEFAULT_TENANT_ID);
    expect(state.tenantName).toBe('DramaStar');
    expect(state.tenantStatus).toBe('fallback');
    expect(selectLanguage(state)).toBe('en');
  });
});
