// Team queries on a 100,000-member tree (PostgreSQL): a root user with a complete 10-ary team
// down to five levels (10 + 100 + 1,000 + 10,000 + 88,889 members), every tenth member holding a
// Star Card. Times the team service's calls for the root (level counts, per-level status with
// Star Card holders and rewards, the header, a level-5 member page, a search, the invitation
// details) against a baseline measured in the same run: a primary-key lookup of one user.
//   npm run bench   (or: npx tsx bench/team.ts)   BENCH_RUNS=20
// The server is DATABASE_URL, else TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres;
// a scratch database is made there and dropped afterwards (skipped when there is no server).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../apps/server/src/clock.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createLedger } from '../apps/server/src/modules/ledger/ledger.service.js';
import { createMembershipService } from '../apps/server/src/modules/membership/membership.service.js';
import { createTeamService } from '../apps/server/src/modules/team/team.service.js';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const MEMBERS = 100_000;
const explicitUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const serverUrl = explicitUrl ?? 'postgres://root@127.0.0.1:5432/postgres';

const admin = await openDatabase({ url: serverUrl, poolMax: 1 });
try {
  await admin.ping();
} catch (error) {
  await admin.close();
  if (explicitUrl) throw error;
  console.log(`\nteam benchmark skipped: no PostgreSQL at ${serverUrl} (${String(error)})`);
  process.exit(0);
}
const name = `ds_bench_${randomBytes(6).toString('hex')}`;
await admin.query(`create database ${name}`);
const scratchUrl = new URL(serverUrl);
scratchUrl.pathname = `/${name}`;
const database = await openDatabase({ url: scratchUrl.toString(), poolMax: 4 });

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

async function time(label: string, work: () => Promise<unknown>) {
  await work(); // warm
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { label, median: quantile(samples, 0.5), p95: quantile(samples, 0.95) };
}

try {
  await database.migrate();
  const t0 = performance.now();
  await database.query(
    "insert into tenant (id, name, currency, default_language, time_zone, invite_url) values ('000000', 'Bench', 'PHP', 'en', 'Asia/Manila', 'http://localhost/#/pages/login/register')",
  );
  // Node i (1-based) is invited by node floor((i - 2) / 10) + 1: a complete 10-ary tree.
  await database.query(
    `insert into app_user (id, tenant_id, invite_code, inviter_id, nickname, created_at, updated_at)
     select g, '000000', 'B' || lpad(g::text, 7, '0'), case when g = 1 then null else (g - 2) / 10 + 1 end,
            'member ' || g, now() - (g || ' seconds')::interval, now()
     from generate_series(1, ${MEMBERS + 1}) g`,
  );
  await database.query(`select setval('app_user_id_seq', ${MEMBERS + 1})`);
  await database.query(
    `with recursive chain(ancestor_id, descendant_id, depth) as (
       select inviter_id, id, 1 from app_user where inviter_id is not null
       union all
       select u.inviter_id, chain.descendant_id, chain.depth + 1
       from chain join app_user u on u.id = chain.ancestor_id
       where u.inviter_id is not null and chain.depth < 5
     )
     insert into team_link (ancestor_id, descendant_id, depth) select * from chain`,
  );
  await database.query(
    `insert into membership_card (tenant_id, user_id, tier, source, starts_at, ends_at, created_at)
     select '000000', g, 'primary', 'bench', now() - interval '1 day', now() + interval '29 days', now()
     from generate_series(2, ${MEMBERS + 1}, 10) g`,
  );
  await database.query('analyze');
  const [links] = await database.query<{ n: number }>(
    'select count(*)::int as n from team_link where ancestor_id = 1',
  );
  const setupMs = performance.now() - t0;

  const clock = systemClock;
  const ledger = createLedger(clock);
  const memberships = createMembershipService({ clock, ledger });
  const team = createTeamService({ db: database.db, clock, ledger, memberships });
  const root = { userId: 1n, tenantId: '000000' };

  const baseline = await time('baseline: one user by primary key', () =>
    database.query('select id, nickname from app_user where id = $1', [12_345]),
  );
  const results = [
    await time('level counts (userLevelStatistic)', () => team.levels(root)),
    await time('level status with Star Card holders', () => team.levelStatus(root)),
    await time('team header (teamStatus)', () => team.status(root, 'http://localhost')),
    await time('level 5 members, page 1 of 20', () =>
      team.members(root, { level: 5, pageNum: 1, pageSize: 20 }),
    ),
    await time('search by invite code', () =>
      team.members(root, { keyword: 'B0054321', pageNum: 1, pageSize: 20 }),
    ),
    await time('invitation details, page 1', () =>
      team.invitationDetails(root, { pageNum: 1, pageSize: 20 }),
    ),
  ];

  console.log(
    `\nTeam queries: ${links?.n ?? 0} members within five levels of one user (tree built in ${(setupMs / 1000).toFixed(1)} s), ${runs} runs each`,
  );
  console.log('| query | median ms | p95 ms | ratio to baseline (median) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of [baseline, ...results]) {
    console.log(
      `| ${r.label} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.median / baseline.median).toFixed(1)} |`,
    );
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.close();
}
