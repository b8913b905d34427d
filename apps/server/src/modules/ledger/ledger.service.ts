import { createHash } from 'node:crypto';
import {
  type CurrencyKey,
  isCurrencyKey,
  LEDGER_SYSTEM_ACCOUNTS,
  toMajor,
  type TransferKind,
  type WalletRecordType,
} from '@dramastar/contract';
import { and, count, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { onePage } from '../../db/paging.js';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/** System accounts: where money comes from and goes to outside the users' wallets (the contract's list). */
export const SYSTEM_ACCOUNTS = LEDGER_SYSTEM_ACCOUNTS;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { userId: bigint } | { system: SystemAccount };

export interface TransferInput {
  tenantId: string;
  currency: CurrencyKey;
  from: AccountRef;
  to: AccountRef;
  /** Minor units, > 0. */
  amount: bigint;
  kind: TransferKind;
  reference: string;
  /** Unique per tenant: the same key never moves money twice. */
  idempotencyKey: string;
}

export type TransferRow = typeof ledgerTransfers.$inferSelect;

/**
 * Settles what a user still owes (a reward debt from the earlier rewards rule, docs/team.md) from
 * their wallet before money leaves it: the team module's `settleDebt`, given to the services
 * through which money leaves a wallet. Answers what was settled.
 */
export type SettleOwed = (
  tx: Tx,
  input: { tenantId: string; currency: CurrencyKey; userId: bigint; reference: string },
) => Promise<bigint>;

/** How many ledger accounts a tenant has (a tenant that has held money cannot be deleted). */
export async function ledgerAccountCount(tx: DbOrTx, tenantId: string): Promise<number> {
  const [found] = await tx
    .select({ n: count() })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.tenantId, tenantId));
  return found?.n ?? 0;
}

type AccountRow = typeof ledgerAccounts.$inferSelect;
/**
 * The columns `ledger_move` (ledger-move.sql) answers, in order; text, so bigint and time survive
 * both drivers unchanged. ledger-move.test.ts holds the function's RETURNS TABLE to this list.
 */
export const MOVE_COLUMNS = ['outcome', 'transfer_id', 'debit_id', 'credit_id', 'created_ms'] as const;
type MoveColumns = Record<(typeof MOVE_COLUMNS)[number], string | null>;
/** A row of `ledger_move`: one of its outcomes, with the transfer's ids unless nothing moved. */
type MoveRow = MoveColumns &
  (
    | {
        outcome: 'moved' | 'replayed' | 'conflict';
        transfer_id: string;
        debit_id: string;
        credit_id: string;
        created_ms: string;
      }
    | { outcome: 'insufficient'; transfer_id: null; debit_id: null; credit_id: null; created_ms: null }
  );

/** An account's balance in SQL: its row plus its shards (the view `ledger_balance` reads the same). */
export const accountBalance =
  sql<bigint>`(${ledgerAccounts.balance} + coalesce((select sum(s.balance) from ledger_account_shard s where s.account_id = ${ledgerAccounts.id}), 0))::bigint`.mapWith(
    ledgerAccounts.balance,
  );

/** An account's columns as read elsewhere (the console): `balance` includes its shards. */
export const ledgerAccountColumns = { ...getTableColumns(ledgerAccounts), balance: accountBalance };

/** A user's wallet balances, one per currency the wallet has moved money in, in currency order. */
export async function walletBalances(
  db: DbOrTx,
  userId: bigint,
): Promise<{ currency: CurrencyKey; balance: bigint }[]> {
  const rows = await db
    .select({ currency: ledgerAccounts.currency, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(ledgerAccounts.currency);
  return rows.flatMap((r) =>
    isCurrencyKey(r.currency) ? [{ currency: r.currency, balance: r.balance }] : [],
  );
}

/**
 * Many users' wallet balances at once (a console page's users), shards included: one query,
 * keyed `userId:currency`.
 */
export async function walletBalancesOf(db: DbOrTx, userIds: bigint[]): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: ledgerAccounts.userId, currency: ledgerAccounts.currency, balance: accountBalance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.userId, userIds));
  return new Map(rows.map((r) => [`${String(r.userId)}:${r.currency}`, r.balance]));
}

/**
 * The books' check per currency, over some tenants' accounts or every tenant's (null): the sum of
 * every balance (zero when they balance, as a decimal string of minor units) and the accounts.
 */
export async function currencySums(db: DbOrTx, tenantIds: string[] | null) {
  const rows = await db
    .select({
      currency: ledgerAccounts.currency,
      sum: sql<string>`sum(${accountBalance})::text`,
      accounts: count(),
    })
    .from(ledgerAccounts)
    .where(tenantIds ? inArray(ledgerAccounts.tenantId, tenantIds) : undefined)
    .groupBy(ledgerAccounts.currency)
    .orderBy(ledgerAccounts.currency);
  return rows.flatMap((r) =>
    isCurrencyKey(r.currency) ? [{ currency: r.currency, sum: r.sum, accounts: r.accounts }] : [],
  );
}

const codeOf = (ref: AccountRef) => ('userId' in ref ? `wallet:${ref.userId}` : `system:${ref.system}`);

function requestHash(input: TransferInput): string {
  const canonical = JSON.stringify([
    input.currency,
    codeOf(input.from),
    codeOf(input.to),
    input.amount.toString(),
    input.kind,
    input.reference,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The only writer of balances. Every movement is one transfer between two accounts of one
 * currency, made inside the caller's transaction (with the business change it belongs to), so
 * the sum over a currency's accounts stays zero and a refused movement leaves no trace.
 */
export function createLedger(clock: Clock) {
  async function find(tx: DbOrTx, tenantId: string, currency: CurrencyKey, code: string) {
    const [row] = await tx
      .select()
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.tenantId, tenantId),
          eq(ledgerAccounts.currency, currency),
          eq(ledgerAccounts.code, code),
        ),
      );
    return row;
  }

  /**
   * The account of a reference, made on first use. Only a missing account is inserted, so a
   * transfer between existing accounts takes no lock but its two rows' (no deadlock between
   * transfers); two first uses at once are settled by the unique code and a retried transaction.
   */
  async function account(
    tx: DbOrTx,
    tenantId: string,
    currency: CurrencyKey,
    ref: AccountRef,
  ): Promise<AccountRow> {
    const code = codeOf(ref);
    const existing = await find(tx, tenantId, currency, code);
    if (existing) return existing;
    await tx
      .insert(ledgerAccounts)
      .values({
        tenantId,
        currency,
        code,
        userId: 'userId' in ref ? ref.userId : null,
        allowNegative: !('userId' in ref),
        createdAt: clock.now(),
      })
      .onConflictDoNothing();
    const row = await find(tx, tenantId, currency, code);
    if (!row) throw new Error(`ledger account ${code} missing`);
    return row;
  }

  return {
    account,

    /**
     * Moves money. Answers the transfer and whether it was a replay of an earlier request with the
     * same key (then nothing moved again). Refuses: a key reused for another request (409
     * IdempotencyConflict), a wallet without enough money (409 InsufficientFunds). It takes a
     * transaction, never the bare database: a refusal must roll back the claimed key with the rest.
     */
    async transfer(tx: Tx, input: TransferInput): Promise<{ transfer: TransferRow; replayed: boolean }> {
      if (input.amount <= 0n) throw new Error('a transfer moves a positive amount');
      if (codeOf(input.from) === codeOf(input.to)) throw new Error('a transfer needs two accounts');
      const userOf = (ref: AccountRef) => ('userId' in ref ? ref.userId : null);
      const hash = requestHash(input);
      // One round trip: the accounts (made on first use), the key claimed, the wallet checked and
      // both sides moved, in the database function `ledger_move` (ledger-move.sql).
      const result = await tx.execute(sql`select * from ledger_move(
        ${input.tenantId}, ${input.currency}, ${codeOf(input.from)}, ${userOf(input.from)},
        ${codeOf(input.to)}, ${userOf(input.to)}, ${input.amount}, ${input.kind}, ${input.reference},
        ${input.idempotencyKey}, ${hash}, ${clock.now()})`);
      const [moved] = (result as { rows: MoveRow[] }).rows;
      if (!moved) throw new Error('ledger_move answered nothing');
      if (moved.outcome === 'conflict') throw new AppError('IdempotencyConflict');
      if (moved.outcome === 'insufficient') throw new AppError('InsufficientFunds');
      const transfer: TransferRow = {
        id: BigInt(moved.transfer_id),
        tenantId: input.tenantId,
        currency: input.currency,
        debitAccountId: BigInt(moved.debit_id),
        creditAccountId: BigInt(moved.credit_id),
        amount: input.amount,
        kind: input.kind,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        createdAt: new Date(Number(moved.created_ms)),
      };
      return { transfer, replayed: moved.outcome === 'replayed' };
    },

    /**
     * A user's wallet balance, its row locked to the end of the transaction so nothing spends it
     * meanwhile (a wallet has no shards: its row is its balance).
     */
    async lockedWalletBalance(
      tx: Tx,
      tenantId: string,
      currency: CurrencyKey,
      userId: bigint,
    ): Promise<bigint> {
      const wallet = await account(tx, tenantId, currency, { userId });
      const [row] = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, wallet.id))
        .for('no key update');
      return row?.balance ?? 0n;
    },

    async balance(tx: DbOrTx, tenantId: string, currency: CurrencyKey, ref: AccountRef): Promise<bigint> {
      const [row] = await tx
        .select({ balance: accountBalance })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.tenantId, tenantId),
            eq(ledgerAccounts.currency, currency),
            eq(ledgerAccounts.code, codeOf(ref)),
          ),
        );
      return row?.balance ?? 0n;
    },

    /** A user's wallet movements, newest first, signed from the wallet's side, as decimal strings. */
    async records(
      tx: DbOrTx,
      input: {
        tenantId: string;
        currency: CurrencyKey;
        userId: bigint;
        pageNum: number;
        pageSize: number;
        kind?: WalletRecordType | undefined;
      },
    ) {
      // A read: a wallet that has never moved money has no account and no records yet.
      const wallet = await find(tx, input.tenantId, input.currency, codeOf({ userId: input.userId }));
      if (!wallet) return { list: [], total: 0 };
      const touches = or(
        eq(ledgerTransfers.debitAccountId, wallet.id),
        eq(ledgerTransfers.creditAccountId, wallet.id),
      );
      const where = input.kind ? and(touches, eq(ledgerTransfers.kind, input.kind)) : touches;
      const { rows, total } = await onePage(
        tx,
        tx
          .select()
          .from(ledgerTransfers)
          .where(where)
          .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
          .$dynamic(),
        input,
        { from: ledgerTransfers, where },
      );
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          type: r.kind,
          amount: toMajor(r.creditAccountId === wallet.id ? r.amount : -r.amount, input.currency),
          currency: input.currency,
          reference: r.reference,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
