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
  /** The request pool's connections now, for /metrics (PGlite has one connection and no pool). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  /** Connections open: in use plus idle (PostgreSQL only). */
  total?: number;
  idle?: number;
  /** Requests waiting for a connection (PostgreSQL only). */
  waiting?: number;
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
  /** Longest wait for a pooled connection; absent or 0: unbounded. */
  acquireTimeoutMs?: number;
  /** statement_timeout of every pooled connection; absent or 0: none. */
  statementTimeoutMs?: number;
  /** lock_timeout of every pooled connection; absent or 0: none. */
  lockTimeoutMs?: number;
}

/** The readiness probe's own connection answers within this or counts as not ready. */
const READY_TIMEOUT_MS = 1000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir);
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
    poolStats: () => ({ max: 1 }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const ignore = () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  };
  // Every wait is bounded: for a connection, for a lock, for a statement (README, Running at scale).
  const poolMax = options.poolMax ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 0,
    statement_timeout: options.statementTimeoutMs ?? 0,
    lock_timeout: options.lockTimeoutMs ?? 0,
  });
  pool.on('error', ignore);
  // A connection that ends while its client is checked out (PostgreSQL restarting, a transaction
  // waiting between statements) makes the client emit 'error': unheard, that would end the
  // process. Heard here, the next statement on it fails (answered 503) and the pool drops it.
  pool.on('connect', (client) => client.on('error', ignore));
  // Readiness asks on its own connection, so a pool used up by requests waiting on locks does not
  // make a live database look down (or keep the probe waiting).
  const probe = new pg.Pool({
    connectionString: url,
    max: 1,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: READY_TIMEOUT_MS,
    query_timeout: READY_TIMEOUT_MS,
    statement_timeout: READY_TIMEOUT_MS,
  });
  probe.on('error', ignore);
  probe.on('connect', (client) => client.on('error', ignore));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Its own session without the pool's timeouts (nor any set on the role): waiting for another
      // instance's migrations and a long schema change are legitimate.
      const client = new pg.Client({ connectionString: url });
      client.on('error', ignore);
      await client.connect();
      try {
        await client.query('set statement_timeout = 0; set lock_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as T[],
    ping: async () => {
      await probe.query('select 1');
    },
    poolStats: () => ({
      max: poolMax,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await Promise.all([pool.end(), probe.end()]);
    },
  };
}
