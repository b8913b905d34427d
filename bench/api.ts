// API benchmark: requests per second and latency of the /app-api envelope (validation, the
// database or the per-instance caches, response mapping), with GET /healthz measured in the same
// run as the baseline, plus the server's CPU time per request (all its threads, read from /proc,
// so a busy machine shows what a call costs even when its rate drifts) and resident memory.
// Loopback only, bounded in time. Run on the embedded PGlite, then on PostgreSQL: DATABASE_URL,
// else TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres (a scratch database is made
// there and dropped; without a server, and neither variable set, that half is skipped).
//   npm run bench            (builds first)   BENCH_SECONDS=5 BENCH_CONNECTIONS=10
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
        return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
      },
    });
  } finally {
    await server.stop();
  }
}

/** The server process as seen from outside: resident memory, and CPU time used so far. */
interface ServerProcess {
  rssMiB(): number;
  cpuMicros(): number;
}

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
  // Each target is warmed up unrecorded first (caches filled, code optimised); the baseline is
  // measured again at the end, and ratios are against the mean of its two runs, so a machine
  // busier at one end of the run does not tilt them.
  targets.push({ ...targets[0]!, name: 'GET /healthz (baseline, again)' });
  const rows = [];
  for (const t of targets) {
    const options = {
      url: base + t.path,
      method: t.method,
      headers: { 'content-type': 'application/json', 'content-language': 'vn', ...t.headers },
      body: t.body,
      connections,
    };
    await autocannon({ ...options, duration: 1 });
    const cpuBefore = server.cpuMicros();
    const result = await autocannon({ ...options, duration: seconds });
    const cpu = server.cpuMicros() - cpuBefore;
    rows.push({
      ...t,
      rps: result.requests.average,
      cpuPerRequest: cpu / result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  const baseline = (rows[0]!.rps + rows[rows.length - 1]!.rps) / 2;
  console.log(
    `\nDramaStar API benchmark: ${seconds}s per target, ${connections} connections, ${engine}, Node ${process.version}`,
  );
  console.log(
    '| target | req/s | p50 ms | p99 ms | non-2xx/errors | ratio vs baseline | server CPU µs/request |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / baseline).toFixed(2)} | ${r.cpuPerRequest.toFixed(0)} |`,
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
