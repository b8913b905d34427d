import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, usingPostgres } from '../test/database.js';
import type { Database } from './client.js';
import { isDatabaseBusy, isDatabaseUnreachable, isRetryableError, withTransaction } from './tx.js';

describe('isRetryableError', () => {
  it('retries serialization failures and deadlocks, also when wrapped', () => {
    expect(isRetryableError({ code: '40001' })).toBe(true);
    expect(isRetryableError({ code: '40P01' })).toBe(true);
    expect(isRetryableError(new Error('query failed', { cause: { code: '40001' } }))).toBe(true);
    expect(isRetryableError({ code: '23505' })).toBe(false);
    expect(isRetryableError(new Error('plain'))).toBe(false);
  });
});

describe('isDatabaseBusy', () => {
  it('knows lock, statement and pool timeouts, also when wrapped, and nothing else', () => {
    expect(isDatabaseBusy({ code: '55P03' })).toBe(true);
    expect(isDatabaseBusy(new Error('query failed', { cause: { code: '57014' } }))).toBe(true);
    expect(isDatabaseBusy(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseBusy({ code: '40001' })).toBe(false);
    expect(isDatabaseBusy(new Error('plain'))).toBe(false);
    // A timeout is not a serialization failure: withTransaction does not run it again.
    expect(isRetryableError({ code: '55P03' })).toBe(false);
    expect(isRetryableError({ code: '57014' })).toBe(false);
  });
});

describe('isDatabaseUnreachable', () => {
  it('knows a refused or dropped connection and a server shutting down or starting, also when wrapped', () => {
    expect(isDatabaseUnreachable(new Error('Failed query', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(isDatabaseUnreachable({ code: '57P01' })).toBe(true); // terminating connection (admin shutdown)
    expect(isDatabaseUnreachable({ code: '57P03' })).toBe(true); // the database system is starting up
    expect(
      isDatabaseUnreachable(new Error('x', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(isDatabaseUnreachable({ code: '23505' })).toBe(false);
    expect(isDatabaseUnreachable(new Error('plain'))).toBe(false);
  });
});

describe('withTransaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table counter (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into counter values (1, 0), (2, 0)`);
  });
  afterAll(() => database.close());

  it('commits all of the work or none of it', async () => {
    await expect(
      withTransaction(database.db, async (tx) => {
        await tx.execute(sql`update counter set n = n + 1 where id = 1`);
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    const rows = await database.query<{ n: number }>('select n from counter where id = 1');
    expect(rows[0]?.n).toBe(0);
  });

  it('runs the work again after a serialization failure, a bounded number of times', async () => {
    let attempts = 0;
    const retried: number[] = [];
    const result = await withTransaction(
      database.db,
      async () => {
        attempts++;
        if (attempts < 3) throw Object.assign(new Error('could not serialize'), { code: '40001' });
        return 'done';
      },
      { onRetry: (n) => retried.push(n) },
    );
    expect(result).toBe('done');
    expect(retried).toEqual([1, 2]);

    attempts = 0;
    await expect(
      withTransaction(
        database.db,
        async () => {
          attempts++;
          throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        },
        { retries: 2 },
      ),
    ).rejects.toThrow('deadlock');
    expect(attempts).toBe(3);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      withTransaction(database.db, async () => {
        attempts++;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(attempts).toBe(1);
  });

  // PGlite runs one query at a time, so only a real server can show a race.
  it.skipIf(!usingPostgres)(
    'turns a real write-skew conflict between two serializable transactions into a retry (PostgreSQL)',
    async () => {
      let retries = 0;
      let arrived = 0;
      let release!: () => void;
      const bothRead = new Promise<void>((resolve) => (release = resolve));
      // Each transaction reads both rows, then writes one: under SERIALIZABLE one of them must fail
      // with 40001 and be run again, and then both increments are kept.
      const bump = (id: number) =>
        withTransaction(
          database.db,
          async (tx) => {
            await tx.execute(sql`select sum(n) from counter`);
            if (++arrived === 2) release();
            await Promise.race([bothRead, new Promise((r) => setTimeout(r, 500))]);
            await tx.execute(sql`update counter set n = n + 1 where id = ${id}`);
          },
          { isolationLevel: 'serializable', onRetry: () => retries++ },
        );
      await Promise.all([bump(1), bump(2)]);
      const rows = await database.query<{ total: string }>('select sum(n)::text as total from counter');
      expect(rows[0]?.total).toBe('2');
      expect(retries).toBeGreaterThanOrEqual(1);
    },
  );
});
