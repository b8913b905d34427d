// Analytics benchmark (issue 41, docs/analytics.md), on PostgreSQL (DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres; a scratch database is made and
// dropped):
//  1. Ingestion: POST /app-api/analytics/events with batches of 20 events (fresh ids each call)
//     against GET /healthz of the same server in the same run, in turns; prints calls/s, events/s,
//     p50/p99, the ratio of the ingestion's events/s to /healthz's calls/s (the aim: ≥ 0.5)
//     and, stricter, of its calls/s to /healthz's; the calls ratio
//     by CPU time per call (the instance's, and with its PostgreSQL backends'; steadier than
//     throughput on a shared machine), then the events stored and dropped (the server's /metrics).
//  2. Rollup: a seeded fixture of one tenant, 100 series, 200,000 viewers (62,500 active a day,
//     BENCH_ANALYTICS_ACTIVE; ~10-11 events each: ~667,000 events a day, made by generate_series in
//     SQL), BENCH_ANALYTICS_DAYS days (default 3; 30 makes the ~20 M-row fixture); the rollup of
//     each day is timed (aim: ≤ 60 s), then the
//     console's calls (overview, a series) are asked 50 times each from the rollups (aim: p95 ≤ 100 ms).
//   npm run build && npx tsx bench/analytics.ts      BENCH_SECONDS=6 BENCH_CONNECTIONS=10
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { manualClock } from '../apps/server/src/clock.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { localDiskStorage } from '../apps/server/src/media/storage.js';
import { createAnalyticsConsole } from '../apps/server/src/modules/analytics/analytics-console.service.js';
import { ensurePartitions } from '../apps/server/src/modules/analytics/partitions.js';
import { rollupDay } from '../apps/server/src/modules/analytics/rollup.js';
import { createContentService } from '../apps/server/src/modules/catalog/content/content.service.js';
import { createTenantService } from '../apps/server/src/modules/tenant/tenant.service.js';
import { startServer } from '../e2e/server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const days = Number(process.env.BENCH_ANALYTICS_DAYS ?? 3);
const serverUrl =
  process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
delete process.env.DATABASE_URL;

const BATCH = 20;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

// Fresh ids each call without the load generator spending its time on them: a run prefix and a
// counter (valid version-4 UUIDs), the body written as a template.
const runPrefix = randomBytes(4).toString('hex');
let sent = 0;
function batchBody(): string {
  const now = Date.now();
  const device = `bench-${runPrefix}-${(sent % 200_000).toString(16).padStart(6, '0')}`;
  const events: string[] = [];
  for (let i = 0; i < BATCH; i++) {
    const n = (sent * BATCH + i).toString(16).padStart(12, '0');
    events.push(
      `{"id":"${runPrefix}-0000-4000-8000-${n}","at":${now - i * 10},"type":"episode_progress","seriesId":${1 + (i % 100)},"episodeId":${1000 + i},"episode":${1 + (i % 30)},"percent":25,"seconds":12}`,
    );
  }
  sent++;
  return `{"deviceId":"${device}","events":[${events.join(',')}]}`;
}

async function ingestion(url: string, admin: pg.Client, name: string): Promise<void> {
  const server = await startServer({
    DATABASE_URL: url,
    DEMO_CONTENT: 'false',
    SMTP_URL: 'smtp://127.0.0.1:9',
  });
  try {
    const rounds = Math.max(1, Math.round(seconds / 2));
    const totals = {
      health: [] as number[],
      ingest: [] as number[],
      healthLat: [] as number[],
      ingestLat: [] as number[],
      healthCpu: 0,
      healthCalls: 0,
      ingestCpu: 0,
      ingestPgCpu: 0,
      ingestCalls: 0,
    };
    const pid = server.process.pid!;
    // A round not counted: both paths compiled by the JIT, the pool's connections open.
    await autocannon({ url: `${server.url}/healthz`, connections, duration: 1 });
    await autocannon({
      url: `${server.url}/app-api/analytics/events`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      connections,
      duration: 1,
      requests: [{ setupRequest: (req) => ({ ...req, body: batchBody() }) }],
    });
    for (let r = 0; r < rounds; r++) {
      let cpu = cpuMs(pid);
      const health = await autocannon({ url: `${server.url}/healthz`, connections, duration: 1 });
      totals.healthCpu += cpuMs(pid) - cpu;
      totals.healthCalls += health.requests.total;
      cpu = cpuMs(pid);
      const pgCpu = await postgresCpuMs(admin, name);
      const ingest = await autocannon({
        url: `${server.url}/app-api/analytics/events`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections,
        duration: 1,
        requests: [{ setupRequest: (req) => ({ ...req, body: batchBody() }) }],
      });
      if (ingest.non2xx > 0) throw new Error(`ingestion answered ${ingest.non2xx} non-2xx`);
      totals.ingestCpu += cpuMs(pid) - cpu;
      totals.ingestPgCpu += (await postgresCpuMs(admin, name)) - pgCpu;
      totals.ingestCalls += ingest.requests.total;
      totals.health.push(health.requests.average);
      totals.ingest.push(ingest.requests.average);
      totals.healthLat.push(health.latency.p50);
      totals.ingestLat.push(ingest.latency.p50, ingest.latency.p99);
    }
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const healthRate = mean(totals.health);
    const ingestRate = mean(totals.ingest);
    const pgBefore = await postgresCpuMs(admin, name);
    await new Promise((r) => setTimeout(r, 2500)); // the buffer's last flush
    totals.ingestPgCpu += (await postgresCpuMs(admin, name)) - pgBefore;
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    const metric = (name: string) =>
      metrics
        .split('\n')
        .filter((l) => l.startsWith(name))
        .map((l) => `${l.slice(name.length) || ''} ${l.split(' ').pop()}`.trim())
        .join(', ');
    console.log(
      `\nIngestion (PostgreSQL, ${connections} connections, ${rounds} rounds of 1 s each, in turns)`,
    );
    console.table([
      {
        call: 'GET /healthz (baseline)',
        'calls/s': Math.round(healthRate),
        'events/s': '',
        'p50 ms': mean(totals.healthLat),
      },
      {
        call: `POST /app-api/analytics/events (${BATCH} events)`,
        'calls/s': Math.round(ingestRate),
        'events/s': Math.round(ingestRate * BATCH),
        'p50 ms': mean(totals.ingestLat.filter((_, i) => i % 2 === 0)),
      },
    ]);
    // The measure: events taken per second against /healthz's calls per second (aim ≥ 0.5
    // at batches of 20); call for call, the stricter ratio, is printed beside it.
    console.log(
      `ratio ingestion events/s ÷ /healthz calls/s: ${((ingestRate * BATCH) / healthRate).toFixed(2)} (aim ≥ 0.5)`,
    );
    console.log(`ratio ingestion calls/s ÷ /healthz calls/s: ${(ingestRate / healthRate).toFixed(2)}`);
    // Throughput on a shared machine follows its load; CPU time per call does not (much).
    const perCall = (ms: number, calls: number) => (1000 * ms) / Math.max(1, calls);
    const healthUs = perCall(totals.healthCpu, totals.healthCalls);
    const ingestUs = perCall(totals.ingestCpu, totals.ingestCalls);
    const pgUs = perCall(totals.ingestPgCpu, totals.ingestCalls);
    console.log(
      `CPU per call: /healthz ${healthUs.toFixed(0)} µs (the instance); ingestion ${ingestUs.toFixed(0)} µs (the instance)` +
        (pgUs > 0 ? ` + ${pgUs.toFixed(0)} µs (PostgreSQL, writing its ${BATCH} events)` : ''),
    );
    console.log(
      `ratio by the instance's CPU per call (/healthz ÷ ingestion): ${(healthUs / ingestUs).toFixed(2)}` +
        (pgUs > 0 ? `; with PostgreSQL's: ${(healthUs / (ingestUs + pgUs)).toFixed(2)}` : ''),
    );
    console.log(`written: ${metric('dramastar_analytics_events_written_total')}`);
    console.log(`dropped: ${metric('dramastar_analytics_events_dropped_total')}`);
  } finally {
    await server.stop();
  }
}

const TICK_MS = 10; // USER_HZ 100 on Linux
/** CPU time (user + system) of a process so far, in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/**
 * CPU time of the PostgreSQL backends serving `database` (a server on this machine; other
 * databases' work on a shared server is not counted), in ms; 0 when it is elsewhere.
 */
async function postgresCpuMs(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
    database,
  ]);
  return rows.reduce((sum, r) => sum + cpuMs(r.pid), 0);
}

/** Viewers active on a fixture day (of 200,000): ~10.7 events each, ~667,000 events a day. */
const ACTIVE_A_DAY = Number(process.env.BENCH_ANALYTICS_ACTIVE ?? 62_500);

/** One UTC day of the fixture: ACTIVE_A_DAY of the 200,000 viewers, each on one series for 3 episodes. */
function seedDay(day: string, k: number): string {
  return `insert into analytics_event (day, id, tenant_id, at, received_at, type, user_id, device_id, series_id, episode_id, episode, percent, seconds, detail, amount)
  select (x.at at time zone 'UTC')::date, gen_random_uuid(), '000000', x.at, x.at, x.type,
    case when x.vi % 4 = 0 then 1000000 + x.vi end, 'dev-' || x.vi, x.series_id, x.series_id * 1000 + x.episode, x.episode,
    x.percent, x.seconds, x.detail, x.amount
  from (
    select v.vi, v.series_id, e.episode, s.step,
      v.t0 + make_interval(mins => (e.episode - v.first_ep) * 3, secs => s.step * 20) as at,
      case when s.step = -1 then 'visit' when s.step = 0 then 'episode_start' when s.step = 4 then 'episode_complete'
           when s.step = 5 then 'paywall_shown' when s.step = 6 then 'purchase' else 'episode_progress' end as type,
      case when s.step between 1 and 3 then s.step * 25 when s.step = 4 then 100 end as percent,
      case when s.step between 1 and 4 then s.step * 25.0 end as seconds,
      case when s.step = -1 then (case when v.vi % 10 = 0 then 'invite' else 'direct' end)
           when s.step = 0 then (case when v.vi % 5 = 0 then 'banner' when v.vi % 5 = 1 then 'shorts' else 'other' end) end as detail,
      case when s.step = 6 then 29900 end as amount
    from (
      select ((g + ${k} * ${ACTIVE_A_DAY}) % 200000) as vi,
        1 + (((g + ${k} * ${ACTIVE_A_DAY}) % 200000) * 7 + ${k}) % 100 as series_id,
        1 + ((g + ${k} * ${ACTIVE_A_DAY}) % 200000) % 6 as first_ep,
        '${day}'::timestamptz + make_interval(secs => (g % 80000)) as t0
      from generate_series(1, ${ACTIVE_A_DAY}) g
    ) v
    cross join lateral generate_series(v.first_ep, v.first_ep + 2) as e(episode)
    cross join lateral generate_series(-1, 6) as s(step)
    where (s.step <> -1 or e.episode = v.first_ep)
      and (s.step <> 4 or (v.vi + e.episode) % 10 < 7)
      and (s.step <> 5 or e.episode = 6)
      and (s.step <> 6 or (e.episode = 6 and v.vi % 30 = 0))
      and (e.episode < 6 or s.step >= 5 or v.vi % 30 = 0)
  ) x`;
}

async function rollup(url: string): Promise<void> {
  const database = await openDatabase({ url, poolMax: 4 });
  try {
    await database.migrate();
    await database.query(
      `insert into tenant (id, name, currency, default_language, time_zone, invite_url) values ('000000', 'Bench', 'PHP', 'en', 'Asia/Manila', 'http://x') on conflict do nothing`,
    );
    // Its 100 series (ids 1-100, as the events name them): the console reads their titles.
    await database.query(
      `insert into series (id, tenant_id, slug, title, description, cover, tags, category, free_episodes, created_at)
       select g, '000000', 'bench-' || g, jsonb_build_object('en', 'Bench series ' || g), '{"en":""}', '/cover.jpg', '[]', 'romance', 5, now()
       from generate_series(1, 100) g on conflict do nothing`,
    );
    const first = '2026-03-01';
    const dayAt = (i: number) =>
      new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    await ensurePartitions(database, new Date(`${dayAt(days)}T00:00:00Z`), days + 1);
    const seedStarted = performance.now();
    for (let i = 0; i < days; i++) await database.query(seedDay(dayAt(i), i));
    await database.query('analyze analytics_event');
    const [{ n }] = (await database.query<{ n: string }>(
      'select count(*)::text as n from analytics_event',
    )) as [{ n: string }];
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(
      `\nRollup fixture: ${days} days, ${Number(n).toLocaleString('en')} events seeded in ${seedSeconds.toFixed(0)} s`,
    );
    const now = new Date(`${dayAt(days)}T12:00:00Z`);
    const tenant = { id: '000000', timeZone: 'Asia/Manila' };
    const timings: { day: string; seconds: number; events: number }[] = [];
    for (let i = 0; i < days; i++) {
      const started = performance.now();
      const result = await rollupDay(database.db, tenant, dayAt(i), now);
      timings.push({ day: dayAt(i), seconds: (performance.now() - started) / 1000, events: result.events });
    }
    // Once more: a re-run of a rolled day (what the job does every 10 minutes for yesterday and today).
    const again = performance.now();
    await rollupDay(database.db, tenant, dayAt(days - 1), now);
    timings.push({
      day: `${dayAt(days - 1)} (again)`,
      seconds: (performance.now() - again) / 1000,
      events: timings.at(-1)!.events,
    });
    console.table(
      timings.map((t) => ({ day: t.day, 'events of the day': t.events, 'rollup s': t.seconds.toFixed(1) })),
    );
    console.log(
      `rollup of one day: max ${Math.max(...timings.map((t) => t.seconds)).toFixed(1)} s (aim ≤ 60 s)`,
    );

    const clock = manualClock(now);
    // The console's own reads of the tenant and of a series, as the server wires them (the media
    // store is not read by them: an empty directory).
    const media = mkdtempSync(join(tmpdir(), 'ds-bench-an-'));
    const console_ = createAnalyticsConsole({
      db: database.db,
      clock,
      tenants: createTenantService(database.db, {
        publicUrl: 'http://x',
        googleLogin: false,
        devMailbox: null,
        clock,
      }),
      content: createContentService({ db: database.db, clock, storage: localDiskStorage(media) }),
    });
    const owner = { id: 1n, username: 'bench', role: 'owner', tenantIds: null } as unknown as Parameters<
      typeof console_.overview
    >[0];
    const range = { tenantId: '000000', from: dayAt(0), to: dayAt(days - 1) };
    const rows = [];
    for (const [name, ask] of [
      ['overview', () => console_.overview(owner, range)],
      ['series', () => console_.series(owner, 8, range)],
    ] as const) {
      const ms: number[] = [];
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await ask();
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      rows.push({
        call: name,
        'p50 ms': quantile(ms, 0.5).toFixed(1),
        'p95 ms': quantile(ms, 0.95).toFixed(1),
      });
    }
    console.log('\nConsole calls from the rollups (in-process service, 50 each; aim p95 ≤ 100 ms)');
    console.table(rows);
    rmSync(media, { recursive: true, force: true });
  } finally {
    await database.close();
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`load average (1, 5, 15 min) at the start: ${load()} (${cpus().length} cores)`);
const name = `ds_bench_an_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
try {
  if (process.env.BENCH_SKIP_INGEST !== '1') await ingestion(url.toString(), admin, name);
  if (process.env.BENCH_SKIP_ROLLUP !== '1') await rollup(url.toString());
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  console.log(`load average at the end: ${load()}`);
}
