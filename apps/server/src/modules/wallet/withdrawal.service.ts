import {
  maxWithdrawal,
  toMajor,
  type Withdrawal,
  type WithdrawalChannel,
  type WithdrawalRules,
  withdrawalFee,
} from '@dramastar/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Page } from '../../db/paging.js';
import { bankCards, withdrawals } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { parseAmount, replayAfterRace, replayOf, requestHash } from '../../money.js';
import type { Sealer } from '../../sealing.js';
import type { Ledger, SettleOwed } from '../ledger/ledger.service.js';
import { type Notify, noNotify } from '../user/notify.js';
import { newOrderNo } from './amounts.js';
import { maskCardNumber, openCardNumber } from './bank-card.service.js';
import type { PayPasswordService } from './pay-password.service.js';
import { type TenantWallet, tenantWallet } from './settings.js';
import { createWithdrawalConsole } from './withdrawal-console.service.js';
import { type StoredDestination, toWithdrawal, userWithdrawals } from './withdrawal-orders.js';

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

    ...createWithdrawalConsole({ db, clock, ledger, sealer, settleOwed, notify }),
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
