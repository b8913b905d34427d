import { type AnyCall, consoleCalls } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.js';
import { caller, unchecked } from '../../test/client.js';
import { usingPostgres } from '../../test/database.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';

/**
 * Credits under concurrency, on two server instances over one PostgreSQL database (each with its
 * own pool): approvals of one pending credit race and credit once; a burst of credits by one
 * support operator never passes the day's limit. On PGlite (one query at a time) it is skipped.
 */
let a: TestApp;
let b: TestApp;
let secondPool: Database | undefined;
let f: WalletFixtures;
let admins: ReturnType<typeof caller>[];

beforeAll(async () => {
  a = await buildTestApp();
  const url = (a.database as Database & { url?: string }).url;
  secondPool = url ? await openDatabase({ url, poolMax: 10 }) : undefined;
  b = await buildTestApp({}, { database: secondPool ?? a.database });
  f = walletFixtures(a);
  admins = [caller(a.app, '/admin-api'), caller(b.app, '/admin-api')];
});
afterAll(async () => {
  await b.close();
  await secondPool?.close();
  await a.close();
});

const post = (i: number, declared: AnyCall, token: string, body: unknown) =>
  admins[i % 2]!(declared, { token, body: unchecked(body) });

describe.skipIf(!usingPostgres)('credits racing on two instances (PostgreSQL)', () => {
  it('approvals of one pending credit by many operators at once credit it once', async () => {
    const who = await f.user();
    const asker = await f.operator('finance');
    const approvers = await Promise.all(Array.from({ length: 6 }, () => f.operator('finance')));
    const pending = (
      await f.admin(consoleCalls.credits.create, {
        token: asker,
        body: {
          userId: String(who.userId),
          kind: 'refund',
          amount: '1500',
          reason: 'Double charge',
          requestId: randomUUID(),
        },
      })
    ).body.data;
    expect(pending.status).toBe('pending');
    const answers = await Promise.all([
      ...approvers.map((token, i) => post(i, consoleCalls.credits.approve, token, { id: pending.id })),
      // The asker's own approval, replayed on both instances, is refused every time.
      post(0, consoleCalls.credits.approve, asker, { id: pending.id }),
      post(1, consoleCalls.credits.approve, asker, { id: pending.id }),
    ]);
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.slice(-2).map((x) => x.body.errorKey)).toEqual(['CreditOwnApproval', 'CreditOwnApproval']);
    expect(new Set(answers.filter((x) => x.status !== 200).map((x) => x.body.errorKey))).toEqual(
      new Set(['CreditStateChanged', 'CreditOwnApproval']),
    );
    expect(await f.balance(who.token)).toBe('1500.00');
    const [n] = await a.database.query<{ n: number }>(
      'select count(*)::int as n from ledger_transfer where idempotency_key = $1',
      [`credit:${pending.id}`],
    );
    expect(n!.n).toBe(1);
  });

  it('a burst of small credits by one support operator stops at the day’s limit, on both instances', async () => {
    const who = await f.user();
    const support = await f.operator('support');
    // 40 credits of 100 at once: the day allows 3,000, so exactly 30 pass.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(i, consoleCalls.credits.create, support, {
          userId: String(who.userId),
          kind: 'goodwill',
          amount: '100',
          reason: 'Burst test',
          requestId: randomUUID(),
        }),
      ),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(30);
    expect(new Set(answers.filter((x) => x.status !== 200).map((x) => x.body.errorKey))).toEqual(
      new Set(['CreditLimitPerDay']),
    );
    expect(await f.balance(who.token)).toBe('3000.00');
    const [sum] = await a.database.query<{ s: string }>(
      "select sum(balance)::text as s from ledger_balance where currency = 'PHP'",
    );
    expect(sum!.s).toBe('0');
  });
});
