import {
  toMinor,
  withdrawalFee,
  type MessageKey,
  type WithdrawalChannel,
  type WithdrawalRules,
} from '@dramastar/contract';
import { formatMinor, parseAmount, plainAmount, readAmountInput } from '../../../shared/money';

export interface Refusal {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export interface WithdrawQuote {
  /** The amount typed, in minor units (null while it is not a valid amount). */
  amount: bigint | null;
  /** Fee in minor units (bank: bankFeeBps; USDT: usdtFeeBps with its minimum fee). */
  fee: bigint;
  /** amount + fee: what leaves the balance. */
  total: bigint;
  /** What reaches the bank card or address: the amount itself (the fee is charged on top). */
  arriving: bigint;
  /** The first rule the amount breaks, or null. Empty input has no error until submitted. */
  error: Refusal | null;
  empty: boolean;
}

function minor(amount: string, rules: WithdrawalRules): bigint {
  return parseAmount(amount, rules.currency) ?? toMinor('0', rules.currency);
}

export function feeOf(amount: bigint, rules: WithdrawalRules, channel: WithdrawalChannel): bigint {
  if (amount <= 0n) return 0n;
  return channel === 'usdt'
    ? withdrawalFee(amount, rules.usdtFeeBps, minor(rules.usdtMinFee, rules))
    : withdrawalFee(amount, rules.bankFeeBps);
}

/** The fee rate as a person reads it: 500 bps → "5%", 250 → "2.5%". */
export function feeRate(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = (bps % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}%` : `${whole}%`;
}

/** The most the balance allows with its fee on this channel (the "all" quick amount), as typed text. */
export function allAmount(rules: WithdrawalRules, channel: WithdrawalChannel): string | null {
  const max = channel === 'usdt' ? rules.maxUsdtAmount : rules.maxBankAmount;
  const value = parseAmount(max, rules.currency);
  return value !== null && value > 0n ? plainAmount(max, rules.currency) : null;
}

/** "Must be divisible by 100" in the spec's words when the step is 100, else "a multiple of {step}". */
function stepRefusal(rules: WithdrawalRules): Refusal {
  const step = plainAmount(rules.divisibleBy, rules.currency);
  return step === '100' ? { key: 'WithdrawalDivisibleBy100' } : { key: 'AmountStep', params: { step } };
}

/**
 * Reads the typed amount against the rules (spec sections 5 and 9): a valid amount, at least the
 * minimum, a multiple of `divisibleBy` ("divisible by 100"), and with its fee within the balance.
 */
export function quoteWithdrawal(
  text: string,
  rules: WithdrawalRules,
  channel: WithdrawalChannel,
): WithdrawQuote {
  const { currency } = rules;
  const input = readAmountInput(text, currency);
  if (!input.ok) {
    const error: Refusal | null =
      input.error === 'empty'
        ? null
        : input.error === 'TooManyDecimals'
          ? stepRefusal(rules)
          : { key: 'InvalidAmount' };
    return { amount: null, fee: 0n, total: 0n, arriving: 0n, error, empty: input.error === 'empty' };
  }
  const amount = input.minor;
  const fee = feeOf(amount, rules, channel);
  const total = amount + fee;
  const quote = { amount, fee, total, arriving: amount, empty: false };
  const min = minor(rules.minAmount, rules);
  const step = minor(rules.divisibleBy, rules);
  const balance = minor(rules.balance, rules);
  if (amount <= 0n) return { ...quote, error: { key: 'InvalidAmount' } };
  if (amount < min) {
    return { ...quote, error: { key: 'AmountBelowMinimum', params: { amount: formatMinor(min, currency) } } };
  }
  if (step > 0n && amount % step !== 0n) {
    return { ...quote, error: stepRefusal(rules) };
  }
  if (total > balance) return { ...quote, error: { key: 'InsufficientFunds' } };
  return { ...quote, error: null };
}

export type Prerequisite = 'membership' | 'payPassword' | 'bankCard';

/** What withdrawing still needs (spec section 6): a Star Card, a payment password, a bank card. */
export function missingPrerequisites(rules: WithdrawalRules, channel: WithdrawalChannel): Prerequisite[] {
  const missing: Prerequisite[] = [];
  if (!rules.membershipActive) missing.push('membership');
  if (!rules.payPasswordSet) missing.push('payPassword');
  if (channel === 'bank' && rules.bankCardCount === 0) missing.push('bankCard');
  return missing;
}
