// Ledger benchmark on PostgreSQL: transfers per second and latency of createLedger().transfer
// inside withTransaction (random movements between users' wallets and the system accounts, as
// recharges, memberships, withdrawals and rewards make them), against a baseline measured in the
// same run on the same database: a transaction of one single-row `update … set balance =
// balance + 1`. Then the books are checked: each currency sums to zero, no wallet is negative,
// every balance equals its transfers, and the transfers counted equal the successes.
//   npm run bench   (or: npx tsx bench/ledger.ts)   BENCH_SECONDS=10 per phase, BENCH_CONNECTIONS=16
// A third phase, wallet to wallet only (no shared system-account row), is there for comparison.
// The server is DATABASE_URL, else TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/postgres;
// a scratch database is made there and dropped afterwards. Without a server (and neither variable
// set) the benchmark says so and is skipped.
import { randomBytes, randomInt } from 'node:crypto';
import { cpus } from 'node:os';
import type { TransferKind } from '@dramastar/contract';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../apps/server/src/clock.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { withTransaction } from '../apps/server/src/db/tx.js';
import { AppError } from '../apps/server/src/http/errors.js';
import { ledgerViolations } from '../apps/server/src/test/ledger-checks.js';
import {
  type AccountRef,
  createLedger,
  type SystemAccount,
} from '../apps/server/src/modules/ledger/ledger.service.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WALLETS = 200;
const SEED_MINOR = 10_000_000n; // 100 000.00 PHP per wallet to start with
const explicitUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const serverUrl = explicitUrl ?? 'postgres://root@127.0.0.1:5432/postgres';

const admin = await openDatabase({ url: serverUrl, poolMax: 1 });
try {
  await admin.ping();
} catch (error) {
  await admin.close();
  if (explicitUrl) throw error;
  console.log(`\nledger benchmark skipped: no PostgreSQL at ${serverUrl} (${String(error)})`);
  process.exit(0);
}
const name = `ds_bench_${randomBytes(6).toString('hex')}`;
await admin.query(`create database ${name}`);
const scratchUrl = new URL(serverUrl);
scratchUrl.pathname = `/${name}`;

interface Phase {
  name: string;
  done: number;
  refused: number;
  retries: number;
  latencies: number[];
  elapsedMs: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

/** `workers` loops calling `step` for `seconds`; each step's latency is kept. */
async function run(
  phaseName: string,
  step: (worker: number, n: number, onRetry: () => void) => Promise<'ok' | 'refused'>,
): Promise<Phase> {
  const phase: Phase = { name: phaseName, done: 0, refused: 0, retries: 0, latencies: [], elapsedMs: 0 };
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t0 = performance.now();
        const outcome = await step(w, n, () => phase.retries++);
        phase.latencies.push(performance.now() - t0);
        if (outcome === 'ok') phase.done++;
        else phase.refused++;
      }
    }),
  );
  phase.elapsedMs = performance.now() - start;
  phase.latencies.sort((a, b) => a - b);
  return phase;
}

let database: Database | undefined;
let failed = false;
try {
  database = await openDatabase({ url: scratchUrl.toString(), poolMax: workers });
  const db = database.db;
  await database.migrate();
  await database.query(
    "insert into tenant (id, name, currency, default_language, time_zone, invite_url) values ('000000', 'Bench', 'PHP', 'en', 'UTC', 'x')",
  );
  const users = (
    await database.query<{ id: string }>(
      `insert into app_user (tenant_id, invite_code, nickname, created_at, updated_at)
       select '000000', 'B' || lpad(g::text, 7, '0'), 'bench' || g, now(), now()
       from generate_series(1, ${WALLETS}) g returning id::text`,
    )
  ).map((r) => BigInt(r.id));
  await database.query(
    'create table bench_counter (id integer primary key, balance bigint not null default 0)',
  );
  await database.query(`insert into bench_counter (id) select g from generate_series(1, ${WALLETS}) g`);

  const ledger = createLedger(systemClock);
  const base = { tenantId: '000000', currency: 'PHP' } as const;
  // Every wallet starts with money, so spending is rarely refused.
  for (const [i, userId] of users.entries()) {
    await withTransaction(db, (tx) =>
      ledger.transfer(tx, {
        ...base,
        from: { system: 'recharge_clearing' },
        to: { userId },
        amount: SEED_MINOR,
        kind: 'recharge',
        reference: `seed-${i}`,
        idempotencyKey: `seed:${i}`,
      }),
    );
  }

  // Baseline: one transaction, one single-row update, on a random row (same pool, same wrapper).
  const baseline = await run('baseline: 1-row update transaction', async (_w, _n, onRetry) => {
    const id = randomInt(1, WALLETS + 1);
    await withTransaction(
      db,
      (tx) => tx.execute(`update bench_counter set balance = balance + 1 where id = ${id}`),
      { onRetry },
    );
    return 'ok';
  });

  // Ledger: random movements between a wallet and a system account, either way.
  const inbound: SystemAccount[] = ['recharge_clearing', 'rewards_expense'];
  const outbound: SystemAccount[] = ['membership_revenue', 'withdrawals_payable', 'fees'];
  const kinds: Record<SystemAccount, TransferKind> = {
    recharge_clearing: 'recharge',
    support_credits: 'goodwill_credit',
    rewards_expense: 'task_reward',
    membership_revenue: 'membership',
    withdrawals_payable: 'withdrawal',
    fees: 'fee',
    red_packet_escrow: 'red_packet',
    copyright_pool: 'copyright_purchase',
    payouts: 'payout',
  };
  const transfers = await run('ledger.transfer wallet↔system', async (w, n, onRetry) => {
    const wallet: AccountRef = { userId: users[randomInt(users.length)]! };
    const toWallet = randomInt(2) === 0;
    const system = toWallet ? inbound[randomInt(inbound.length)]! : outbound[randomInt(outbound.length)]!;
    try {
      await withTransaction(
        db,
        (tx) =>
          ledger.transfer(tx, {
            ...base,
            from: toWallet ? { system } : wallet,
            to: toWallet ? wallet : { system },
            amount: BigInt(randomInt(1, 500_000)),
            kind: kinds[system],
            reference: `bench-${w}-${n}`,
            idempotencyKey: `bench:${w}:${n}`,
          }),
        { onRetry },
      );
      return 'ok';
    } catch (error) {
      if (error instanceof AppError && error.key === 'InsufficientFunds') return 'refused';
      throw error;
    }
  });

  // For comparison: wallet to wallet, so no transfer waits for a shared (system) account row.
  const walletToWallet = await run('ledger.transfer wallet→wallet', async (w, n, onRetry) => {
    const from = randomInt(users.length);
    const to = (from + randomInt(1, users.length)) % users.length;
    try {
      await withTransaction(
        db,
        (tx) =>
          ledger.transfer(tx, {
            ...base,
            from: { userId: users[from]! },
            to: { userId: users[to]! },
            amount: BigInt(randomInt(1, 500_000)),
            kind: 'red_packet', // one wallet paying another, as a red packet does
            reference: `benchww-${w}-${n}`,
            idempotencyKey: `benchww:${w}:${n}`,
          }),
        { onRetry },
      );
      return 'ok';
    } catch (error) {
      if (error instanceof AppError && error.key === 'InsufficientFunds') return 'refused';
      throw error;
    }
  });

  // The books afterwards.

  const checks: { check: string; ok: boolean; detail: string }[] = [];
  const books = await ledgerViolations(database);
  checks.push({
    check: 'every currency sums to zero, no wallet is negative, every balance equals its transfers',
    ok: books.length === 0,
    detail: books.length === 0 ? 'ok' : books.slice(0, 5).join('; '),
  });
  for (const [prefix, phase] of [
    ['bench:', transfers],
    ['benchww:', walletToWallet],
  ] as const) {
    const counted = await database.query<{ n: string }>(
      'select count(*)::text as n from ledger_transfer where starts_with(idempotency_key, $1)',
      [prefix],
    );
    checks.push({
      check: `${phase.name}: transfers recorded = successes`,
      ok: Number(counted[0]!.n) === phase.done,
      detail: `${counted[0]!.n} recorded, ${phase.done} succeeded`,
    });
  }
  const counter = await database.query<{ s: string }>('select sum(balance)::text as s from bench_counter');
  checks.push({
    check: 'baseline updates recorded = successes',
    ok: Number(counter[0]!.s) === baseline.done,
    detail: `${counter[0]!.s} recorded, ${baseline.done} succeeded`,
  });

  const rate = (p: Phase) => p.done / (p.elapsedMs / 1000);
  console.log(
    `\nDramaStar ledger benchmark: ${seconds}s per phase, ${workers} workers (pool ${workers}), ${WALLETS} wallets, PostgreSQL, Node ${process.version}, ${cpus().length} CPUs`,
  );
  console.log('| phase | committed/s | p50 ms | p95 ms | p99 ms | refused | retried | ratio vs baseline |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const p of [baseline, transfers, walletToWallet]) {
    console.log(
      `| ${p.name} | ${rate(p).toFixed(0)} | ${quantile(p.latencies, 0.5).toFixed(2)} | ${quantile(p.latencies, 0.95).toFixed(2)} | ${quantile(p.latencies, 0.99).toFixed(2)} | ${p.refused} | ${p.retries} | ${(rate(p) / rate(baseline)).toFixed(2)} |`,
    );
  }
  console.log('\n| invariant | result | detail |');
  console.log('|---|---|---|');
  for (const c of checks) console.log(`| ${c.check} | ${c.ok ? 'ok' : 'VIOLATED'} | ${c.detail} |`);
  failed = checks.some((c) => !c.ok);
} finally {
  await database?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.close();
}
if (failed) process.exit(1);
