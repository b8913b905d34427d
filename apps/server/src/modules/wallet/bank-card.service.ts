import { type bankCardForm } from '@dramastar/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { bankCards } from '../../db/schema/index.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { uniqueViolation } from '../user/user.service.js';
import { tenantWallet } from './settings.js';

export const MAX_BANK_CARDS = 5;

const masked = (number: string) => `•••• ${number.slice(-4)}`;

export function createBankCardService(db: Db, clock: Clock) {
  async function list(userId: bigint) {
    const rows = await db
      .select()
      .from(bankCards)
      .where(eq(bankCards.userId, userId))
      .orderBy(asc(bankCards.id));
    return {
      list: rows.map((r) => ({
        id: String(r.id),
        bank: r.bank,
        bankName: r.bankName,
        accountName: r.accountName,
        cardNumber: masked(r.cardNumber),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  return {
    list,
    /** The tenant's bank list, read on every call (an operator's edit applies at once). */
    banks: async (tenantId: string) => ({ banks: (await tenantWallet(db, tenantId)).banks }),

    /** Adds a card: a bank of the tenant's list, at most 5 cards, no number twice. */
    async add(userId: bigint, tenantId: string, form: z.output<typeof bankCardForm>) {
      const { banks } = await tenantWallet(db, tenantId);
      if (!banks.some((b) => b.code === form.bank))
        throw new AppError('UnknownBank', { status: 400, field: 'bank' });
      await withTransaction(db, async (tx) => {
        const [held] = await tx.select({ n: count() }).from(bankCards).where(eq(bankCards.userId, userId));
        if ((held?.n ?? 0) >= MAX_BANK_CARDS) throw new AppError('BankCardLimit');
        await tx.insert(bankCards).values({ userId, ...form, createdAt: clock.now() });
      }).catch((error: unknown) => {
        if (uniqueViolation(error) !== null) throw new AppError('BankCardExists', { field: 'cardNumber' });
        throw error;
      });
      return list(userId);
    },

    async remove(userId: bigint, id: string) {
      const removed = await db
        .delete(bankCards)
        .where(and(eq(bankCards.id, BigInt(id)), eq(bankCards.userId, userId)))
        .returning({ id: bankCards.id });
      if (removed.length === 0) throw new AppError('NotFound', { field: 'id' });
      return list(userId);
    },
  };
}

export type BankCardService = ReturnType<typeof createBankCardService>;
