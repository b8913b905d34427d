import { accountCalls, api, consoleCalls } from '@dramastar/contract';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../clock.js';
import { createLedger } from '../modules/ledger/ledger.service.js';
import { createMembershipService } from '../modules/membership/membership.service.js';
import { createTeamRewards } from '../modules/team/team-rewards.js';
import { unchecked } from '../test/client.js';
import { usingPostgres } from '../test/database.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { ledgerViolations } from '../test/ledger-checks.js';
import { PAY_PASSWORD, walletFixtures, type WalletFixtures } from '../test/wallet-fixtures.js';
import { openDatabase } from './client.js';

const exec = promisify(execFile);

/**
 * README "Backups": the documented backup (`pg_dump -Fc`) taken while money moves, restored with
 * `pg_restore` into a fresh database, and the server started on the copy. What was in flight at
 * the dump (an open withdrawal, a gateway recharge not yet paid, a team reward held until a card's
 * month ends) finishes on the copy exactly once, replays of the same idempotency keys change
 * nothing, and the books balance. PostgreSQL only (PGlite's data directory is copied as files).
 */
const required = ['1', 'true', 'yes'].includes(process.env.REQUIRE_POSTGRES ?? '');
const tools = ['/usr/bin/pg_dump', '/usr/bin/pg_restore'].every((p) => existsSync(p));
if (usingPostgres && !tools) {
  const line =
    'Backup test skipped: pg_dump/pg_restore are not installed (apt-get install -y postgresql-client).';
  if (required) throw new Error(`${line} REQUIRE_POSTGRES is set: failing.`);
  console.warn(line);
}

let a: TestApp | undefined;
let b: TestApp | undefined;
let f: WalletFixtures;
const work = mkdtempSync(join(tmpdir(), 'ds-backup-'));
const restoredName = `ds_restore_${randomBytes(6).toString('hex')}`;
let restoredUrl = '';

const server = process.env.TEST_DATABASE_URL ?? '';
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!usingPostgres || !tools) return;
  a = await buildTestApp({ SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' });
  f = walletFixtures(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  if (restoredUrl) await admin(`drop database if exists ${restoredName} with (force)`);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!usingPostgres || !tools)('backup and restore with money in flight', () => {
  it('pg_dump while money moves, pg_restore into a fresh database, the server on it finishes every movement once', async () => {
    if (!a) throw new Error('not started');
    const source = a;
    const sourceUrl = (source.database as { url?: string }).url!;
    const finance = await f.operator('finance');

    // In flight: an open withdrawal (200 + 10 fee taken from 1,000).
    const withdrawer = await f.withdrawer('1000');
    const withdrawalKey = randomUUID();
    const withdrawal = (
      await f.call(api.account.applyWithdrawal, {
        token: withdrawer.token,
        body: { amount: '200', payPassword: PAY_PASSWORD, requestId: withdrawalKey },
      })
    ).body.data as { orderNo: string };
    // A gateway recharge the user has not paid yet.
    const payer = await f.user();
    const rechargeKey = randomUUID();
    const order = (
      await f.call(api.user.addBalance, {
        token: payer.token,
        body: { channel: 'gateway', amount: '500', requestId: rechargeKey },
      })
    ).body.data as { orderNo: string; payUrl: string };
    const paymentId = new URL(order.payUrl).pathname.split('/').pop()!;
    // A team reward held until the member's Star Card month ends (10 % of 299).
    const upline = await f.user();
    const member = await f.user('000000', upline.inviteCode);
    await f.call(api.test.openVipLevel, { token: upline.token, body: { level: 1, days: 365 } });
    await f.recharge(member, '299');
    expect(
      (
        await f.call(api.user.openvipByBalance, {
          token: member.token,
          body: { tier: 'primary', requestId: randomUUID() },
        })
      ).status,
    ).toBe(200);
    const held = async (t: TestApp) =>
      (await walletFixtures(t).call(accountCalls.teamStatus, { token: upline.token })).body.data.heldRevenue;
    expect(await held(source)).toBe('29.90');

    // The backup, taken while other users recharge (each a gateway payment and its webhook).
    const busy = await Promise.all(Array.from({ length: 4 }, () => f.user()));
    const file = join(work, 'dramastar.dump');
    const [dumped] = await Promise.all([
      exec('pg_dump', ['--format=custom', '--no-owner', '--file', file, sourceUrl]),
      ...busy.map((u) => f.recharge(u, '100')),
    ]);
    expect(dumped.stderr).toBe('');
    expect(statSync(file).size).toBeGreaterThan(10_000);

    // The restore: a fresh database, the server started on it (its migrations find nothing to do).
    await admin(`create database ${restoredName}`);
    const url = new URL(server);
    url.pathname = `/${restoredName}`;
    restoredUrl = url.toString();
    await exec('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl, file]);
    const database = await openDatabase({ url: restoredUrl, poolMax: 5 });
    const restored = await buildTestApp({ SESSION_IDLE_DAYS: '365', SESSION_MAX_DAYS: '3650' }, { database });
    restored.clock.advance(source.clock.now().getTime() - restored.clock.now().getTime());
    b = {
      ...restored,
      close: async () => {
        await restored.close();
        await database.close();
      },
    };
    const g = walletFixtures(b);

    // The books of the copy balance; every balance is what it was (the in-flight ones included).
    expect(await ledgerViolations(b.database)).toEqual([]);
    expect(await g.balance(withdrawer.token)).toBe('790.00');
    expect(await g.balance(payer.token)).toBe('0.00');
    expect(await g.balance(upline.token)).toBe('0.00');
    expect(await g.balance(member.token)).toBe('0.00');
    expect(await held(b)).toBe('29.90');
    // A recharge that raced the dump is in the copy whole or not at all.
    for (const u of busy) expect(['0.00', '100.00']).toContain(await g.balance(u.token));

    // The open withdrawal: its key replayed gives the same order; finance pays it once.
    const replay = await g.call(api.account.applyWithdrawal, {
      token: withdrawer.token,
      body: { amount: '200', payPassword: PAY_PASSWORD, requestId: withdrawalKey },
    });
    expect(replay.status === 200 ? replay.body.data.orderNo : replay.body.errorKey).toBeDefined();
    expect(
      (
        await b.database.query<{ n: number }>(
          'select count(*)::int as n from withdrawal where user_id = $1',
          [withdrawer.userId],
        )
      )[0]!.n,
    ).toBe(1);
    const act = (action: string) =>
      g.admin(consoleCalls.core.withdrawalAction, {
        token: finance,
        body: unchecked({
          orderNo: withdrawal.orderNo,
          action,
          ...(action === 'pay' ? { reference: 'BANK-REF-1' } : {}),
        }),
      });
    expect((await act('approve')).body.data.status).toBe('approved');
    expect((await act('approve')).status).toBe(409);
    expect((await act('process')).body.data.status).toBe('processing');
    expect((await act('pay')).body.data.status).toBe('paid');
    expect((await act('pay')).status).toBe(409);
    expect(await g.balance(withdrawer.token)).toBe('790.00');

    // The unpaid recharge: paid on the copy, credited once, its webhook and key replayed.
    const approve = () => b!.app.inject({ method: 'POST', url: `/pay/sandbox/${paymentId}/approve` });
    expect((await approve()).statusCode).toBe(303);
    await approve();
    const again = await g.call(api.user.addBalance, {
      token: payer.token,
      body: { channel: 'gateway', amount: '500', requestId: rechargeKey },
    });
    expect(again.status === 200 ? again.body.data.orderNo : order.orderNo).toBe(order.orderNo);
    expect(await g.balance(payer.token)).toBe('500.00');

    // The held reward: paid once when the card's month ends, by the release job on the copy.
    b.clock.advance(31 * DAY_MS);
    const ledger = createLedger(b.clock);
    const rewards = createTeamRewards({
      clock: b.clock,
      ledger,
      memberships: createMembershipService({ clock: b.clock, ledger, purchaseHooks: [] }),
    });
    expect(await rewards.releaseDue(b.database.db)).toBeGreaterThanOrEqual(1);
    expect(await rewards.releaseDue(b.database.db)).toBe(0);
    expect(await g.balance(upline.token)).toBe('29.90');

    expect(await ledgerViolations(b.database)).toEqual([]);
    // The original is untouched by what the copy did.
    expect(await f.balance(payer.token)).toBe('0.00');
  });
});
