// Load benchmark: two instances of the built server on one PostgreSQL database, behind a
// round-robin "load balancer" (each call goes to the next instance), driven at a fixed concurrency
// by a realistic mix of users for BENCH_SECONDS:
//   viewers (signed in): home, the Shorts feed, a series' episodes, a play address, like, history;
//   earners: check-in status and check-in, tasks and claiming one, the wallet;
//   payers: a gateway recharge order on one instance, its signed sandbox webhook delivered to the
//           other (the real webhook path), a Star Card bought from the balance, the wallet.
// Baseline of the same run: GET /healthz on both instances at the same concurrency. Prints each
// call's rate, p50/p99 and p50 against /healthz's, then checks the books (every currency sums to
// zero, no wallet negative, balances equal their transfers; credited recharges = webhooks that
// credited) and reads both instances' /metrics.
//   npm run bench   (or: npx tsx bench/load.ts after a build)
//   BENCH_SECONDS=20, BENCH_CONNECTIONS=24 (virtual users: 60% viewers, 20% earners, 20% payers)
// The server is DATABASE_URL, else TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres;
// a scratch database is made there and dropped afterwards. Without a server the benchmark is skipped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client.js';
import { ledgerViolations } from '../apps/server/src/modules/ledger/ledger-health.js';
import { type RunningServer, startServer } from '../e2e/server.js';
import { createLoadMix, quantile } from './mix.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 24);
const explicitUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const serverUrl = explicitUrl ?? 'postgres://root@127.0.0.1:5432/postgres';

const admin = await openDatabase({ url: serverUrl, poolMax: 1 });
try {
  await admin.ping();
} catch (error) {
  await admin.close();
  if (explicitUrl) throw error;
  console.log(`\nload benchmark skipped: no PostgreSQL at ${serverUrl} (${String(error)})`);
  process.exit(0);
}
const scratch = `ds_load_${randomBytes(6).toString('hex')}`;
await admin.query(`create database ${scratch}`);
const scratchUrl = new URL(serverUrl);
scratchUrl.pathname = `/${scratch}`;

let servers: RunningServer[] = [];
let turn = 0;
/** The next instance, as a round-robin load balancer picks it. */
const next = () => servers[turn++ % servers.length]!.url;

const mediaDir = mkdtempSync(join(tmpdir(), 'ds-load-media-'));
const database = await openDatabase({ url: scratchUrl.toString(), poolMax: 4 });
let failed = false;
try {
  // Development mode: the sandbox gateway is on (production refuses it); logs stay quiet JSON.
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: scratchUrl.toString(),
    MEDIA_DIR: mediaDir,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    TEST_API: 'false',
    DB_POOL_MAX: '10',
  };
  // One after the other: the first migrates and makes the demo catalogue, the second finds them.
  servers = [await startServer(env)];
  servers.push(await startServer(env));

  const mix = await createLoadMix({ database, users: connections, next });
  const { calls, tokens } = mix;
  const call = mix.call;

  /** `connections` loops for `seconds`; each runs `step` back to back. */
  const run = async (step: (i: number) => Promise<void>) => {
    const start = performance.now();
    const deadline = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async (_, i) => {
        while (performance.now() < deadline) await step(i);
      }),
    );
    return (performance.now() - start) / 1000;
  };

  const healthSeconds = await run(() =>
    call('GET /healthz (baseline)', '/healthz', { method: 'GET' }).then(() => undefined),
  );
  const viewers = Math.round(connections * 0.6);
  const earners = Math.round(connections * 0.2);
  const mixSeconds = await run((i) =>
    i < viewers
      ? mix.viewer(tokens[i]!)
      : i < viewers + earners
        ? mix.earner(tokens[i]!)
        : mix.payer(tokens[i]!),
  );

  // The books afterwards, and what the instances' /metrics say.
  const checks: { check: string; ok: boolean; detail: string }[] = [];
  const books = await ledgerViolations(database);
  checks.push({
    check: 'every currency sums to zero, no wallet is negative, every balance equals its transfers',
    ok: books.length === 0,
    detail: books.length === 0 ? 'ok' : books.slice(0, 5).join('; '),
  });
  const [credited] = await database.query<{ n: string }>(
    "select count(*)::text as n from recharge_order where status = 'credited'",
  );
  checks.push({
    check: 'recharges credited = webhooks answered 200',
    ok: Number(credited!.n) === mix.webhooksCredited.size,
    detail: `${credited!.n} credited, ${mix.webhooksCredited.size} webhooks answered 200`,
  });
  const server5xx = [...calls.values()].reduce((n, c) => n + c.errors, 0);
  checks.push({ check: 'no 5xx or failed connection', ok: server5xx === 0, detail: String(server5xx) });
  for (const [i, s] of servers.entries()) {
    const text = await (await fetch(`${s.url}/metrics`)).text();
    const violations = /^dramastar_ledger_violations (\S+)$/m.exec(text)?.[1];
    const waiting = /^dramastar_db_pool_waiting (\S+)$/m.exec(text)?.[1];
    checks.push({
      check: `instance ${i + 1} /metrics: dramastar_ledger_violations`,
      ok: violations === '0',
      detail: `${violations ?? 'absent'} (pool waiting now ${waiting ?? '?'})`,
    });
  }

  const healthz = calls.get('GET /healthz (baseline)')!;
  healthz.ms.sort((a, b) => a - b);
  const baseP50 = quantile(healthz.ms, 0.5);
  const mixTotal = [...calls.entries()]
    .filter(([n]) => n !== 'GET /healthz (baseline)')
    .reduce((n, [, c]) => n + c.ms.length, 0);
  const healthRate = healthz.ms.length / healthSeconds;
  const mixRate = mixTotal / mixSeconds;
  console.log(
    `\nDramaStar load benchmark: 2 instances (pool 10 each) on PostgreSQL, round robin, ${connections} concurrent users (${viewers} viewers, ${earners} earners, ${connections - viewers - earners} payers), ${seconds}s per phase, Node ${process.version}, ${cpus().length} CPUs`,
  );
  console.log('| call | calls/s | p50 ms | p99 ms | refused (4xx) | errors | p50 vs /healthz |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const [name, c] of calls) {
    c.ms.sort((a, b) => a - b);
    const rate = c.ms.length / (c === healthz ? healthSeconds : mixSeconds);
    console.log(
      `| ${name} | ${rate.toFixed(0)} | ${quantile(c.ms, 0.5).toFixed(1)} | ${quantile(c.ms, 0.99).toFixed(1)} | ${c.refused} | ${c.errors} | ${(quantile(c.ms, 0.5) / baseP50).toFixed(1)}× |`,
    );
  }
  console.log(
    `\nmix: ${mixRate.toFixed(0)} calls/s against ${healthRate.toFixed(0)}/s for /healthz at the same concurrency (ratio ${(mixRate / healthRate).toFixed(2)})`,
  );
  console.log('\n| check | result | detail |');
  console.log('|---|---|---|');
  for (const c of checks) console.log(`| ${c.check} | ${c.ok ? 'ok' : 'FAILED'} | ${c.detail} |`);
  failed = checks.some((c) => !c.ok);
} finally {
  for (const s of servers) await s.stop().catch((error: unknown) => console.error(String(error)));
  await database.close();
  await admin.query(`drop database if exists ${scratch} with (force)`);
  await admin.close();
  rmSync(mediaDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
