import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { MOVE_COLUMNS } from './ledger.service.js';

const source = readFileSync(new URL('./ledger-move.sql', import.meta.url), 'utf8');
const migrationsDir = new URL('../../../drizzle/', import.meta.url);
const FUNCTIONS = ['ledger_account_of', 'ledger_move'] as const;

/** A function's statement in SQL text: its header (name to `AS`) and its body between `$$`. */
function functionIn(sqlText: string, name: string): { header: string; body: string } | undefined {
  const found = new RegExp(
    `CREATE (?:OR REPLACE )?FUNCTION "${name}"([\\s\\S]*?)AS \\$\\$([\\s\\S]*?)\\$\\$`,
  ).exec(sqlText);
  if (!found) return undefined;
  return { header: found[1]!.replace(/\s+/g, ' ').trim(), body: found[2]! };
}

/** The last migration that (re)defines the function: what a migrated database runs. */
function latestMigrationOf(name: string) {
  const files = readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  let latest: { file: string; fn: { header: string; body: string } } | undefined;
  for (const file of files) {
    const fn = functionIn(readFileSync(new URL(file, migrationsDir), 'utf8'), name);
    if (fn) latest = { file, fn };
  }
  return latest;
}

describe('ledger_move, kept in the ledger module', () => {
  it.each(FUNCTIONS)('the latest migration defining %s has the source’s text', (name) => {
    const mine = functionIn(source, name);
    const migrated = latestMigrationOf(name);
    expect(mine, `${name} in ledger-move.sql`).toBeDefined();
    expect(migrated, `a migration defining ${name}`).toBeDefined();
    expect(migrated?.fn.header).toBe(mine?.header);
    expect(migrated?.fn.body).toBe(mine?.body);
  });

  it('a migrated database runs the source', async () => {
    const database = await openTestDatabase();
    try {
      await database.migrate();
      for (const name of FUNCTIONS) {
        const rows = await database.query<{ prosrc: string }>(
          'select prosrc from pg_proc where proname = $1',
          [name],
        );
        expect(rows.map((row) => row.prosrc)).toEqual([functionIn(source, name)?.body]);
      }
    } finally {
      await database.close();
    }
  });

  it('answers the columns the service reads, in order', () => {
    const header = functionIn(source, 'ledger_move')?.header ?? '';
    const columns = /RETURNS TABLE \((.*)\)/.exec(header)?.[1] ?? '';
    expect(columns.split(',').map((column) => /"(\w+)"/.exec(column)?.[1])).toEqual([...MOVE_COLUMNS]);
  });
});
