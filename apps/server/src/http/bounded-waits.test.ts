import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseOptions, openDatabase } from '../db/client.js';
import { openTestDatabase, usingPostgres } from '../test/database.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { walletFixtures } from '../test/wallet-fixtures.js';

/** accountInfo reads the wallet's ledger account; the guest home, /healthz and /readyz do not. */
const LOCK_LEDGER = 'lock table ledger_account in access exclusive mode';
const ACCOUNT_INFO = '/app-api/account/accountInfo';
const GUEST_HOME = '/app-api/sv/homeSeries';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** Two instances over one fresh database, each with its own pool (sizes and timeouts given). */
async function twoInstances(pools: [DatabaseOptions, DatabaseOptions], env: Record<string, string> = {}) {
  const first = await openTestDatabase(pools[0]);
  cleanup.push(() => first.close());
  const a = await buildTestApp(env, { database: first });
  cleanup.push(() => a.close());
  const second = await openDatabase({ ...pools[1], url: first.url });
  cleanup.push(() => second.close());
  const b = await buildTestApp(env, { database: second });
  cleanup.push(() => b.close());
  const token = (await walletFixtures(a).user()).token;
  return { a, b, url: first.url ?? '', token };
}

/** A transaction of another client holding `lock` until released (at the latest after `ms`). */
async function holdFromOutside(url: string, lock: string, ms = 20_000) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(lock);
  let releasedAt = Number.POSITIVE_INFINITY;
  let released: Promise<void> | undefined;
  const release = () => {
    releasedAt = Math.min(releasedAt, Date.now());
    released ??= client.query('rollback').then(() => client.end());
    return released;
  };
  // So that code without bounded waits fails here instead of hanging the suite.
  const fallback = setTimeout(() => void release(), ms);
  cleanup.push(async () => {
    clearTimeout(fallback);
    await release();
  });
  return {
    release: () => {
      clearTimeout(fallback);
      return release();
    },
    releasedAt: () => releasedAt,
  };
}

interface Timed {
  res: LightMyRequestResponse;
  at: number;
}

function send(t: TestApp, url: string, token?: string): Promise<Timed> {
  return t.app
    .inject({
      method: url.startsWith('/app-api') ? 'POST' : 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
    .then((res) => ({ res, at: Date.now() }));
}

function expectBusy({ res }: Timed): void {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ code: 503, errorKey: 'ServiceUnavailable' });
}

describe('bounded waits', () => {
  it.runIf(usingPostgres)(
    'a table locked from outside: both instances keep answering what does not need it, the rest 503 well before the lock goes',
    async () => {
      // Instance a runs into lock_timeout (55P03), instance b into statement_timeout (57014).
      const { a, b, url, token } = await twoInstances([
        { poolMax: 4, acquireTimeoutMs: 5000, lockTimeoutMs: 300 },
        { poolMax: 4, acquireTimeoutMs: 5000, statementTimeoutMs: 400 },
      ]);
      for (const t of [a, b]) expect((await send(t, ACCOUNT_INFO, token)).res.statusCode).toBe(200);

      const lock = await holdFromOutside(url, LOCK_LEDGER);
      const blocked = [a, b].flatMap((t) => Array.from({ length: 12 }, () => send(t, ACCOUNT_INFO, token)));
      const free = [a, b].flatMap((t) => [send(t, '/healthz'), send(t, '/readyz'), send(t, GUEST_HOME)]);
      const answers = await Promise.all(blocked);
      for (const answer of answers) {
        expectBusy(answer);
        expect(answer.at).toBeLessThan(lock.releasedAt());
      }
      for (const { res } of await Promise.all(free)) expect(res.statusCode).toBe(200);
      // Both kinds of timeout were met, each answered 503.
      expect(JSON.stringify(a.logs)).toContain('canceling statement due to lock timeout');
      expect(JSON.stringify(b.logs)).toContain('canceling statement due to statement timeout');
      // Still locked: what does not need the table answers, what does answers 503.
      for (const t of [a, b]) {
        expect((await send(t, GUEST_HOME)).res.statusCode).toBe(200);
        expect((await send(t, '/readyz')).res.statusCode).toBe(200);
        expectBusy(await send(t, ACCOUNT_INFO, token));
      }
      expect(Date.now()).toBeLessThan(lock.releasedAt());

      await lock.release();
      for (const t of [a, b]) expect((await send(t, ACCOUNT_INFO, token)).res.statusCode).toBe(200);
    },
  );

  it.runIf(usingPostgres)(
    'a pool used up by requests waiting on a lock answers the overflow 503, and /readyz from its own connection',
    async () => {
      // No lock or statement timeout: three requests per instance hold the pool until the lock goes.
      const pool = { poolMax: 3, acquireTimeoutMs: 300 };
      const { a, b, url, token } = await twoInstances([pool, pool], { REQUEST_TIMEOUT_MS: '0' });
      const lock = await holdFromOutside(url, LOCK_LEDGER);
      const answered: Timed[] = [];
      const all = [a, b].flatMap((t) =>
        Array.from({ length: 10 }, () =>
          send(t, ACCOUNT_INFO, token).then((answer) => {
            answered.push(answer);
            return answer;
          }),
        ),
      );
      // The overflow (all but the pool's three per instance) is answered while the lock is held.
      await vi.waitFor(() => expect(answered.length).toBeGreaterThanOrEqual(14), { timeout: 15_000 });
      answered.forEach(expectBusy);
      for (const t of [a, b]) {
        expect((await send(t, '/healthz')).res.statusCode).toBe(200);
        const ready = await send(t, '/readyz');
        expect(ready.res.statusCode).toBe(200);
      }
      expect(Date.now()).toBeLessThan(lock.releasedAt());

      await lock.release();
      const after = await Promise.all(all);
      expect(after.filter(({ res }) => res.statusCode === 200).length).toBeGreaterThan(0);
      for (const answer of after) if (answer.res.statusCode !== 200) expectBusy(answer);
      for (const t of [a, b]) expect((await send(t, ACCOUNT_INFO, token)).res.statusCode).toBe(200);
    },
  );

  it.runIf(usingPostgres)(
    'a call past REQUEST_TIMEOUT_MS answers 503 even when the database sets no limit',
    async () => {
      const { a, url, token } = await twoInstances([{}, {}], { REQUEST_TIMEOUT_MS: '500' });
      const lock = await holdFromOutside(url, LOCK_LEDGER);
      const answer = await send(a, ACCOUNT_INFO, token);
      expectBusy(answer);
      expect(answer.at).toBeLessThan(lock.releasedAt());
      expect((await send(a, '/readyz')).res.statusCode).toBe(200);
      await lock.release();
      await vi.waitFor(async () => expect((await send(a, ACCOUNT_INFO, token)).res.statusCode).toBe(200));
    },
  );
});
