import type { CurrencyKey, MessageKey, PaymentChannel, TierOffer } from '@dramastar/contract';
import { parseAmount } from './money';

/**
 * How a Star Card is paid and what it costs, shared by the Star Card page and an episode's
 * paywall (which buys in one tap): from the wallet, or through a recharge channel for exactly the
 * amount to pay.
 */
export type PaymentMethod = 'balance' | 'gateway' | 'official';

export interface QuoteNumbers {
  /** The tier's price, in minor units. */
  price: bigint;
  /** Credit for the unused part of the cards an upgrade replaces. */
  credit: bigint;
  /** What leaves the wallet (never below 0). */
  pay: bigint;
  /** Credit beyond the price, which goes back to the wallet. */
  refund: bigint;
  endsAt: string;
}

/** The numbers of the confirmation, in minor units (never floats). */
export function quoteNumbers(offer: TierOffer): QuoteNumbers {
  const read = (amount: string) => parseAmount(amount, offer.currency) ?? 0n;
  const price = read(offer.price);
  const credit = read(offer.quote.credit);
  const pay = read(offer.quote.pay);
  return { price, credit, pay, refund: credit > price ? credit - price : 0n, endsAt: offer.quote.endsAt };
}

/**
 * The methods offered for a purchase: the balance always; the card gateway and the bank transfer
 * when the tenant has them, they take orders (a card channel without a provider does not), and
 * there is something to pay. USDT is not offered: it pays in another
 * currency, so USDT users recharge first and pay from the balance.
 */
export function paymentMethods(
  channels: readonly Pick<PaymentChannel, 'code' | 'unavailable'>[],
  pay: bigint,
): PaymentMethod[] {
  const methods: PaymentMethod[] = ['balance'];
  if (pay <= 0n) return methods;
  for (const code of ['gateway', 'official'] as const) {
    if (channels.some((channel) => channel.code === code && !channel.unavailable)) methods.push(code);
  }
  return methods;
}

export interface PaymentRefusal {
  key: MessageKey;
  /** For InsufficientFunds: what is missing, in minor units. */
  shortfall?: bigint;
}

/**
 * Checks the choice before anything is sent: a method must be chosen (the spec's "Please select
 * Payment Method"), and the balance must cover the amount when paying from it. An unknown balance
 * (not loaded) is left to the server.
 */
export function checkPayment(
  method: PaymentMethod | null,
  pay: bigint,
  balance: string | null,
  currency: CurrencyKey,
): PaymentRefusal | null {
  if (method === null) return { key: 'PleaseSelectPaymentMethod' };
  if (method !== 'balance' || balance === null) return null;
  const available = parseAmount(balance, currency);
  if (available !== null && available < pay) return { key: 'InsufficientFunds', shortfall: pay - available };
  return null;
}

/** What the balance lacks for `pay` (minor units), 0 when it covers it, null while it is not known. */
export function balanceShortfall(pay: bigint, balance: string | null, currency: CurrencyKey): bigint | null {
  if (balance === null) return null;
  const available = parseAmount(balance, currency);
  if (available === null) return null;
  return available >= pay ? 0n : pay - available;
}

/**
 * The method chosen for the user until they choose: the balance when it covers the amount, else
 * the card gateway, else a bank transfer; none while the balance is not known (nothing is guessed).
 */
export function preferredMethod(
  methods: readonly PaymentMethod[],
  pay: bigint,
  balance: string | null,
  currency: CurrencyKey,
): PaymentMethod | null {
  const short = balanceShortfall(pay, balance, currency);
  if (short === null) return null;
  if (short === 0n) return 'balance';
  return methods.find((m) => m !== 'balance') ?? null;
}
