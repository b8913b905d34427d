import { createHash } from 'node:crypto';
import { type CurrencyKey, toMajor } from '@dramastar/contract';
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/** System accounts: where money comes from and goes to outside the users' wallets. */
export const SYSTEM_ACCOUNTS = [
  'recharge_clearing',
  'withdrawals_payable',
  'fees',
  'rewards_expense',
  'membership_revenue',
  'red_packet_escrow',
  'copyright_pool',
  /** Money paid out to users' banks and USDT addresses (withdrawals that succeeded). */
  'payouts',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export type AccountRef = { userId: bigint } | { system: SystemAccount };

export interface TransferInput {
  tenantId: string;
  currency: CurrencyKey;
  from: AccountRef;
  to: AccountRef;
  /** Minor units, > 0. */
  amount: bigint;
  kind: string;
  reference: string;
  /** Unique per tenant: the same key never moves money twice. */
  idempotencyKey: string;
}

export type TransferRow = typeof ledgerTransfers.$inferSelect;
type AccountRow = typeof ledgerAccounts.$inferSelect;

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
      const hash = requestHash(input);
      const from = await account(tx, input.tenantId, input.currency, input.from);
      const to = await account(tx, input.tenantId, input.currency, input.to);

      // Claiming the key first: a concurrent request with the same key waits here for this one.
      const [claimed] = await tx
        .insert(ledgerTransfers)
        .values({
          tenantId: input.tenantId,
          currency: input.currency,
          debitAccountId: from.id,
          creditAccountId: to.id,
          amount: input.amount,
          kind: input.kind,
          reference: input.reference,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!claimed) {
        const [earlier] = await tx
          .select()
          .from(ledgerTransfers)
          .where(
            and(
              eq(ledgerTransfers.tenantId, input.tenantId),
              eq(ledgerTransfers.idempotencyKey, input.idempotencyKey),
            ),
          );
        if (!earlier) throw new Error('idempotency key vanished');
        if (earlier.requestHash !== hash) throw new AppError('IdempotencyConflict');
        return { transfer: earlier, replayed: true };
      }

      // Both rows locked in id order, so two transfers between the same accounts cannot deadlock.
      // NO KEY UPDATE: the transfer rows' foreign keys hold KEY SHARE locks on these accounts,
      // which a plain FOR UPDATE would wait for (and two transfers would wait for each other).
      const locked = await tx
        .select({
          id: ledgerAccounts.id,
          balance: ledgerAccounts.balance,
          allowNegative: ledgerAccounts.allowNegative,
        })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [from.id, to.id]))
        .orderBy(ledgerAccounts.id)
        .for('no key update');
      const source = locked.find((a) => a.id === from.id);
      if (!source) throw new Error('ledger account missing');
      if (!source.allowNegative && source.balance < input.amount) throw new AppError('InsufficientFunds');
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} - ${input.amount}` })
        .where(eq(ledgerAccounts.id, from.id));
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${input.amount}` })
        .where(eq(ledgerAccounts.id, to.id));
      return { transfer: claimed, replayed: false };
    },

    async balance(tx: DbOrTx, tenantId: string, currency: CurrencyKey, ref: AccountRef): Promise<bigint> {
      return (await find(tx, tenantId, currency, codeOf(ref)))?.balance ?? 0n;
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
        kind?: string | undefined;
      },
    ) {
      const wallet = await account(tx, input.tenantId, input.currency, { userId: input.userId });
      const touches = or(
        eq(ledgerTransfers.debitAccountId, wallet.id),
        eq(ledgerTransfers.creditAccountId, wallet.id),
      );
      const where = input.kind ? and(touches, eq(ledgerTransfers.kind, input.kind)) : touches;
      const rows = await tx
        .select()
        .from(ledgerTransfers)
        .where(where)
        .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
        .limit(input.pageSize)
        .offset((input.pageNum - 1) * input.pageSize);
      const [total] = await tx.select({ n: count() }).from(ledgerTransfers).where(where);
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          type: r.kind,
          amount: toMajor(r.creditAccountId === wallet.id ? r.amount : -r.amount, input.currency),
          currency: input.currency,
          reference: r.reference,
          createdAt: r.createdAt.toISOString(),
        })),
        total: total?.n ?? 0,
      };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
