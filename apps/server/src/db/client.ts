import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: services take either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (safe to run from many instances at once). */
  migrate(): Promise<void>;
  /** Raw parameterised SQL, for probes, scripts and tests; services use `db`. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** `select 1`: for the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Any constant: the key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 727_001;

export interface DatabaseOptions {
  /** PostgreSQL connection string; absent means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  poolMax?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolMax ?? 10) : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
    },
  };
}
