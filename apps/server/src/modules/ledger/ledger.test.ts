import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.js';
import { type Database, openDatabase } from '../../db/client.js';
import { withTransaction } from '../../db/tx.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { openTestDatabase, usingPostgres } from '../../test/database.js';
import { ledgerViolations } from './ledger-health.js';
import { type AccountRef, createLedger, type TransferInput } from './ledger.service.js';

const clock = manualClock();
const ledger = createLedger(clock);
let database: Database & { url?: string };
let users: bigint[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  await database.query(
    "insert into tenant (id, name, currency, default_language, time_zone, invite_url) values ('000000', 'T', 'PHP', 'en', 'UTC', 'x')",
  );
  const rows = await database.query<{ id: string }>(
    `insert into app_user (tenant_id, invite_code, nickname, created_at, updated_at)
     select '000000', 'U' || lpad(g::text, 7, '0'), 'u' || g, now(), now() from generate_series(1, 8) g returning id::text`,
  );
  users = rows.map((r) => BigInt(r.id));
});
afterAll(() => database.close());

const move = (
  input: Partial<TransferInput> & Pick<TransferInput, 'from' | 'to' | 'amount' | 'idempotencyKey'>,
  db = database,
) =>
  withTransaction(db.db, (tx) =>
    ledger.transfer(tx, { tenantId: '000000', currency: 'PHP', kind: 'recharge', reference: 'r', ...input }),
  );
const wallet = (i: number): AccountRef => ({ userId: users[i]! });
const balanceOf = (ref: AccountRef) =>
  withTransaction(database.db, (tx) => ledger.balance(tx, '000000', 'PHP', ref));
const sumOfAll = async () =>
  BigInt(
    (
      await database.query<{ s: string }>(
        "select coalesce(sum(balance), 0)::text as s from ledger_balance where currency = 'PHP'",
      )
    )[0]!.s,
  );

const pidOf = async (tx: Tx) => {
  const result = await tx.execute(sql`select pg_backend_pid() as pid`);
  return (result as { rows: { pid: number }[] }).rows[0]!.pid;
};

describe('the ledger', () => {
  it('moves money between accounts and keeps the books at zero', async () => {
    await move({
      from: { system: 'recharge_clearing' },
      to: wallet(0),
      amount: 50_000n,
      idempotencyKey: 'recharge-1',
      kind: 'recharge',
    });
    await move({
      from: wallet(0),
      to: { system: 'membership_revenue' },
      amount: 12_000n,
      idempotencyKey: 'card-1',
      kind: 'membership',
    });
    expect(await balanceOf(wallet(0))).toBe(38_000n);
    expect(await balanceOf({ system: 'recharge_clearing' })).toBe(-50_000n);
    expect(await sumOfAll()).toBe(0n);
  });

  it('refuses to overdraw a wallet and leaves no trace', async () => {
    const before = await database.query('select count(*)::text as n from ledger_transfer');
    await expect(
      move({ from: wallet(1), to: { system: 'fees' }, amount: 1n, idempotencyKey: 'overdraw-1' }),
    ).rejects.toMatchObject({
      key: 'InsufficientFunds',
    });
    expect(await database.query('select count(*)::text as n from ledger_transfer')).toEqual(before);
    expect(await balanceOf(wallet(1))).toBe(0n);
    // The key was not used up: the same request works once there is money.
    await move({
      from: { system: 'recharge_clearing' },
      to: wallet(1),
      amount: 5n,
      idempotencyKey: 'recharge-2',
    });
    expect(
      (await move({ from: wallet(1), to: { system: 'fees' }, amount: 1n, idempotencyKey: 'overdraw-1' }))
        .replayed,
    ).toBe(false);
  });

  it('answers a retry with the first transfer, and refuses the key for another request', async () => {
    const first = await move({
      from: { system: 'rewards_expense' },
      to: wallet(2),
      amount: 700n,
      idempotencyKey: 'reward-1',
    });
    const again = await move({
      from: { system: 'rewards_expense' },
      to: wallet(2),
      amount: 700n,
      idempotencyKey: 'reward-1',
    });
    expect(again).toEqual({ transfer: first.transfer, replayed: true });
    expect(await balanceOf(wallet(2))).toBe(700n);
    const other = move({
      from: { system: 'rewards_expense' },
      to: wallet(2),
      amount: 701n,
      idempotencyKey: 'reward-1',
    });
    await expect(other).rejects.toBeInstanceOf(AppError);
    await expect(other).rejects.toMatchObject({ key: 'IdempotencyConflict', status: 409 });
  });

  it('never moves a non-positive amount or to the same account', async () => {
    await expect(
      move({ from: wallet(3), to: { system: 'fees' }, amount: 0n, idempotencyKey: 'zero' }),
    ).rejects.toThrow(/positive/);
    await expect(
      move({ from: wallet(3), to: wallet(3), amount: 1n, idempotencyKey: 'self' }),
    ).rejects.toThrow(/two accounts/);
  });

  it.skipIf(!usingPostgres)(
    'lets transfers to and from the same system account run at once (its balance is sharded, not one locked row)',
    async () => {
      await move({
        from: { system: 'rewards_expense' },
        to: wallet(6),
        amount: 9_000n,
        idempotencyKey: 'shard-fund-6',
      });
      await move({
        from: { system: 'rewards_expense' },
        to: wallet(7),
        amount: 9_000n,
        idempotencyKey: 'shard-fund-7',
      });
      const revenueBefore = await balanceOf({ system: 'membership_revenue' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let heldPid!: number;
      let started!: () => void;
      const isHolding = new Promise<void>((resolve) => (started = resolve));
      // One instance pays into membership_revenue and keeps its transaction open…
      const first = withTransaction(database.db, async (tx) => {
        heldPid = await pidOf(tx);
        await ledger.transfer(tx, {
          tenantId: '000000',
          currency: 'PHP',
          from: wallet(6),
          to: { system: 'membership_revenue' },
          amount: 1_000n,
          kind: 'membership',
          reference: 'r',
          idempotencyKey: 'shard-held',
        });
        started();
        await held;
      });
      await isHolding;
      // …while another pays into it, and out of it, from a connection on another shard: neither waits.
      let other: Database | undefined;
      for (let tries = 0; !other && tries < 20; tries++) {
        const candidate = await openDatabase({ url: database.url, poolMax: 1, lockTimeoutMs: 10_000 });
        const pid = await withTransaction(candidate.db, pidOf);
        if (pid % 64 !== heldPid % 64) other = candidate;
        else await candidate.close();
      }
      try {
        await withTransaction(other!.db, async (tx) => {
          for (const [from, to, key] of [
            [wallet(7), { system: 'membership_revenue' }, 'shard-other-in'],
            [{ system: 'membership_revenue' }, wallet(7), 'shard-other-out'],
          ] as const)
            await ledger.transfer(tx, {
              tenantId: '000000',
              currency: 'PHP',
              from,
              to,
              amount: 400n,
              kind: 'membership',
              reference: 'r',
              idempotencyKey: key,
            });
        });
      } finally {
        release();
        await first;
        await other?.close();
      }
      expect(await balanceOf({ system: 'membership_revenue' })).toBe(revenueBefore + 1_000n);
      expect(await balanceOf(wallet(6))).toBe(8_000n);
      expect(await balanceOf(wallet(7))).toBe(9_000n);
      expect(await sumOfAll()).toBe(0n);
      expect(await ledgerViolations(database)).toEqual([]);
    },
  );

  it('lists a wallet’s movements newest first, signed from the wallet’s side', async () => {
    clock.advance(1000);
    await move({
      from: { system: 'recharge_clearing' },
      to: wallet(4),
      amount: 12_345n,
      idempotencyKey: 'rec-4',
      kind: 'recharge',
    });
    clock.advance(1000);
    await move({
      from: wallet(4),
      to: { system: 'withdrawals_payable' },
      amount: 10_000n,
      idempotencyKey: 'wd-4',
      kind: 'withdrawal',
    });
    const records = await withTransaction(database.db, (tx) =>
      ledger.records(tx, {
        tenantId: '000000',
        currency: 'PHP',
        userId: users[4]!,
        pageNum: 1,
        pageSize: 10,
      }),
    );
    expect(records.list.map((r) => [r.type, r.amount])).toEqual([
      ['withdrawal', '-100.00'],
      ['recharge', '123.45'],
    ]);
    const filtered = await withTransaction(database.db, (tx) =>
      ledger.records(tx, {
        tenantId: '000000',
        currency: 'PHP',
        userId: users[4]!,
        pageNum: 1,
        pageSize: 10,
        kind: 'recharge',
      }),
    );
    expect(filtered.total).toBe(1);
  });
});

/**
 * A bank test in the spirit of Jepsen's: concurrent clients on two connection pools (two server
 * instances) run random operations, some retried with the same key, some reusing a key with
 * another body. The books must sum to zero, no wallet go negative, no key apply twice, and the
 * balances equal a model replayed from the operations that succeeded.
 */
describe('the ledger under concurrent clients', () => {
  it(`keeps every invariant over ${usingPostgres ? 1500 : 300} random operations`, async () => {
    const second = usingPostgres ? await openDatabase({ url: database.url, poolMax: 10 }) : database;
    const instances = [database, second];
    const total = usingPostgres ? 1500 : 300;
    const model = new Map<string, bigint>();
    const key = (ref: AccountRef) => ('userId' in ref ? `w${ref.userId}` : `s${ref.system}`);
    const applied = new Set<string>();
    let refusedConflicts = 0;
    let insufficient = 0;
    let next = 0;
    const ops: TransferInput[] = [];
    const random = (): TransferInput => {
      const u = wallet(randomInt(8));
      const v = wallet(randomInt(8));
      const amount = BigInt(randomInt(1, 5000));
      const id = `bank-${next++}`;
      switch (randomInt(4)) {
        case 0:
          return {
            tenantId: '000000',
            currency: 'PHP',
            from: { system: 'recharge_clearing' },
            to: u,
            amount,
            kind: 'recharge',
            reference: id,
            idempotencyKey: id,
          };
        case 1:
          return {
            tenantId: '000000',
            currency: 'PHP',
            from: u,
            to: { system: 'membership_revenue' },
            amount,
            kind: 'membership',
            reference: id,
            idempotencyKey: id,
          };
        case 2:
          return {
            tenantId: '000000',
            currency: 'PHP',
            from: u,
            to: { system: 'withdrawals_payable' },
            amount,
            kind: 'withdrawal',
            reference: id,
            idempotencyKey: id,
          };
        default:
          return key(u) === key(v)
            ? {
                tenantId: '000000',
                currency: 'PHP',
                from: { system: 'rewards_expense' },
                to: u,
                amount,
                kind: 'task_reward',
                reference: id,
                idempotencyKey: id,
              }
            : {
                tenantId: '000000',
                currency: 'PHP',
                from: u,
                to: v,
                amount,
                // The ledger moves any kind alike; a red packet is one wallet paying another.
                kind: 'red_packet',
                reference: id,
                idempotencyKey: id,
              };
      }
    };
    const worker = async (w: number) => {
      const db = instances[w % 2]!;
      while (ops.length < total) {
        const op = random();
        ops.push(op);
        const attempts: TransferInput[] = [op];
        if (randomInt(5) === 0) attempts.push(op); // a plain retry
        if (randomInt(20) === 0) attempts.push({ ...op, amount: op.amount + 1n }); // same key, other body
        await Promise.all(
          attempts.map(async (attempt) => {
            try {
              const result = await withTransaction(db.db, (tx) => ledger.transfer(tx, attempt));
              if (!result.replayed) {
                expect(applied.has(attempt.idempotencyKey)).toBe(false);
                applied.add(attempt.idempotencyKey);
                const applyTo = (ref: AccountRef, delta: bigint) =>
                  model.set(key(ref), (model.get(key(ref)) ?? 0n) + delta);
                applyTo(
                  result.transfer.amount === attempt.amount ? attempt.from : op.from,
                  -result.transfer.amount,
                );
                applyTo(
                  result.transfer.amount === attempt.amount ? attempt.to : op.to,
                  result.transfer.amount,
                );
              }
            } catch (error) {
              if (error instanceof AppError && error.key === 'IdempotencyConflict') refusedConflicts++;
              else if (error instanceof AppError && error.key === 'InsufficientFunds') insufficient++;
              else throw error;
            }
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, w) => worker(w)));
    if (second !== database) await second.close();

    const accounts = await database.query<{ code: string; balance: string; allow_negative: boolean }>(
      "select code, balance::text as balance, allow_negative from ledger_balance where currency = 'PHP'",
    );
    const violations: string[] = await ledgerViolations(database);
    if ((await sumOfAll()) !== 0n) violations.push('books do not sum to zero');
    for (const a of accounts)
      if (!a.allow_negative && BigInt(a.balance) < 0n) violations.push(`${a.code} negative`);
    const transfers = await database.query<{ n: string }>(
      "select count(*)::text as n from ledger_transfer where idempotency_key like 'bank-%'",
    );
    if (Number(transfers[0]!.n) !== applied.size) violations.push('a key applied twice or a transfer lost');
    // Earlier tests moved money too: compare only what this test's operations changed.
    const earlier = await database.query<{ code: string; delta: string }>(
      `select a.code, (coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end), 0))::text as delta
       from ledger_account a join ledger_transfer t on (t.debit_account_id = a.id or t.credit_account_id = a.id)
       where t.idempotency_key like 'bank-%' group by a.code`,
    );
    for (const row of earlier) {
      const code = row.code.startsWith('wallet:') ? `w${row.code.slice(7)}` : `s${row.code.slice(7)}`;
      if ((model.get(code) ?? 0n) !== BigInt(row.delta))
        violations.push(`${row.code} differs from the model`);
    }
    console.log(
      `bank test: ${ops.length} operations, ${applied.size} applied, ${insufficient} refused for funds, ${refusedConflicts} key conflicts refused, ${violations.length} violations`,
    );
    expect(violations).toEqual([]);
    expect(refusedConflicts).toBeGreaterThan(0);
  });
});
