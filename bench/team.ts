// Team and catalogue queries at a grown tenant's scale (PostgreSQL): a root user with a complete
// 10-ary team down to five levels (10 + 100 + 1,000 + 10,000 + 88,889 members), every tenth member
// holding a Star Card, and a catalogue of 10,000 published series with 200,000 episodes. Times the
// team service's calls for the root (level counts, per-level status with Star Card holders and
// rewards, the header, a level-5 member page, a search, the invitation details) and the
// catalogue's (Home, a series page, a category page, search, the feed's first and a deep page,
// a series' episodes) against a baseline measured in the same run: a primary-key lookup of one
// user. Catalogue calls are timed cold (this instance's cache cleared before each call, so the
// database answers) and, for Home and the feed, warm (from the cache, as most requests are).
//   npm run bench   (or: npx tsx bench/team.ts)   BENCH_RUNS=20
// The server is DATABASE_URL, else TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres;
// a scratch database is made there and dropped afterwards (skipped when there is no server).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../apps/server/src/clock.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createRateLimiter } from '../apps/server/src/http/rate-limit.js';
import { recentViewers } from '../apps/server/src/modules/analytics/series-viewers.js';
import { createCatalogService } from '../apps/server/src/modules/catalog/catalog.service.js';
import { noViewingPasses } from '../apps/server/src/modules/catalog/entitlement.js';
import { createPointsService } from '../apps/server/src/modules/catalog/points.service.js';
import { createStreamSigner } from '../apps/server/src/modules/catalog/stream-signer.js';
import { createLedger } from '../apps/server/src/modules/ledger/ledger.service.js';
import { createMembershipService } from '../apps/server/src/modules/membership/membership.service.js';
import { createTeamService } from '../apps/server/src/modules/team/team.service.js';

const runs = Number(process.env.BENCH_RUNS ?? 20);
const MEMBERS = 100_000;
const SERIES = 10_000;
const EPISODES_PER_SERIES = 20;
const CATEGORIES = ['romance', 'family', 'revenge', 'ceo', 'youth', 'fantasy', 'comedy', 'thriller'];
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
     insert into team_link (ancestor_id, descendant_id, depth, joined_at)
     select chain.*, u.created_at from chain join app_user u on u.id = chain.descendant_id`,
  );
  // The counts the app keeps as members join (linkToInviter), made here at once as the migration does.
  await database.query(
    `insert into team_count (ancestor_id, depth, members)
     select ancestor_id, depth, count(*)::int from team_link group by ancestor_id, depth`,
  );
  await database.query(
    `insert into membership_card (tenant_id, user_id, tier, source, starts_at, ends_at, created_at)
     select '000000', g, 'primary', 'bench', now() - interval '1 day', now() + interval '29 days', now()
     from generate_series(2, ${MEMBERS + 1}, 10) g`,
  );
  // The catalogue: counts spread like a real one (a few hits, a long tail), some series pinned
  // by operators, five on the banner carousel, 20 episodes each, the first 3 free.
  await database.query(
    `insert into series (tenant_id, slug, title, description, cover, tags, category, status, free_episodes,
                         favorite_count, like_count, play_count, sort_order, banner_order, created_at)
     select '000000', 's' || g,
            jsonb_build_object('en', 'Series ' || g || ' love story', 'vn', 'Phim ' || g, 'id', 'Drama ' || g),
            jsonb_build_object('en', 'The story of family ' || g || ' and a secret'), '/media/covers/x.jpg',
            jsonb_build_array('tag' || (g % 50), 'romance'), (array['${CATEGORIES.join("','")}'])[1 + g % ${CATEGORIES.length}],
            'published', 3, (g * 7919) % 5000, (g * 104729) % 20000, floor(1e6 / (1 + (g * 31) % ${SERIES}))::int,
            case when g % 1000 = 0 then g / 1000 else 0 end, case when g <= 5 then g end,
            now() - (g || ' minutes')::interval
     from generate_series(1, ${SERIES}) g`,
  );
  await database.query(
    `insert into episode (series_id, number, duration, poster, hls_key, like_count, created_at)
     select s.id, n, 90, '/media/posters/x.jpg', 'hls/x', (s.id * n) % 100, now()
     from series s cross join generate_series(1, ${EPISODES_PER_SERIES}) n`,
  );
  await database.query('analyze');
  const [links] = await database.query<{ n: number }>(
    'select count(*)::int as n from team_link where ancestor_id = 1',
  );
  const setupMs = performance.now() - t0;

  const clock = systemClock;
  const ledger = createLedger(clock);
  const memberships = createMembershipService({ clock, ledger, purchaseHooks: [] });
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

  const catalog = createCatalogService({
    db: database.db,
    clock,
    entitlements: noViewingPasses,
    points: createPointsService(clock),
    signer: await createStreamSigner(database.db),
    limiter: createRateLimiter(database.db, clock),
    recentViewers,
  });
  const cold =
    <T>(work: () => Promise<T>) =>
    () => {
      catalog.invalidate();
      return work();
    };
  const page = { pageNum: 1, pageSize: 20 };
  const catalogResults = [
    await time(
      'Home (homeSeries), cold',
      cold(() => catalog.home('000000', 'en')),
    ),
    await time('Home, warm (cached)', () => catalog.home('000000', 'en')),
    await time(
      'all series, page 1, cold',
      cold(() => catalog.all('000000', page, 'en')),
    ),
    await time(
      'a category, page 1, cold',
      cold(() => catalog.all('000000', { ...page, category: 'ceo' }, 'en')),
    ),
    await time(
      'search "family 77", cold',
      cold(() => catalog.search('000000', 'family 77', page, 'en')),
    ),
    await time(
      'search "love", cold',
      cold(() => catalog.search('000000', 'love', page, 'en')),
    ),
    await time(
      'feed page 1, cold',
      cold(() => catalog.feed('000000', page, null, 'en')),
    ),
    await time('feed page 1, warm (cached)', () => catalog.feed('000000', page, null, 'en')),
    await time(
      'feed page 500, cold',
      cold(() => catalog.feed('000000', { ...page, pageNum: 500 }, null, 'en')),
    ),
    await time(
      'a series and its 20 episodes (videos/{id}), cold',
      cold(() => catalog.detail('000000', 4321, null, 'en')),
    ),
  ];

  console.log(
    `\nTeam queries: ${links?.n ?? 0} members within five levels of one user (tree built in ${(setupMs / 1000).toFixed(1)} s), ${runs} runs each`,
  );
  console.log('| query | median ms | p95 ms | ratio to baseline (median) |');
  console.log('| --- | ---: | ---: | ---: |');
  const table = (rows: { label: string; median: number; p95: number }[]) => {
    for (const r of rows) {
      console.log(
        `| ${r.label} | ${r.median.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.median / baseline.median).toFixed(1)} |`,
      );
    }
  };
  table([baseline, ...results]);
  console.log(
    `\nCatalogue queries: ${SERIES.toLocaleString('en')} published series, ${(SERIES * EPISODES_PER_SERIES).toLocaleString('en')} episodes, ${runs} runs each`,
  );
  console.log('| query | median ms | p95 ms | ratio to baseline (median) |');
  console.log('| --- | ---: | ---: | ---: |');
  table([baseline, ...catalogResults]);
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.close();
}
