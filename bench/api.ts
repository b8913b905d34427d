// API benchmark: requests per second and latency of the /app-api envelope (validation, the
// database or the per-instance caches, response mapping), with GET /healthz measured in the same
// run as the baseline (in turns with each call), plus the server's CPU time per request (all its
// threads, read from /proc, so a busy machine shows what a call costs even when its rate drifts;
// the kernel's part apart) and resident memory.
// Loopback only, bounded in time. Run on the embedded PGlite, then on PostgreSQL: DATABASE_URL,
// else TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres (a scratch database is made
// there and dropped; without a server, and neither variable set, that half is skipped).
//   npm run bench            (builds first)   BENCH_SECONDS=5 BENCH_CONNECTIONS=10
//   BENCH_TARGETS=homeSeries,allSeries: only the calls whose names contain one of these words.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client.js';
import { startServer } from '../e2e/server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times (100 on every common architecture). */
const CLOCK_TICKS = 100;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const only = process.env.BENCH_TARGETS?.split(',').filter(Boolean);
/** Seconds of one round (a target's turn, or the baseline's between two turns). */
const ROUND_SECONDS = 1;
const explicitUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const serverUrl = explicitUrl ?? 'postgres://root@127.0.0.1:5432/postgres';
// The servers get their database from `bench()` (PGlite unless it names one).
delete process.env.DATABASE_URL;

/** The benchmark against a server on `engine` (env: its database). */
async function bench(engine: string, env: Record<string, string>): Promise<void> {
  // Production mode needs an SMTP server; the benchmark sends no e-mail. The demo's media are made
  // by ffmpeg once and reused (by both halves and later runs), so a busy machine starts in time.
  const server = await startServer({
    SMTP_URL: 'smtp://127.0.0.1:9',
    MEDIA_DIR: join(tmpdir(), 'dramastar-bench-media'),
    ...env,
  });
  try {
    const proc = `/proc/${server.process.pid}`;
    await measure(engine, server.url, {
      rssMiB: () => {
        const line = readFileSync(`${proc}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith('VmRSS'));
        return line ? Math.round(Number(line.replace(/\D/g, '')) / 1024) : NaN;
      },
      // User and system time of all the server's threads, in clock ticks (fields 14 and 15 of
      // /proc/<pid>/stat, after the parenthesised command name).
      cpuMicros: () => {
        const fields = readFileSync(`${proc}/stat`, 'utf8').split(') ')[1]!.split(' ');
        const [user, system] = [Number(fields[11]), Number(fields[12])].map((t) => (t * 1e6) / CLOCK_TICKS);
        return { user: user!, system: system! };
      },
    });
  } finally {
    await server.stop();
  }
}

/** The server process as seen from outside: resident memory, and CPU time used so far. */
interface ServerProcess {
  rssMiB(): number;
  cpuMicros(): { user: number; system: number };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function measure(engine: string, base: string, server: ServerProcess): Promise<void> {
  const rssIdle = server.rssMiB();

  // An episode list of a series of the default tenant (the host's), as an app asks it when a series opens.
  const all = (await (
    await fetch(`${base}/app-api/sv/allSeries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as { data: { list: { id: number | string }[] } };
  const seriesId = all.data.list[0]!.id;
  const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
  const targets: {
    name: string;
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }[] = [
    { name: 'GET /healthz (baseline)', method: 'GET', path: '/healthz' },
    {
      name: 'POST queryTenantId',
      method: 'POST',
      path: '/app-api/appConfig/queryTenantId?domain=vn.localhost',
    },
    { name: 'POST tenantConfig', method: 'POST', path: '/app-api/appConfig/tenantConfig?tenantId=000002' },
    { name: 'POST homeSeries', method: 'POST', path: '/app-api/sv/homeSeries?tenantId=000002', body: '{}' },
    { name: 'POST allSeries', method: 'POST', path: '/app-api/sv/allSeries?tenantId=000002', body: '{}' },
    {
      name: 'POST allSeries, brotli (accept-encoding of a browser)',
      method: 'POST',
      path: '/app-api/sv/allSeries?tenantId=000002',
      headers: BROWSER,
      body: '{}',
    },
    { name: 'POST videos/{seriesId}', method: 'POST', path: `/app-api/sv/videos/${seriesId}` },
    {
      name: 'POST videosPage (the feed)',
      method: 'POST',
      path: '/app-api/sv/videosPage?tenantId=000002',
      body: '{}',
    },
    { name: 'POST unknown call (404)', method: 'POST', path: '/app-api/no/such/call' },
  ];
  // The baseline and each target take turns in short rounds (ROUND_SECONDS each), and a target's
  // ratio is the median of its rounds' ratios to the baseline rounds around them: a machine whose
  // speed drifts within a run (a shared host moves its rates by ±40 % from minute to minute)
  // tilts both sides of a ratio alike. Each target is warmed up unrecorded first (caches filled,
  // code optimised).
  const [baselineTarget, ...everyCall] = targets;
  const calls = only ? everyCall.filter((t) => only.some((word) => t.name.includes(word))) : everyCall;
  const run = async (t: (typeof targets)[number], duration: number) => {
    const start = server.cpuMicros();
    const result = await autocannon({
      url: base + t.path,
      method: t.method,
      headers: { 'content-type': 'application/json', 'content-language': 'vn', ...t.headers },
      body: t.body,
      connections,
      duration,
    });
    const end = server.cpuMicros();
    return {
      result,
      cpu: end.user - start.user + end.system - start.system,
      system: end.system - start.system,
    };
  };
  const rounds = Math.max(1, Math.round(seconds / ROUND_SECONDS));
  const rows = [];
  for (const t of calls) {
    await run(baselineTarget!, 1);
    await run(t, 1);
    const ratios: number[] = [];
    const slices: Awaited<ReturnType<typeof run>>[] = [];
    let before = await run(baselineTarget!, ROUND_SECONDS);
    const baselineRps = [before.result.requests.average];
    for (let i = 0; i < rounds; i++) {
      const slice = await run(t, ROUND_SECONDS);
      const after = await run(baselineTarget!, ROUND_SECONDS);
      ratios.push(
        slice.result.requests.average /
          ((before.result.requests.average + after.result.requests.average) / 2),
      );
      baselineRps.push(after.result.requests.average);
      slices.push(slice);
      before = after;
    }
    const total = slices.reduce((sum, s) => sum + s.result.requests.total, 0);
    rows.push({
      ...t,
      rps: mean(slices.map((s) => s.result.requests.average)),
      baselineRps: mean(baselineRps),
      cpuPerRequest: slices.reduce((sum, s) => sum + s.cpu, 0) / total,
      systemPerRequest: slices.reduce((sum, s) => sum + s.system, 0) / total,
      p50: median(slices.map((s) => s.result.latency.p50)),
      p99: Math.max(...slices.map((s) => s.result.latency.p99)),
      errors: slices.reduce((sum, s) => sum + s.result.errors + s.result.non2xx, 0),
      ratio: median(ratios),
    });
  }
  const baseline = await run(baselineTarget!, ROUND_SECONDS);
  console.log(
    `\nDramaStar API benchmark: ${rounds} rounds of ${ROUND_SECONDS}s per target, each between two of the baseline, ${connections} connections, ${engine}, Node ${process.version}`,
  );
  console.log(
    '| target | req/s | baseline req/s (its rounds) | p50 ms | p99 ms | non-2xx/errors | ratio vs baseline (median of rounds) | server CPU µs/request | of which kernel |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${baselineTarget!.name} | ${baseline.result.requests.average.toFixed(0)} | | ${baseline.result.latency.p50} | ${baseline.result.latency.p99} | ${baseline.result.errors + baseline.result.non2xx} | 1 | ${(baseline.cpu / baseline.result.requests.total).toFixed(0)} | ${(baseline.system / baseline.result.requests.total).toFixed(0)} |`,
  );
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.baselineRps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio.toFixed(2)} | ${r.cpuPerRequest.toFixed(0)} | ${r.systemPerRequest.toFixed(0)} |`,
    );
  }
  console.log(`\nserver RSS: ${rssIdle} MiB idle, ${server.rssMiB()} MiB after load`);
}

await bench('PGlite', {});

const admin = await openDatabase({ url: serverUrl, poolMax: 1 });
try {
  await admin.ping();
} catch (error) {
  await admin.close();
  if (explicitUrl) throw error;
  console.log(`\nPostgreSQL half skipped: no PostgreSQL at ${serverUrl} (${String(error)})`);
  process.exit(0);
}
const name = `ds_bench_${randomBytes(6).toString('hex')}`;
await admin.query(`create database ${name}`);
try {
  const scratch = new URL(serverUrl);
  scratch.pathname = `/${name}`;
  await bench('PostgreSQL', { DATABASE_URL: scratch.toString() });
} finally {
  await admin.query(`drop database ${name} with (force)`);
  await admin.close();
}
