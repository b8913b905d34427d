import {
  type CurrencyKey,
  formatMinor,
  isCurrencyKey,
  maxWithdrawal,
  toMajor,
  type Withdrawal,
  type WITHDRAWAL_ACTIONS,
  type WithdrawalChannel,
  type WithdrawalRules,
  type WithdrawalStage,
  type WithdrawalUserContext,
  withdrawalDestination,
  withdrawalFee,
} from '@dramastar/contract';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { onePage, type Page } from '../../db/paging.js';
import { bankCards, rechargeOrders, withdrawals } from '../../db/schema/index.js';
import { tenantSettingsRow } from '../tenant/tenant-rows.js';
import { userCard, userCards } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { type Ledger, type SettleOwed, walletBalancesOf } from '../ledger/ledger.service.js';
import { newOrderNo } from './amounts.js';
import type { PayPasswordService } from './pay-password.service.js';
import type { Actor } from './recharge.service.js';
import { type Notify, noNotify } from '../user/notify.js';
import type { Sealer } from '../../sealing.js';
import { maskCardNumber, openCardNumber } from './bank-card.service.js';
import { type TenantWallet, tenantWallet } from './settings.js';
import { parseAmount, replayAfterRace, replayOf, requestHash } from '../../money.js';

type Row = typeof withdrawals.$inferSelect;
type Destination = Withdrawal['destination'];
/**
 * The destination as kept: what the user sees, the card it came from, and for a bank card its
 * full number sealed (only finance's payout view opens it).
 */
const storedDestination = withdrawalDestination.extend({
  bankCardId: z.string().nullable().optional(),
  accountSealed: z.string().optional(),
});
type StoredDestination = z.infer<typeof storedDestination>;
/** A row's destination, read with its schema (a row this build cannot read fails loudly). */
const storedOf = (row: Row): StoredDestination => storedDestination.parse(row.destination);
export type WithdrawalAction = (typeof WITHDRAWAL_ACTIONS)[number];

/** Which stages each operator action leaves from, and where it goes. */
const TRANSITIONS: Record<WithdrawalAction, { from: WithdrawalStage[]; to: WithdrawalStage }> = {
  approve: { from: ['applied'], to: 'approved' },
  process: { from: ['approved'], to: 'processing' },
  pay: { from: ['processing'], to: 'paid' },
  reject: { from: ['applied', 'approved'], to: 'rejected' },
  fail: { from: ['approved', 'processing'], to: 'failed' },
};
const STAGE_COLUMN = {
  approved: 'approvedAt',
  processing: 'processingAt',
  paid: 'paidAt',
  rejected: 'rejectedAt',
  failed: 'failedAt',
} as const;

function currencyOf(value: string): CurrencyKey {
  if (!isCurrencyKey(value)) throw new Error(`unknown currency ${value}`);
  return value;
}

/** The destination as users and operators see it: the card number masked, nothing sealed. */
function shownDestination(row: Row): Destination {
  const { channel, bank, bankName, accountName, account } = storedOf(row);
  return { channel, bank, bankName, accountName, account };
}

export function toWithdrawal(row: Row): Withdrawal {
  const currency = currencyOf(row.currency);
  const stages: Withdrawal['stages'] = [{ stage: 'applied', at: row.appliedAt.toISOString() }];
  for (const stage of ['approved', 'processing', 'paid', 'rejected', 'failed'] as const) {
    const at = row[STAGE_COLUMN[stage]];
    if (at) stages.push({ stage, at: at.toISOString() });
  }
  return {
    orderNo: row.orderNo,
    status: row.status,
    amount: toMajor(row.amount, currency),
    fee: toMajor(row.fee, currency),
    total: toMajor(row.amount + row.fee, currency),
    currency,
    destination: shownDestination(row),
    createdAt: row.appliedAt.toISOString(),
    stages,
    reason: row.reason,
  };
}

/** A user's withdrawals, newest first (the app's records and the console's user page map them). */
export function userWithdrawals(db: DbOrTx, userId: bigint, page: Page) {
  const where = eq(withdrawals.userId, userId);
  return onePage(
    db,
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.appliedAt), desc(withdrawals.id))
      .$dynamic(),
    page,
    { from: withdrawals, where },
  );
}

/** What a withdrawal asks of the Star Cards (the membership service, wired in app.ts). */
export interface StarCards {
  hasStarCard(db: DbOrTx, userId: bigint): Promise<boolean>;
}

/**
 * Withdrawals. At application amount + fee leave the spendable balance for withdrawals payable
 * (in the same transaction as the withdrawal row); paying moves them to payouts and fees;
 * rejecting or failing returns exactly amount + fee. Stage changes are conditional updates, so
 * two operators acting at once cannot both move the same withdrawal.
 */
export function createWithdrawalService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  memberships: StarCards;
  payPasswords: PayPasswordService;
  sealer: Sealer;
  /** What the user still owes is settled from the wallet before a withdrawal and on its refund. */
  settleOwed: SettleOwed;
  notify?: Notify;
}) {
  const { db, clock, ledger, memberships, payPasswords, sealer, settleOwed } = deps;
  const notify = deps.notify ?? noNotify;

  function feeRule(wallet: TenantWallet, channel: WithdrawalChannel) {
    const w = wallet.settings.withdrawal;
    return channel === 'usdt'
      ? { feeBps: w.usdtFeeBps, minFee: parseAmount(w.usdtMinFee, wallet.currency) }
      : { feeBps: w.bankFeeBps, minFee: 0n };
  }

  async function rules(user: { userId: bigint; tenantId: string }): Promise<WithdrawalRules> {
    const wallet = await tenantWallet(db, user.tenantId);
    const { currency } = wallet;
    const w = wallet.settings.withdrawal;
    const balance = await ledger.balance(db, user.tenantId, currency, { userId: user.userId });
    const step = parseAmount(String(w.divisibleBy), currency);
    const min = parseAmount(w.minAmount, currency);
    const [cards] = await db.select({ n: count() }).from(bankCards).where(eq(bankCards.userId, user.userId));
    return {
      currency,
      balance: toMajor(balance, currency),
      minAmount: w.minAmount,
      divisibleBy: String(w.divisibleBy),
      bankFeeBps: w.bankFeeBps,
      usdtEnabled: w.usdtEnabled,
      usdtFeeBps: w.usdtFeeBps,
      usdtMinFee: w.usdtMinFee,
      quickAmounts: w.quickAmounts,
      maxBankAmount: toMajor(maxWithdrawal(balance, { step, min, ...feeRule(wallet, 'bank') }), currency),
      maxUsdtAmount: toMajor(maxWithdrawal(balance, { step, min, ...feeRule(wallet, 'usdt') }), currency),
      membershipActive: await memberships.hasStarCard(db, user.userId),
      payPasswordSet: (await payPasswords.status(user.userId)).exists,
      bankCardCount: cards?.n ?? 0,
    };
  }

  async function destinationOf(
    userId: bigint,
    body: { channel: WithdrawalChannel; bankCardId?: string | undefined; usdtAddress?: string | undefined },
  ): Promise<{ destination: StoredDestination; bankCardId: string | null }> {
    if (body.channel === 'usdt') {
      return {
        destination: {
          channel: 'usdt',
          bank: null,
          bankName: null,
          accountName: null,
          account: body.usdtAddress ?? '',
        },
        bankCardId: null,
      };
    }
    const cards = await db
      .select()
      .from(bankCards)
      .where(eq(bankCards.userId, userId))
      .orderBy(desc(bankCards.createdAt), desc(bankCards.id));
    if (cards.length === 0) throw new AppError('BankCardNotSet');
    const card = body.bankCardId ? cards.find((c) => String(c.id) === body.bankCardId) : cards[0];
    if (!card) throw new AppError('BankCardNotSet', { field: 'bankCardId' });
    return {
      destination: {
        channel: 'bank',
        bank: card.bank,
        bankName: card.bankName,
        accountName: card.accountName,
        account: maskCardNumber(card.cardLast4),
        // Sealed again on its own: finance can pay even after the user removes the card.
        accountSealed: sealer.seal(openCardNumber(sealer, card)),
      },
      bankCardId: String(card.id),
    };
  }

  return {
    rules,

    /**
     * Applies for a withdrawal. Refusals, in the order a user meets them: MembershipRequired,
     * PaymentPasswordNotSet, BankCardNotSet, AmountBelowMinimum, WithdrawalDivisibleBy100 /
     * AmountStep, PayPasswordLocked / WrongPaymentPassword, InsufficientFunds. A refused
     * application changes nothing (a wrong password only counts towards the lock).
     */
    async apply(
      user: { userId: bigint; tenantId: string },
      body: {
        amount: string;
        channel: WithdrawalChannel;
        bankCardId?: string | undefined;
        usdtAddress?: string | undefined;
        payPassword: string;
        requestId: string;
      },
    ): Promise<Withdrawal> {
      const wallet = await tenantWallet(db, user.tenantId);
      const { currency } = wallet;
      const w = wallet.settings.withdrawal;
      const hash = requestHash([
        body.amount,
        body.channel,
        body.bankCardId ?? null,
        body.usdtAddress ?? null,
      ]);
      const earlierWithdrawal = async () => {
        const [earlier] = await db
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, user.userId), eq(withdrawals.requestId, body.requestId)));
        return earlier;
      };
      const earlier = replayOf(await earlierWithdrawal(), hash);
      if (earlier) return toWithdrawal(earlier);

      if (body.channel === 'usdt' && !w.usdtEnabled)
        throw new AppError('ChannelUnavailable', { field: 'channel' });
      if (!(await memberships.hasStarCard(db, user.userId))) throw new AppError('MembershipRequired');
      if (!(await payPasswords.status(user.userId)).exists) throw new AppError('PaymentPasswordNotSet');
      const { destination, bankCardId } = await destinationOf(user.userId, body);
      const amount = parseAmount(body.amount, currency);
      if (amount < parseAmount(w.minAmount, currency)) {
        throw new AppError('AmountBelowMinimum', { field: 'amount', params: { amount: w.minAmount } });
      }
      if (amount % parseAmount(String(w.divisibleBy), currency) !== 0n) {
        throw w.divisibleBy === 100
          ? new AppError('WithdrawalDivisibleBy100', { field: 'amount' })
          : new AppError('AmountStep', { field: 'amount', params: { step: w.divisibleBy } });
      }
      await payPasswords.verify(user.userId, body.payPassword);
      const { feeBps, minFee } = feeRule(wallet, body.channel);
      const fee = withdrawalFee(amount, feeBps, minFee);
      // Owed money is settled first, in its own transaction: the wallet then shows what may leave.
      await withTransaction(db, (tx) =>
        settleOwed(tx, {
          tenantId: user.tenantId,
          currency,
          userId: user.userId,
          reference: `withdrawal:${body.requestId}`,
        }),
      );

      const created = await withTransaction(db, async (tx) => {
        const now = clock.now();
        const [row] = await tx
          .insert(withdrawals)
          .values({
            orderNo: newOrderNo('W', now),
            tenantId: user.tenantId,
            userId: user.userId,
            currency,
            channel: body.channel,
            amount,
            fee,
            status: 'applied',
            destination: { ...destination, bankCardId },
            requestId: body.requestId,
            requestHash: hash,
            appliedAt: now,
          })
          .onConflictDoNothing({ target: [withdrawals.userId, withdrawals.requestId] })
          .returning();
        if (!row) return undefined;
        const base = { tenantId: user.tenantId, currency, reference: row.orderNo };
        const wallet = { userId: user.userId } as const;
        await ledger.transfer(tx, {
          ...base,
          from: wallet,
          to: { system: 'withdrawals_payable' },
          amount,
          kind: 'withdrawal',
          idempotencyKey: `withdrawal:${row.orderNo}`,
        });
        if (fee > 0n) {
          await ledger.transfer(tx, {
            ...base,
            from: wallet,
            to: { system: 'withdrawals_payable' },
            amount: fee,
            kind: 'fee',
            idempotencyKey: `withdrawal:${row.orderNo}:fee`,
          });
        }
        return row;
      });
      if (created) return toWithdrawal(created);
      return toWithdrawal(replayAfterRace(await earlierWithdrawal(), hash));
    },

    async get(userId: bigint, orderNo: string): Promise<Withdrawal> {
      const [row] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.orderNo, orderNo), eq(withdrawals.userId, userId)));
      if (!row) throw new AppError('WithdrawalNotFound', { field: 'orderNo' });
      return toWithdrawal(row);
    },

    async list(userId: bigint, page: Page) {
      const { rows, total } = await userWithdrawals(db, userId, page);
      return { list: rows.map(toWithdrawal), total };
    },

    /**
     * An operator's action on a withdrawal (approve, process, pay, reject, fail) with its ledger
     * movements, in the caller's transaction (which also writes the audit entry).
     */
    async act(
      tx: Tx,
      orderNo: string,
      action: WithdrawalAction,
      reason: string | undefined,
      actor: Actor,
      /** Mark paid: the bank's transfer reference (the contract requires it for `pay`). */
      reference?: string,
    ) {
      const [before] = await tx
        .select()
        .from(withdrawals)
        .where(eq(withdrawals.orderNo, orderNo))
        .for('update');
      if (!before || (actor.tenantIds && !actor.tenantIds.includes(before.tenantId))) {
        throw new AppError('WithdrawalNotFound', { field: 'orderNo' });
      }
      if (action === 'pay' && !reference?.trim()) {
        throw new AppError('PaidReferenceRequired', { field: 'reference' });
      }
      const { from, to } = TRANSITIONS[action];
      if (!from.includes(before.status)) {
        throw new AppError('WithdrawalStateChanged', { params: { status: before.status } });
      }
      // A frozen account's money does not start moving out: approving or sending a queued
      // withdrawal waits for the unfreeze. Rejecting or failing it (the money returns to the
      // wallet) and recording a payout the bank already made stay possible.
      if (action === 'approve' || action === 'process') {
        const owner = await userCard(tx, before.userId);
        if (owner?.status === 'frozen') throw new AppError('WithdrawalUserFrozen');
      }
      const [after] = await tx
        .update(withdrawals)
        .set({
          status: to,
          [STAGE_COLUMN[to as keyof typeof STAGE_COLUMN]]: clock.now(),
          ...(reason !== undefined ? { reason } : {}),
          ...(action === 'pay' && reference !== undefined ? { paidReference: reference } : {}),
        })
        .where(and(eq(withdrawals.id, before.id), inArray(withdrawals.status, from)))
        .returning();
      if (!after) throw new AppError('WithdrawalStateChanged', { params: { status: before.status } });
      const base = {
        tenantId: before.tenantId,
        currency: currencyOf(before.currency),
        reference: before.orderNo,
      };
      if (to === 'paid') {
        await ledger.transfer(tx, {
          ...base,
          from: { system: 'withdrawals_payable' },
          to: { system: 'payouts' },
          amount: before.amount,
          kind: 'payout',
          idempotencyKey: `withdrawal:${before.orderNo}:paid`,
        });
        if (before.fee > 0n) {
          await ledger.transfer(tx, {
            ...base,
            from: { system: 'withdrawals_payable' },
            to: { system: 'fees' },
            amount: before.fee,
            kind: 'fee_income',
            idempotencyKey: `withdrawal:${before.orderNo}:fee-earned`,
          });
        }
      } else if (to === 'rejected' || to === 'failed') {
        await ledger.transfer(tx, {
          ...base,
          from: { system: 'withdrawals_payable' },
          to: { userId: before.userId },
          amount: before.amount + before.fee,
          kind: 'withdrawal_refund',
          idempotencyKey: `withdrawal:${before.orderNo}:refund`,
        });
        await settleOwed(tx, { ...base, userId: before.userId, reference: `${before.orderNo}:refund` });
      }
      const currency = currencyOf(before.currency);
      const money = (v: bigint) => formatMinor(v, currency);
      const facts = { orderNo: before.orderNo, amount: money(before.amount) };
      if (to === 'approved') {
        await notify(
          tx,
          before.userId,
          'withdrawal',
          'AccountMsgWithdrawalApprovedTitle',
          'AccountMsgWithdrawalApprovedBody',
          facts,
        );
      } else if (to === 'paid') {
        await notify(
          tx,
          before.userId,
          'withdrawal',
          'AccountMsgWithdrawalPaidTitle',
          'AccountMsgWithdrawalPaidBody',
          {
            ...facts,
            account: storedOf(before).account,
          },
        );
      } else if (to === 'rejected' || to === 'failed') {
        await notify(
          tx,
          before.userId,
          'withdrawal',
          'AccountMsgWithdrawalReturnedTitle',
          'AccountMsgWithdrawalReturnedBody',
          {
            ...facts,
            total: money(before.amount + before.fee),
            reason: reason ?? '',
          },
        );
      }
      return { before, after };
    },

    /**
     * The account a withdrawal is paid to, in full, for finance while it is approved or processing
     * (when the money is sent); masked everywhere else. The caller audits each view.
     */
    async payoutAccount(tx: Tx, orderNo: string, tenantIds: string[] | null) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
      if (!row || (tenantIds && !tenantIds.includes(row.tenantId))) {
        throw new AppError('WithdrawalNotFound', { field: 'orderNo' });
      }
      if (row.status !== 'approved' && row.status !== 'processing') {
        throw new AppError('PayoutAccountClosed', { params: { status: row.status } });
      }
      const stored = storedOf(row);
      let account = stored.account;
      if (stored.channel === 'bank' && stored.accountSealed) {
        account = sealer.open(stored.accountSealed);
      } else if (stored.channel === 'bank') {
        // Applied before withdrawals kept the number: the user's card, while it exists.
        const [card] = stored.bankCardId
          ? await tx
              .select()
              .from(bankCards)
              .where(and(eq(bankCards.id, BigInt(stored.bankCardId)), eq(bankCards.userId, row.userId)))
          : [];
        if (!card) throw new AppError('PayoutAccountUnavailable');
        account = openCardNumber(sealer, card);
      }
      return { row, destination: { ...shownDestination(row), account } };
    },

    /** One withdrawal for the console, within the operator's tenants (else WithdrawalNotFound). */
    async adminOne(orderNo: string, tenantIds: string[] | null) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderNo, orderNo));
      if (!row || (tenantIds && !tenantIds.includes(row.tenantId)))
        throw new AppError('WithdrawalNotFound', { field: 'orderNo' });
      return row;
    },

    async adminList(filter: {
      tenantIds: string[] | null;
      status?: WithdrawalStage | undefined;
      q?: string | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.tenantIds) conditions.push(inArray(withdrawals.tenantId, filter.tenantIds));
      if (filter.status) conditions.push(eq(withdrawals.status, filter.status));
      if (filter.q) conditions.push(eq(withdrawals.orderNo, filter.q.toUpperCase()));
      const where = and(...conditions);
      const { rows, total } = await onePage(
        db,
        db
          .select()
          .from(withdrawals)
          .where(where)
          .orderBy(desc(withdrawals.appliedAt), desc(withdrawals.id))
          .$dynamic(),
        filter,
        { from: withdrawals, where },
      );
      return { list: rows.map(toAdminWithdrawal), total, users: await userContexts(rows) };
    },
  };

  /**
   * What finance weighs for each user of a queue page, read for the page at once (one query for
   * the users with their recharges and withdrawals, one for their balances), never per row.
   */
  async function userContexts(rows: Row[]): Promise<WithdrawalUserContext[]> {
    const ids = [...new Set(rows.map((r) => r.userId))];
    if (ids.length === 0) return [];
    const since = sql`${new Date(clock.now().getTime() - 30 * 86_400_000).toISOString()}::timestamptz`;
    const sumOf = (amount: SQL, where?: SQL) =>
      sql<string>`coalesce(sum(${amount})${where ? sql` filter (where ${where})` : sql``}, 0)::text`;
    const countOf = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
    const recent = sql`${rechargeOrders.creditedAt} >= ${since}`;
    const paid = sql`${withdrawals.status} = 'paid'`;
    const [people, recharged, withdrawn, balances] = await Promise.all([
      userCards(db, ids),
      db
        .select({
          userId: rechargeOrders.userId,
          recentCount: countOf(recent),
          recentSum: sumOf(sql`${rechargeOrders.creditAmount}`, recent),
          allCount: count(),
          allSum: sumOf(sql`${rechargeOrders.creditAmount}`),
        })
        .from(rechargeOrders)
        .where(and(inArray(rechargeOrders.userId, ids), eq(rechargeOrders.status, 'credited')))
        .groupBy(rechargeOrders.userId),
      db
        .select({
          userId: withdrawals.userId,
          paidCount: countOf(paid),
          paidSum: sumOf(sql`${withdrawals.amount}`, paid),
          refused: countOf(sql`${withdrawals.status} in ('rejected', 'failed')`),
          open: countOf(sql`${withdrawals.status} in ('applied', 'approved', 'processing')`),
        })
        .from(withdrawals)
        .where(inArray(withdrawals.userId, ids))
        .groupBy(withdrawals.userId),
      walletBalancesOf(db, ids),
    ]);
    const currencies = new Map<string, CurrencyKey>();
    for (const tenantId of new Set([...people.values()].map((p) => p.tenantId))) {
      const tenant = await tenantSettingsRow(db, tenantId);
      if (tenant) currencies.set(tenantId, currencyOf(tenant.currency));
    }
    const rechargesOf = new Map(recharged.map((r) => [r.userId, r]));
    const withdrawalsOf = new Map(withdrawn.map((w) => [w.userId, w]));
    return ids.flatMap((id) => {
      const p = people.get(id);
      const currency = p && currencies.get(p.tenantId);
      if (!p || !currency) return [];
      const pair = (n: number | undefined, sum: string | undefined) => ({
        count: n ?? 0,
        amount: toMajor(BigInt(sum ?? '0'), currency),
      });
      const r = rechargesOf.get(id);
      const w = withdrawalsOf.get(id);
      return [
        {
          userId: String(p.id),
          email: p.email,
          phone: p.phone,
          joinedAt: p.createdAt.toISOString(),
          status: p.status,
          balance: toMajor(balances.get(`${String(p.id)}:${currency}`) ?? 0n, currency),
          currency,
          recharges30d: pair(r?.recentCount, r?.recentSum),
          rechargesTotal: pair(r?.allCount, r?.allSum),
          withdrawalsPaid: pair(w?.paidCount, w?.paidSum),
          withdrawalsRefused: w?.refused ?? 0,
          withdrawalsOpen: w?.open ?? 0,
        },
      ];
    });
  }
}

export function toAdminWithdrawal(row: Row) {
  return {
    ...toWithdrawal(row),
    tenantId: row.tenantId,
    userId: String(row.userId),
    paidReference: row.paidReference,
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
