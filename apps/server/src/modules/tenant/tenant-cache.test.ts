import { adminConfigApi, api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, unchecked } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, secondInstance, type TestApp } from '../../test/helper.js';
import { walletFixtures } from '../../test/wallet-fixtures.js';
import { TENANT_CACHE_TTL_MS } from './tenant.service.js';

/**
 * The tenant answers every app start asks for (tenant by host, tenant config) are cached per
 * instance and forgotten on every instance when a change is committed: two instances over one
 * database (on PostgreSQL each with its own pool and listening connection).
 */
let a: TestApp;
let b: TestApp;
let owner: string;
let f: ReturnType<typeof walletFixtures>;

beforeAll(async () => {
  a = await buildTestApp({ DEMO_CONTENT: 'true' });
  // On PGlite the second app shares the first one's database (and its in-process emitter).
  b =
    (await secondInstance(a, { DEMO_CONTENT: 'true' })) ??
    (await buildTestApp({ DEMO_CONTENT: 'true' }, { database: a.database }));
  f = walletFixtures(a);
  owner = await f.operator('owner', []);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const advance = (ms: number) => [a, b].forEach((x) => x.clock.advance(ms));
const config = async (app: TestApp, tenantId: string) =>
  (await caller(app.app)(api.config.tenantConfig, { query: { tenantId } })).body.data;
const tenantOf = async (app: TestApp, domain: string) =>
  (await caller(app.app)(api.config.queryTenantId, { query: { domain } })).body.data.tenantId;

/** Polls until `read` answers what `done` accepts (bounded by the test's timeout). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('tenant answers cache', () => {
  it('answers from memory until the safety TTL has passed', async () => {
    expect((await config(b, '000003')).name).toBe('DramaStar PK');
    expect(await tenantOf(b, 'pk.localhost')).toBe('000003');
    await a.database.query("update tenant set name = 'Renamed PK' where id = '000003'");
    await a.database.query("delete from tenant_domain where domain = 'pk.localhost'");
    expect((await config(b, '000003')).name).toBe('DramaStar PK');
    expect(await tenantOf(b, 'pk.localhost')).toBe('000003');
    advance(TENANT_CACHE_TTL_MS);
    expect((await config(b, '000003')).name).toBe('Renamed PK');
    expect(await tenantOf(b, 'pk.localhost')).toBe('000000');
    await a.database.query("update tenant set name = 'DramaStar PK' where id = '000003'");
    await a.database.query("insert into tenant_domain (domain, tenant_id) values ('pk.localhost', '000003')");
    advance(TENANT_CACHE_TTL_MS);
  });

  it('a configuration change on one instance reaches the other', async () => {
    const before = await config(b, '000003');
    expect(before.timeZone).toBe('Asia/Karachi');
    const general = (
      await f.admin(adminConfigApi.tenantConfig, { token: owner, query: { tenantId: '000003' } })
    ).body.data.general as Record<string, unknown>;
    const res = await f.admin(adminConfigApi.updateGeneral, {
      token: owner,
      body: unchecked({ ...general, tenantId: '000003', timeZone: 'Asia/Tokyo' }),
    });
    expect(res.status).toBe(200);
    expect((await config(a, '000003')).timeZone).toBe('Asia/Tokyo');
    await until(
      () => config(b, '000003'),
      (c) => c.timeZone === 'Asia/Tokyo',
    );
  });

  it('a domain added on one instance moves its host on the other', async () => {
    expect(await tenantOf(b, 'new.example.org')).toBe('000000');
    const res = await f.admin(adminConfigApi.tenantDomains, {
      token: owner,
      body: { tenantId: '000003', domains: ['pk.localhost', 'new.example.org'] },
    });
    expect(res.status).toBe(200);
    expect(await tenantOf(a, 'new.example.org')).toBe('000003');
    await until(
      () => tenantOf(b, 'new.example.org'),
      (id) => id === '000003',
    );
  });

  it.skipIf(!usingPostgres)('forgets everything when its listening connection comes back', async () => {
    expect((await config(b, '000004')).name).not.toBe('Changed unannounced');
    await a.database.query("update tenant set name = 'Changed unannounced' where id = '000004'");
    await a.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %'`,
    );
    await until(
      () => config(b, '000004'),
      (c) => c.name === 'Changed unannounced',
    );
  });
});
