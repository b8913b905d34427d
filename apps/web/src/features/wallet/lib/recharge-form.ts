import { CURRENCIES, type CurrencyKey, type PaymentChannel } from '@dramastar/contract';
import { formatMinor, parseAmount, readAmountInput } from '../../../shared/money';
import type { Refusal } from './withdraw-form';

export interface RechargeCheck {
  amount: bigint | null;
  error: Refusal | null;
  empty: boolean;
}

/**
 * Reads a recharge amount against its channel: a valid amount of `currency` (the tenant's, or USDT
 * for the USDT channel) within the channel's minimum and maximum.
 */
export function checkRechargeAmount(
  text: string,
  channel: PaymentChannel,
  currency: CurrencyKey,
): RechargeCheck {
  const input = readAmountInput(text, currency);
  if (!input.ok) {
    if (input.error === 'empty') return { amount: null, error: null, empty: true };
    const error: Refusal =
      input.error === 'TooManyDecimals'
        ? { key: 'TooManyDecimals', params: { currency, digits: CURRENCIES[currency].minorDigits } }
        : { key: 'InvalidAmount' };
    return { amount: null, error, empty: false };
  }
  const amount = input.minor;
  const min = parseAmount(channel.minAmount, currency);
  const max = channel.maxAmount === null ? null : parseAmount(channel.maxAmount, currency);
  if (amount <= 0n) return { amount, error: { key: 'InvalidAmount' }, empty: false };
  if (min !== null && amount < min) {
    return {
      amount,
      error: { key: 'AmountBelowMinimum', params: { amount: formatMinor(min, currency) } },
      empty: false,
    };
  }
  if (max !== null && amount > max) {
    return {
      amount,
      error: { key: 'AmountAboveMaximum', params: { amount: formatMinor(max, currency) } },
      empty: false,
    };
  }
  return { amount, error: null, empty: false };
}
