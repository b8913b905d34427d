import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from '@dramastar/contract';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { DEMO_SERIES } from '../seed/demo-catalog.js';
import { loadConfig } from '../config.js';
import { caller } from '../test/client.js';
import { openTestDatabase, usingPostgres } from '../test/database.js';
import { openDatabase } from './client.js';

const quiet = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIR: '/nonexistent',
  DATA_DIR: '/tmp/ds-test',
  MEDIA_DIR: `/tmp/ds-test-media-${process.pid}`,
};

describe('migrations', () => {
  it('applies the schema to an empty database and is a no-op the second time', async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      await database.migrate();
      const tables = await database.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
      );
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['tenant', 'tenant_domain']));
    } finally {
      await database.close();
    }
  });

  it.skipIf(!usingPostgres)(
    'lets two instances start at once against one PostgreSQL database (PostgreSQL)',
    async () => {
      const holder = await openTestDatabase();
      try {
        const config = loadConfig({ ...quiet, DATABASE_URL: holder.url ?? '', DEMO_CONTENT: 'true' });
        // Both also make (one series of) the demo catalogue at once, into the same media directory.
        const demo = { demoSeries: DEMO_SERIES.slice(6, 7) };
        const [a, b] = await Promise.all([buildApp(config, demo), buildApp(config, demo)]);
        try {
          for (const app of [a, b]) {
            const res = await caller(app)(api.config.queryTenantId, { query: { domain: 'vn.localhost' } });
            expect(res.body.data.tenantId).toBe('000001');
          }
          const tenants = await holder.query<{ n: string }>('select count(*)::text as n from tenant');
          expect(tenants[0]?.n).toBe('5');
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      } finally {
        await holder.close();
      }
    },
  );

  it.runIf(usingPostgres)(
    "waits for another instance's migrations past the pool's lock and statement timeouts (PostgreSQL)",
    async () => {
      const database = await openTestDatabase({ lockTimeoutMs: 100, statementTimeoutMs: 100 });
      const other = new pg.Client({ connectionString: database.url });
      try {
        await other.connect();
        // The key migrations lock on (client.ts): another instance is migrating.
        await other.query('select pg_advisory_lock(727001)');
        const migrating = database.migrate();
        // Waiting on the advisory lock three times longer than the pool's limits allow.
        await vi.waitFor(
          async () => {
            const [row] = await database.query<{ waiting: boolean }>(
              `select bool_or(now() - query_start > interval '300 ms') as waiting from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query like '%pg_advisory_lock%'`,
            );
            expect(row?.waiting).toBe(true);
          },
          { timeout: 10_000, interval: 50 },
        );
        await other.query('select pg_advisory_unlock(727001)');
        await migrating;
        expect(await database.query('select id from tenant')).toEqual([]);
      } finally {
        await other.end();
        await database.close();
      }
    },
  );

  it('counts the teams that exist when the team counts arrive (0024 backfill)', async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      // Three users in a chain, linked as before the counts existed (no team_count rows).
      await database.query(
        `insert into tenant (id, name, currency, default_language, time_zone, invite_url)
         values ('000000', 'T', 'PHP', 'en', 'Asia/Manila', 'http://x') on conflict do nothing`,
      );
      await database.query(
        `insert into app_user (id, tenant_id, nickname, invite_code, created_at, updated_at)
         select g, '000000', 'u' || g, 'BF' || g, now(), now() from generate_series(9001, 9003) g`,
      );
      await database.query(
        `insert into team_link (ancestor_id, descendant_id, depth, joined_at)
         values (9001, 9002, 1, now()), (9001, 9003, 2, now()), (9002, 9003, 1, now())`,
      );
      const sql = readFileSync(new URL('../../drizzle/0024_team_count.sql', import.meta.url), 'utf8');
      const backfill = sql.split('--> statement-breakpoint').at(-1)!;
      await database.query(backfill);
      expect(
        await database.query('select ancestor_id::int as a, depth, members from team_count order by 1, 2'),
      ).toEqual([
        { a: 9001, depth: 1, members: 1 },
        { a: 9001, depth: 2, members: 1 },
        { a: 9002, depth: 1, members: 1 },
      ]);
    } finally {
      await database.close();
    }
  });

  it('keeps data in the embedded database directory across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ds-pglite-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.migrate();
      await first.query(
        "insert into tenant (id, name, currency, default_language, time_zone, invite_url) values ('123456', 'Kept', 'PHP', 'en', 'UTC', 'x')",
      );
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      await second.migrate();
      expect(await second.query('select name from tenant where id = $1', ['123456'])).toEqual([
        { name: 'Kept' },
      ]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
