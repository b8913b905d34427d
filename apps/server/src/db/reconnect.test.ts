import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, usingPostgres } from '../test/database.js';
import { isDatabaseUnreachable, withTransaction } from './tx.js';

/**
 * PostgreSQL restarting ends every connection (57P01), also those a transaction holds between two
 * statements. The process must live on (bench/chaos.ts saw an instance exit on an unheard 'error'
 * event), the call answer 503, and the pool reconnect by itself.
 */
describe.skipIf(!usingPostgres)('connections ended by the server', () => {
  it('do not end the process, fail the call as unreachable, and the pool reconnects', async () => {
    const database = await openTestDatabase();
    try {
      await database.query('select 1');
      const held = withTransaction(database.db, async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((r) => setTimeout(r, 800)); // idle in the transaction meanwhile
        await tx.execute(sql`select 1`);
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      await new Promise((r) => setTimeout(r, 200));
      const name = new URL(database.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const ended = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      expect(isDatabaseUnreachable(await held)).toBe(true);
      // The next calls get fresh connections.
      for (let i = 0; i < 3; i++) expect(await database.query('select 1 as one')).toEqual([{ one: 1 }]);
      await database.ping();
    } finally {
      await database.close();
    }
  });
});
