// `npm test`'s second step: the server suite again on a real PostgreSQL server, where the tests
// marked PostgreSQL-only (two instances racing for money, counters and lock-outs; LISTEN/NOTIFY;
// pool timeouts) run - PGlite answers one query at a time and would hide those races.
//
// The server: TEST_DATABASE_URL, else CI_POSTGRES_URL, else postgres://root@127.0.0.1:5432/postgres
// (every test makes its own database there and drops it). When none answers, this says so in one
// line and succeeds, unless REQUIRE_POSTGRES=1 (CI), which makes it fail. Arguments go to Vitest.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url =
  process.env.TEST_DATABASE_URL || process.env.CI_POSTGRES_URL || 'postgres://root@127.0.0.1:5432/postgres';
const shown = url.replace(/\/\/[^@/]*@/, '//…@');
const required = ['1', 'true', 'yes'].includes(process.env.REQUIRE_POSTGRES ?? '');

const reason = await reach(url);
if (reason) {
  const line = `PostgreSQL-only server tests skipped: no PostgreSQL server answered at ${shown} (${reason}); set TEST_DATABASE_URL to run them.`;
  if (required) {
    process.stderr.write(`${line}\nREQUIRE_POSTGRES is set: failing.\n`);
    process.exit(1);
  }
  process.stdout.write(`${line}\n`);
  process.exit(0);
}

process.stdout.write(`== the server suite on PostgreSQL at ${shown}\n`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);

/** Why the server cannot be used, or undefined when it answers. */
async function reach(connectionString) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}
