import {
  type CurrencyKey,
  isCurrencyKey,
  type LedgerAccountRow,
  type LedgerEntryRow,
  toMajor,
  type TransferKind,
} from '@dramastar/contract';
import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { DayRange } from '../../db/days.js';
import { onePage, type Page } from '../../db/paging.js';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { ledgerAccountColumns } from './ledger.service.js';

// The ledger's read side for the console: its explorer (accounts, an account's statement) and
// the daily reconciliation's sums (transfers by kind, each account's movements around a day).
// Only the ledger module reads its tables (eslint.config.js); the console's finance service asks here.

/** The tenants a read may cover: null = all. */
export type LedgerScope = string[] | null;

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

/** Minor units as a decimal string; an unknown currency shows the raw integer. */
export function major(value: bigint, currency: string): string {
  return isCurrencyKey(currency) ? toMajor(value, currency) : value.toString();
}

/** A sum read as text (exact for bigint), 0 when there was nothing to add. */
export const big = (v: string | null | undefined) => BigInt(v ?? '0');

/**
 * An account as the console shows it, with its user's e-mail, user name and invite code (the
 * console asks the user module for them: the ledger sits below it).
 */
export const accountRow = (
  account: LedgerAccount,
  owner: { email: string | null; userName: string | null; inviteCode: string } | undefined,
): LedgerAccountRow => ({
  id: String(account.id),
  tenantId: account.tenantId,
  currency: account.currency,
  code: account.code,
  kind: account.userId === null ? 'system' : 'wallet',
  userId: account.userId === null ? null : String(account.userId),
  email: owner?.email ?? null,
  userName: owner?.userName ?? null,
  inviteCode: owner?.inviteCode ?? null,
  balance: major(account.balance, account.currency),
  createdAt: account.createdAt.toISOString(),
});

/** Ledger accounts by kind, currency and, when `userIds` is given, those of these users only. */
export async function ledgerAccountPage(
  q: DbOrTx,
  filter: Page & {
    scope: LedgerScope;
    userIds?: bigint[] | undefined;
    kind?: 'wallet' | 'system';
    currency?: CurrencyKey;
  },
) {
  const conditions: SQL[] = [];
  if (filter.scope) conditions.push(inArray(ledgerAccounts.tenantId, filter.scope));
  if (filter.kind === 'wallet') conditions.push(isNotNull(ledgerAccounts.userId));
  if (filter.kind === 'system') conditions.push(sql`${ledgerAccounts.userId} is null`);
  if (filter.currency) conditions.push(eq(ledgerAccounts.currency, filter.currency));
  if (filter.userIds)
    conditions.push(filter.userIds.length > 0 ? inArray(ledgerAccounts.userId, filter.userIds) : sql`false`);
  const where = and(...conditions);
  return onePage(
    q,
    q
      .select(ledgerAccountColumns)
      .from(ledgerAccounts)
      .where(where)
      .orderBy(ledgerAccounts.tenantId, ledgerAccounts.currency, ledgerAccounts.code)
      .$dynamic(),
    filter,
    { from: ledgerAccounts, where },
  );
}

/**
 * An account and its entries, newest first, each signed from the account's side with the
 * balance right after it (the balance now minus what came later). Read it in one snapshot
 * (a repeatable-read transaction): the balance and the entries must agree.
 */
export async function ledgerStatement(tx: DbOrTx, accountId: bigint, scope: LedgerScope, page: Page) {
  const [account] = await tx
    .select(ledgerAccountColumns)
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  if (!account) throw new AppError('NotFound');
  if (scope && !scope.includes(account.tenantId)) throw new AppError('Forbidden');
  const id = account.id;
  const t = ledgerTransfers;
  const touches = or(eq(t.debitAccountId, id), eq(t.creditAccountId, id));
  const counterpart = aliasedTable(ledgerAccounts, 'counterpart');
  const { rows, total } = await onePage(
    tx,
    tx
      .select({ t, counterpartCode: counterpart.code })
      .from(t)
      .innerJoin(
        counterpart,
        sql`${counterpart.id} = case when ${t.creditAccountId} = ${id} then ${t.debitAccountId} else ${t.creditAccountId} end`,
      )
      .where(touches)
      .orderBy(desc(t.id))
      .$dynamic(),
    page,
    { from: t, where: touches },
  );
  const signed = (transfer: typeof t.$inferSelect) =>
    transfer.creditAccountId === id ? transfer.amount : -transfer.amount;
  let after = account.balance;
  const first = rows[0];
  if (first) {
    const [later] = await tx
      .select({
        net: sql<string>`coalesce(sum(case when ${t.creditAccountId} = ${id} then ${t.amount} else -${t.amount} end), 0)::text`,
      })
      .from(t)
      .where(and(touches, sql`${t.id} > ${first.t.id}`));
    after -= big(later?.net);
  }
  const list = rows.map(({ t: transfer, counterpartCode }): LedgerEntryRow => {
    const entry = {
      id: String(transfer.id),
      createdAt: transfer.createdAt.toISOString(),
      amount: major(signed(transfer), account.currency),
      counterpart: {
        id: String(transfer.creditAccountId === id ? transfer.debitAccountId : transfer.creditAccountId),
        code: counterpartCode,
      },
      kind: transfer.kind,
      reference: transfer.reference,
      idempotencyKey: transfer.idempotencyKey,
      balanceAfter: major(after, account.currency),
    };
    after -= signed(transfer);
    return entry;
  });
  return { account, list, total };
}

/** Every ledger account of a tenant, with its balance. */
export function tenantLedgerAccounts(tx: DbOrTx, tenantId: string): Promise<LedgerAccount[]> {
  return tx.select(ledgerAccountColumns).from(ledgerAccounts).where(eq(ledgerAccounts.tenantId, tenantId));
}

/** A tenant's transfers in one currency within [from, to). */
export interface LedgerWindow {
  tenantId: string;
  currency: CurrencyKey;
  from: Date;
  to: Date;
}

/** Transfers of a window by kind, and between what: a wallet or not on the credit side, the debit account's code. */
export interface KindSum {
  kind: string;
  toWallet: boolean;
  fromCode: string;
  count: number;
  sum: bigint;
}

export async function sumsByKind(tx: DbOrTx, window: LedgerWindow): Promise<KindSum[]> {
  const t = ledgerTransfers;
  const rows = await tx
    .select({
      kind: t.kind,
      toWallet: sql<boolean>`credit.user_id is not null`,
      fromCode: sql<string>`debit.code`,
      n: count(),
      sum: sql<string>`sum(${t.amount})::text`,
    })
    .from(t)
    .innerJoin(sql`${ledgerAccounts} as credit`, sql`credit.id = ${t.creditAccountId}`)
    .innerJoin(sql`${ledgerAccounts} as debit`, sql`debit.id = ${t.debitAccountId}`)
    .where(
      and(
        eq(t.tenantId, window.tenantId),
        eq(t.currency, window.currency),
        gte(t.createdAt, window.from),
        lt(t.createdAt, window.to),
      ),
    )
    .groupBy(sql`1, 2, 3`);
  return rows.map((r) => ({
    kind: r.kind,
    toWallet: r.toWallet,
    fromCode: r.fromCode,
    count: r.n,
    sum: big(r.sum),
  }));
}

/** What moved in an account before a window, during it and after it (credits less debits). */
export interface Movements {
  before: bigint;
  day: bigint;
  after: bigint;
}

/** Each account's movements around a window, from the transfers (accounts that never moved are absent). */
export async function movementsByAccount(tx: DbOrTx, window: LedgerWindow): Promise<Map<bigint, Movements>> {
  const t = ledgerTransfers;
  const { from, to } = window;
  const bucket = sql<string>`case when ${t.createdAt} < ${from.toISOString()}::timestamptz then 'before' when ${t.createdAt} < ${to.toISOString()}::timestamptz then 'day' else 'after' end`;
  const net = new Map<bigint, Movements>();
  for (const side of ['credit', 'debit'] as const) {
    const column = side === 'credit' ? t.creditAccountId : t.debitAccountId;
    const rows = await tx
      .select({ id: column, bucket, sum: sql<string>`sum(${t.amount})::text` })
      .from(t)
      .where(and(eq(t.tenantId, window.tenantId), eq(t.currency, window.currency)))
      .groupBy(sql`1, 2`);
    for (const r of rows) {
      const e = net.get(r.id) ?? { before: 0n, day: 0n, after: 0n };
      if (r.bucket === 'before' || r.bucket === 'day' || r.bucket === 'after')
        e[r.bucket] += side === 'credit' ? big(r.sum) : -big(r.sum);
      net.set(r.id, e);
    }
  }
  return net;
}

/**
 * A tenant's transfers of `kinds` on each local day of `days`, summed (as text) per currency, kind
 * and whether the money came from the platform (`fromSystem`: the debit account has no user) or a
 * wallet. Days without any are absent. The console dashboard's revenue and payouts.
 */
export function kindsPerDay(
  db: DbOrTx,
  tenantId: string,
  days: DayRange,
  kinds: readonly TransferKind[],
): Promise<{ day: string; currency: string; kind: TransferKind; fromSystem: boolean; total: string }[]> {
  const t = ledgerTransfers;
  return db
    .select({
      day: days.localDay(t.createdAt),
      currency: t.currency,
      kind: t.kind,
      fromSystem: sql<boolean>`(${ledgerAccounts.userId} is null)`,
      total: sql<string>`sum(${t.amount})::text`,
    })
    .from(t)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, t.debitAccountId))
    .where(
      and(
        eq(t.tenantId, tenantId),
        inArray(t.kind, [...kinds]),
        gte(t.createdAt, days.start),
        lt(t.createdAt, days.end),
      ),
    )
    .groupBy(sql`1, 2, 3, 4`);
}
