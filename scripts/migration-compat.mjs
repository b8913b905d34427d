// Migrations are safe for a rolling deploy (README "Deploys without downtime"): while instances of
// the previous release still run, the database already has this release's schema. This check
// takes the previous release's tree (the commit in .ci/previous-release), replaces its migrations
// with this tree's, and runs a set of its server API tests on PostgreSQL: every fresh test
// database gets this release's schema, and the old code and its tests must still pass on it.
// A migration that drops or renames what the old code uses (a contract step too early), or adds
// a NOT NULL column without a default, fails here.
//
// The server: TEST_DATABASE_URL, else CI_POSTGRES_URL, else postgres://root@127.0.0.1:5432/postgres.
// With none reachable this says so in one line and succeeds, unless REQUIRE_POSTGRES=1 (CI).
// Arguments: test files of the old tree to run instead of the default set.
//
// `--breaking` proves the check can fail (CI runs it first, ~1 minute): it adds to this tree's
// migrations one that renames recharge_order.request_id, which the previous release's recharges
// read and write, runs the old recharge tests, and succeeds only when they fail with the server's
// error (500) on it.
//
// The old tree reuses this tree's node_modules when this lock file holds every package of the old
// one at the same version (the usual case: a release adds packages more often than it moves them);
// otherwise it gets its own `npm ci --prefer-offline`.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  cpSync,
  readlinkSync,
  lstatSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import pg from 'pg';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const url =
  process.env.TEST_DATABASE_URL || process.env.CI_POSTGRES_URL || 'postgres://root@127.0.0.1:5432/postgres';
const required = ['1', 'true', 'yes'].includes(process.env.REQUIRE_POSTGRES ?? '');
const breaking = process.argv.includes('--breaking');
const args = process.argv.slice(2).filter((a) => a !== '--breaking');
/** The deliberately breaking migration of `--breaking`: a rename, a contract step too early. */
const BREAKING_SQL = 'ALTER TABLE "recharge_order" RENAME COLUMN "request_id" TO "client_request_id";';
const BREAKING_FILES = ['src/modules/wallet/recharge.test.ts'];

/** The previous release's API tests: money, sign-in, catalogue, chat, console (about 5 minutes on a busy 2-core machine). */
const SMOKE = [
  'src/modules/auth/auth.test.ts',
  'src/modules/wallet/recharge.test.ts',
  'src/modules/wallet/withdrawal.test.ts',
  'src/modules/wallet/wallet.test.ts',
  'src/modules/membership/membership.test.ts',
  'src/modules/team/team.test.ts',
  'src/modules/earn/earn.test.ts',
  'src/modules/catalog/catalog.test.ts',
  'src/modules/chat/chat.test.ts',
  'src/modules/operator/dashboard.test.ts',
  'src/modules/wallet/admin-finance.test.ts',
];

/** Vitest's workers (its default unless set): more time out under load (measured: README). */
const WORKERS = process.env.COMPAT_WORKERS;

const previous = readFileSync(join(root, '.ci/previous-release'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .find((l) => l && !l.startsWith('#'));
if (!previous) fail('.ci/previous-release names no commit');

const reason = await reach(url);
if (reason) {
  const line = `Migration-compatibility check skipped: no PostgreSQL server answered (${reason}).`;
  if (required) fail(`${line} REQUIRE_POSTGRES is set: failing.`);
  process.stdout.write(`${line}\n`);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'ds-compat-'));
try {
  const archive = spawnSync('sh', ['-c', `git -C "${root}" archive "${previous}" | tar -x -C "${dir}"`], {
    stdio: 'inherit',
  });
  if (archive.status !== 0) fail(`could not read ${previous} (a shallow clone? fetch its history)`);
  // This release's schema under the previous release's code.
  rmSync(join(dir, 'apps/server/drizzle'), { recursive: true, force: true });
  cpSync(join(root, 'apps/server/drizzle'), join(dir, 'apps/server/drizzle'), { recursive: true });
  if (breaking) addMigration(join(dir, 'apps/server/drizzle'), 'compat_breaking_rename', BREAKING_SQL);

  const missing = uncovered(
    readFileSync(join(dir, 'package-lock.json'), 'utf8'),
    readFileSync(join(root, 'package-lock.json'), 'utf8'),
  );
  if (missing.length === 0 && existsSync(join(root, 'node_modules'))) {
    // Every old package at the same version here: link this tree's, but the workspace packages to
    // the old tree's own.
    for (const ws of ['', ...workspaces(dir)])
      linkModules(join(root, ws, 'node_modules'), join(dir, ws, 'node_modules'));
  } else {
    process.stdout.write(
      `== npm ci for the old tree (${missing.length} packages differ, e.g. ${missing[0]})\n`,
    );
    run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline']);
  }

  const files = args.length ? args : breaking ? BREAKING_FILES : SMOKE;
  const present = files.filter((f) => existsSync(join(dir, 'apps/server', f)));
  process.stdout.write(
    `== the release at ${previous.slice(0, 9)}: ${present.length} server test files on this tree's migrations${breaking ? ' plus a breaking one (recharge_order.request_id renamed)' : ''}\n`,
  );
  const vitest = [
    'vitest',
    'run',
    '--project',
    'server',
    ...(WORKERS ? [`--maxWorkers=${WORKERS}`] : []),
    ...present,
  ];
  if (breaking) {
    const r = spawnSync('npx', vitest, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TEST_DATABASE_URL: url },
      maxBuffer: 1 << 28,
    });
    const output = `${r.stdout}${r.stderr}`;
    if (r.status === 0)
      failClean('The check did not fail: the previous release passed on a schema without a column it uses.');
    // The old server's queries on the renamed column fail: its calls answer 500 (InternalError).
    if (!/request_id|InternalError/.test(output))
      failClean(`The old tests failed, but not with the server's error:\n${output.slice(-4000)}`);
    const plain = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    const failedLine = plain.split('\n').find((l) => /^\s*Tests\s+\d+ failed/.test(l)) ?? '';
    process.stdout.write(
      `== the check fails as it should: the previous release's recharge tests answer 500 on the renamed column (${failedLine.trim().replace(/\s+/g, ' ')})\n`,
    );
  } else {
    run('npx', vitest, { TEST_DATABASE_URL: url });
    process.stdout.write('== the previous release works on the new schema\n');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function run(command, args, env = {}) {
  const r = spawnSync(command, args, { cwd: dir, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    fail(
      `${command} ${args.slice(0, 3).join(' ')}… failed: the previous release does not work on this schema`,
    );
  }
}

/** Packages of the old lock that this lock lacks or holds at another version (workspaces aside). */
function uncovered(oldLock, newLock) {
  const older = JSON.parse(oldLock).packages ?? {};
  const newer = JSON.parse(newLock).packages ?? {};
  return Object.entries(older)
    .filter(([path, entry]) => path.includes('node_modules/') && !entry.link)
    .filter(([path, entry]) => newer[path]?.version !== entry.version)
    .map(([path]) => path);
}

/** Appends a migration (SQL and journal entry) after the last one in `folder`. */
function addMigration(folder, name, sqlText) {
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const last = journal.entries.at(-1);
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  writeFileSync(join(folder, `${tag}.sql`), `${sqlText}\n`);
  journal.entries.push({ ...last, idx, tag, when: last.when + 1000 });
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
}

function workspaces(tree) {
  const list = JSON.parse(readFileSync(join(tree, 'package.json'), 'utf8')).workspaces ?? [];
  return list.filter((ws) => existsSync(join(tree, ws)));
}

/** `to` gets a link to each of `from`'s entries; `@dramastar/*` point into the old tree. */
function linkModules(from, to) {
  if (!existsSync(from)) return;
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name === '@dramastar') {
      mkdirSync(join(to, name), { recursive: true });
      for (const pkg of readdirSync(join(from, name))) {
        const source = join(from, name, pkg);
        const target = lstatSync(source).isSymbolicLink() ? readlinkSync(source) : source;
        symlinkSync(target, join(to, name, pkg)); // relative links land in the old tree
      }
    } else if (name !== 'tsconfig.tsbuildinfo') {
      symlinkSync(join(from, name), join(to, name));
    }
  }
}

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

function failClean(message) {
  rmSync(dir, { recursive: true, force: true });
  fail(message);
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
