import type { CopyrightProduct } from '@dramastar/contract';
import { parseAmount } from '../../../shared/money';

/** The contract's largest quantity in one purchase. */
export const MAX_QUANTITY_PER_PURCHASE = 1000;

/**
 * How many of a product the user may buy now: what is left, and what the user may still hold
 * (per-user maximum less what they have), never more than one purchase allows; 0 when it is not
 * on sale.
 */
export function maxQuantity(product: CopyrightProduct): number {
  if (product.state !== 'open') return 0;
  const left = Math.max(0, product.remaining);
  const allowed = Math.max(0, product.perUserMax - product.mine.quantity);
  return Math.min(left, allowed, MAX_QUANTITY_PER_PURCHASE);
}

/** Why the user cannot buy a product, or null when they can. */
export type BuyBlock = 'upcoming' | 'ended' | 'soldOut' | 'limitReached';

export function buyBlock(product: CopyrightProduct): BuyBlock | null {
  switch (product.state) {
    case 'upcoming':
      return 'upcoming';
    case 'ended':
      return 'ended';
    case 'sold_out':
      return 'soldOut';
    case 'open':
      if (product.remaining <= 0) return 'soldOut';
      return product.mine.quantity >= product.perUserMax ? 'limitReached' : null;
  }
}

/** A typed quantity held within 1 … max (an empty or unreadable one is 1). */
export function clampQuantity(value: number, max: number): number {
  if (max < 1) return 0;
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.floor(value)));
}

export interface BuyQuote {
  /** Price × quantity, in minor units. */
  total: bigint;
  /** Daily profit × quantity, in minor units. */
  daily: bigint;
  /** Daily × term, in minor units. */
  totalReturn: bigint;
}

/** What a purchase costs and pays, in integer minor units (no floats on money). */
export function quoteBuy(product: CopyrightProduct, quantity: number): BuyQuote {
  const q = BigInt(Math.max(0, Math.floor(quantity)));
  const price = parseAmount(product.price, product.currency) ?? 0n;
  const daily = parseAmount(product.dailyProfit, product.currency) ?? 0n;
  return { total: price * q, daily: daily * q, totalReturn: daily * q * BigInt(product.termDays) };
}

/** Whether a balance (decimal string) covers an amount in minor units; null when unknown. */
export function covers(balance: string | undefined, total: bigint, currency: CopyrightProduct['currency']) {
  if (balance === undefined) return null;
  const minor = parseAmount(balance, currency);
  return minor === null ? null : minor >= total;
}
