import { type bankCardForm } from '@dramastar/contract';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { bankCards } from '../../db/schema/index.js';
import { lockUser } from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import type { Sealer } from '../../sealing.js';
import { tenantWallet } from './settings.js';
import { uniqueViolation } from '../../db/errors.js';

export const MAX_BANK_CARDS = 5;

type CardRow = typeof bankCards.$inferSelect;

/** How a card number is shown everywhere but finance's payout view: `•••• 6789`. */
export const maskCardNumber = (last4: string | null) => `•••• ${last4 ?? ''}`;

/** The columns that keep a card number at rest: sealed, its digest and its last four digits. */
export function sealedCardNumber(sealer: Sealer, number: string) {
  return {
    cardNumber: null,
    cardNumberSealed: sealer.seal(number),
    cardNumberDigest: sealer.digest(number),
    cardLast4: number.slice(-4),
  };
}

/** A card's full number (for a withdrawal's payout snapshot only). */
export function openCardNumber(sealer: Sealer, row: CardRow): string {
  return row.cardNumberSealed ? sealer.open(row.cardNumberSealed) : (row.cardNumber ?? '');
}

/**
 * Seals the numbers of cards written before numbers were sealed (run at every start; each row
 * is changed once, by a conditional update, so instances starting together do not collide).
 */
export async function sealLegacyBankCards(db: Db, sealer: Sealer): Promise<number> {
  const legacy = await db
    .select({ id: bankCards.id, cardNumber: bankCards.cardNumber })
    .from(bankCards)
    .where(isNotNull(bankCards.cardNumber));
  let sealed = 0;
  for (const row of legacy) {
    if (row.cardNumber === null) continue;
    const done = await db
      .update(bankCards)
      .set(sealedCardNumber(sealer, row.cardNumber))
      .where(and(eq(bankCards.id, row.id), isNotNull(bankCards.cardNumber)))
      .returning({ id: bankCards.id });
    sealed += done.length;
  }
  return sealed;
}

export function createBankCardService(db: Db, clock: Clock, sealer: Sealer) {
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
        cardNumber: maskCardNumber(r.cardLast4),
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
      const { cardNumber, ...rest } = form;
      await withTransaction(db, async (tx) => {
        // One user's cards are added one at a time, so the limit holds under races.
        await lockUser(tx, userId);
        const [held] = await tx.select({ n: count() }).from(bankCards).where(eq(bankCards.userId, userId));
        if ((held?.n ?? 0) >= MAX_BANK_CARDS) throw new AppError('BankCardLimit');
        await tx
          .insert(bankCards)
          .values({ userId, ...rest, ...sealedCardNumber(sealer, cardNumber), createdAt: clock.now() });
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
