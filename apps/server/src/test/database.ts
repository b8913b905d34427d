import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseOptions, openDatabase } from '../db/client.js';

/**
 * A fresh, empty database for one test: in-memory PGlite by default, or - when TEST_DATABASE_URL
 * names a PostgreSQL server - a new database created on that server and dropped on close.
 */
export async function openTestDatabase(
  /** Pool size and timeouts for PostgreSQL (default: a pool of 10, no timeouts). */
  options: Omit<DatabaseOptions, 'url' | 'dataDir'> = {},
): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const name = `ds_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ poolMax: 10, ...options, url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);
