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
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { toMinor, type CurrencyKey } from '@dramastar/contract';
import { systemClock } from '../apps/server/src/clock.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createSessionService } from '../apps/server/src/modules/auth/session.service.js';
import { ledgerViolations } from '../apps/server/src/modules/ledger/ledger-health.js';
import { SIGNATURE_HEADER, signWebhook } from '../apps/server/src/modules/payment/gateway.js';
import { sandboxSecret } from '../apps/server/src/modules/payment/sandbox-gateway.js';
import { createUserService } from '../apps/server/src/modules/user/user.service.js';
import { type RunningServer, startServer } from '../e2e/server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 24);
const TENANT = '000000';
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

interface Call {
  ms: number[];
  ok: number;
  refused: number;
  errors: number;
}
const calls = new Map<string, Call>();
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

let servers: RunningServer[] = [];
let turn = 0;
/** The next instance, as a round-robin load balancer picks it. */
const next = () => servers[turn++ % servers.length]!.url;

/** One call through the "load balancer", timed and classified: 2xx ok, 4xx refused, else an error. */
async function call<T = unknown>(
  name: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    method?: string;
    base?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; data: T | undefined }> {
  const stats = calls.get(name) ?? { ms: [], ok: 0, refused: 0, errors: 0 };
  calls.set(name, stats);
  const t0 = performance.now();
  let status = 0;
  let data: T | undefined;
  try {
    const res = await fetch((options.base ?? next()) + path, {
      method: options.method ?? 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body:
        options.method === 'GET'
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body ?? {}),
    });
    status = res.status;
    const text = await res.text();
    if (text.startsWith('{')) data = (JSON.parse(text) as { data?: T }).data;
  } catch {
    status = 0;
  }
  stats.ms.push(performance.now() - t0);
  if (status >= 200 && status < 300) stats.ok++;
  else if (status >= 400 && status < 500) stats.refused++;
  else stats.errors++;
  return { status, data };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

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

  // Users and their sessions made directly (the sign-up paths have captchas and limits per address).
  const users = createUserService(database.db, systemClock);
  const sessions = createSessionService(database.db, systemClock, { idleDays: 30, maxDays: 180 });
  const tokens: string[] = [];
  for (let i = 0; i < connections; i++) {
    const user = await users.create(database.db, { tenantId: TENANT, nickname: `load ${i}` });
    tokens.push(await sessions.create(database.db, user.id));
  }
  const secret = await sandboxSecret(database.db);

  // What viewers pick from: the tenant's series and their free episodes.
  const base = servers[0]!.url;
  const all = await call<{ list: { id: number }[] }>('setup', `/app-api/sv/allSeries?tenantId=${TENANT}`, {
    base,
    body: { pageNum: 1, pageSize: 50 },
  });
  const seriesIds = (all.data?.list ?? []).map((s) => s.id);
  const episodes: { id: number; seriesId: number }[] = [];
  for (const id of seriesIds) {
    const detail = await call<{ episodes: { id: number; seriesId: number; free: boolean }[] }>(
      'setup',
      `/app-api/sv/videos/${id}`,
      { base },
    );
    for (const e of detail.data?.episodes ?? []) if (e.free) episodes.push(e);
  }
  if (episodes.length === 0) throw new Error('the demo catalogue has no free episodes');
  calls.delete('setup');

  const viewer = async (token: string) => {
    const r = Math.random();
    const episode = pick(episodes);
    if (r < 0.25) await call('home (homeSeries)', `/app-api/sv/homeSeries?tenantId=${TENANT}`, { token });
    else if (r < 0.45)
      await call('feed (videosPage)', `/app-api/sv/videosPage?tenantId=${TENANT}`, {
        token,
        body: { pageNum: 1 + Math.floor(Math.random() * 3), pageSize: 10 },
      });
    else if (r < 0.55)
      await call('series (videos/{id})', `/app-api/sv/videos/${episode.seriesId}`, { token });
    else if (r < 0.75) await call('play address (play/{id})', `/app-api/sv/play/${episode.id}`, { token });
    else if (r < 0.85)
      await call(
        'like (liking/cancelLiking)',
        `/app-api/sv/${Math.random() < 0.5 ? 'liking' : 'cancelLiking'}`,
        {
          token,
          body: { videoId: episode.id },
        },
      );
    else if (r < 0.93)
      await call(
        'history write (addViewHis)',
        `/app-api/sv/addViewHis?seriesId=${episode.seriesId}&videoId=${episode.id}&progress=${Math.floor(Math.random() * 60)}`,
        { token },
      );
    else
      await call('history (queryViewHis)', '/app-api/sv/queryViewHis', {
        token,
        body: { pageNum: 1, pageSize: 10 },
      });
  };

  const earner = async (token: string) => {
    const r = Math.random();
    if (r < 0.2)
      await call('check-in status (querySigninDayNum)', '/app-api/user/querySigninDayNum', { token });
    else if (r < 0.35) await call('check-in (signin)', '/app-api/user/signin', { token });
    else if (r < 0.6) {
      const tasks = await call<{ tasks: { code: string; status: string }[] }>(
        'tasks (queryFinish)',
        '/app-api/appTask/queryFinish',
        { token },
      );
      const list = tasks.data?.tasks ?? [];
      const claimable = list.find((t) => t.status === 'done') ?? list[0];
      if (claimable)
        await call('task claim (submitTask)', '/app-api/appTask/submitTask', {
          token,
          body: { code: claimable.code },
        });
    } else await call('wallet (accountInfo)', '/app-api/account/accountInfo', { token });
  };

  let webhooksCredited = 0;
  const payer = async (token: string) => {
    const r = Math.random();
    if (r < 0.4) {
      const order = await call<{ orderNo: string; amount: string; currency: CurrencyKey }>(
        'recharge order (addBalance)',
        '/app-api/user/addBalance',
        { token, body: { channel: 'gateway', amount: '2000.00', requestId: randomUUID() } },
      );
      if (!order.data) return;
      const txnId = `load_${randomUUID()}`;
      const body = JSON.stringify({
        id: `evt_${txnId}`,
        type: 'payment.paid',
        data: {
          txnId,
          paymentId: `pay_${txnId}`,
          merchantOrderNo: order.data.orderNo,
          amount: toMinor(order.data.amount, order.data.currency).toString(),
          currency: order.data.currency,
        },
      });
      const hook = await call<{ outcome: string }>(
        'recharge webhook (pay/webhook/sandbox)',
        '/app-api/pay/webhook/sandbox',
        {
          body,
          headers: { [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(Date.now() / 1000)) },
        },
      );
      if (hook.status === 200) webhooksCredited++;
    } else if (r < 0.7)
      await call('card from balance (openvipByBalance)', '/app-api/user/openvipByBalance', {
        token,
        body: { tier: 'week', requestId: randomUUID() },
      });
    else await call('wallet (accountInfo)', '/app-api/account/accountInfo', { token });
  };

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
    i < viewers ? viewer(tokens[i]!) : i < viewers + earners ? earner(tokens[i]!) : payer(tokens[i]!),
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
    ok: Number(credited!.n) === webhooksCredited,
    detail: `${credited!.n} credited, ${webhooksCredited} webhooks answered 200`,
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
