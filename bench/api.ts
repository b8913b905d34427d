// API benchmark: requests per second and latency of the /app-api envelope (validation, a
// database query on the embedded PGlite, response mapping), with GET /healthz measured in the
// same run as the baseline, plus the server's resident memory. Loopback only, bounded in time.
//   npm run bench            (builds first)   BENCH_SECONDS=5 BENCH_CONNECTIONS=10
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from '../e2e/server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

// Production mode needs an SMTP server; the benchmark sends no e-mail.
const server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
const base = server.url;
const rssMiB = () => {
  const line = readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS'));
  return line ? Math.round(Number(line.replace(/\D/g, '')) / 1024) : NaN;
};

try {
  const rssIdle = rssMiB();

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
    { name: 'POST unknown call (404)', method: 'POST', path: '/app-api/no/such/call' },
  ];
  const rows = [];
  for (const t of targets) {
    const result = await autocannon({
      url: base + t.path,
      method: t.method,
      headers: { 'content-type': 'application/json', 'content-language': 'vn', ...t.headers },
      body: t.body,
      connections,
      duration: seconds,
    });
    rows.push({
      ...t,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  const baseline = rows[0]!.rps;
  console.log(
    `\nDramaStar API benchmark: ${seconds}s per target, ${connections} connections, PGlite, Node ${process.version}`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | non-2xx/errors | ratio vs baseline |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.rps / baseline).toFixed(2)} |`,
    );
  }
  console.log(`\nserver RSS: ${rssIdle} MiB idle, ${rssMiB()} MiB after load`);
} finally {
  await server.stop();
}
