import { maxWithdrawal, toMajor, toMinor, type WithdrawalRules } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { allAmount, feeOf, feeRate, missingPrerequisites, quoteWithdrawal } from './withdraw-form';

function rules(overrides: Partial<WithdrawalRules> = {}): WithdrawalRules {
  const base: WithdrawalRules = {
    currency: 'PHP',
    balance: '1000.00',
    minAmount: '110',
    divisibleBy: '10',
    bankFeeBps: 500,
    usdtEnabled: false,
    usdtFeeBps: 200,
    usdtMinFee: '1',
    quickAmounts: ['110', '200', '500', 'all'],
    maxBankAmount: '950.00',
    maxUsdtAmount: '0',
    membershipActive: true,
    payPasswordSet: true,
    bankCardCount: 1,
  };
  return { ...base, ...overrides };
}

describe('quoteWithdrawal', () => {
  it('computes the 5 % fee, the total taken from the balance and the arriving amount', () => {
    const quote = quoteWithdrawal('200', rules(), 'bank');
    expect(quote.error).toBeNull();
    expect(quote.amount).toBe(20_000n);
    expect(quote.fee).toBe(1_000n);
    expect(quote.total).toBe(21_000n);
    expect(quote.arriving).toBe(20_000n);
  });

  it('rounds the fee half up in minor units', () => {
    // 5 % of 110.10 is 5.505 → 5.51
    expect(quoteWithdrawal('110.10', rules({ divisibleBy: '0.01' }), 'bank').fee).toBe(551n);
  });

  it('says nothing about an empty field but refuses what is not an amount', () => {
    expect(quoteWithdrawal('', rules(), 'bank')).toMatchObject({ empty: true, error: null, amount: null });
    expect(quoteWithdrawal('12a', rules(), 'bank').error).toEqual({ key: 'InvalidAmount' });
    expect(quoteWithdrawal('0', rules(), 'bank').error).toEqual({ key: 'InvalidAmount' });
  });

  it('refuses less than the minimum, naming it', () => {
    expect(quoteWithdrawal('100', rules(), 'bank').error).toEqual({
      key: 'AmountBelowMinimum',
      params: { amount: '₱110.00' },
    });
  });

  it('says "divisible by 100" when the step is 100, else names the step', () => {
    const vnd = rules({ currency: 'VND', balance: '1000000', minAmount: '6000', divisibleBy: '100' });
    expect(quoteWithdrawal('6050', vnd, 'bank').error).toEqual({ key: 'WithdrawalDivisibleBy100' });
    expect(quoteWithdrawal('6100', vnd, 'bank').error).toBeNull();
    expect(quoteWithdrawal('115', rules(), 'bank').error).toEqual({
      key: 'AmountStep',
      params: { step: '10' },
    });
    expect(quoteWithdrawal('120.5', rules(), 'bank').error).toEqual({
      key: 'AmountStep',
      params: { step: '10' },
    });
    expect(quoteWithdrawal('120.555', rules(), 'bank').error).toEqual({
      key: 'AmountStep',
      params: { step: '10' },
    });
  });

  it('refuses an amount whose total with the fee is more than the balance', () => {
    // 960 + 48 = 1008 > 1000
    expect(quoteWithdrawal('960', rules(), 'bank').error).toEqual({ key: 'InsufficientFunds' });
    // 950 + 47.50 = 997.50 fits
    expect(quoteWithdrawal('950', rules(), 'bank').error).toBeNull();
  });

  it('charges USDT withdrawals their rate with the minimum fee', () => {
    const usdt = rules({
      currency: 'USDT',
      balance: '100',
      minAmount: '10',
      divisibleBy: '1',
      usdtEnabled: true,
      maxUsdtAmount: '98',
    });
    expect(quoteWithdrawal('10', usdt, 'usdt').fee).toBe(toMinor('1', 'USDT')); // 2 % = 0.2 < 1
    expect(quoteWithdrawal('90', usdt, 'usdt').fee).toBe(toMinor('1.8', 'USDT'));
  });
});

describe('allAmount', () => {
  it('is the largest amount the balance allows with its fee', () => {
    const r = rules();
    // The server computes maxBankAmount with the contract's maxWithdrawal; the page takes it as is.
    const max = maxWithdrawal(toMinor(r.balance, 'PHP'), {
      step: toMinor(r.divisibleBy, 'PHP'),
      min: toMinor(r.minAmount, 'PHP'),
      feeBps: r.bankFeeBps,
    });
    expect(toMajor(max, 'PHP')).toBe(r.maxBankAmount);
    expect(allAmount(r, 'bank')).toBe('950');
    expect(quoteWithdrawal(allAmount(r, 'bank') ?? '', r, 'bank').error).toBeNull();
  });

  it('is nothing when even the minimum does not fit', () => {
    expect(allAmount(rules({ balance: '50.00', maxBankAmount: '0' }), 'bank')).toBeNull();
    expect(allAmount(rules(), 'usdt')).toBeNull();
  });
});

describe('fees and prerequisites', () => {
  it('has no fee without an amount and reads rates', () => {
    expect(feeOf(0n, rules(), 'bank')).toBe(0n);
    expect(feeRate(500)).toBe('5%');
    expect(feeRate(250)).toBe('2.5%');
    expect(feeRate(200)).toBe('2%');
  });

  it('lists what withdrawing still needs', () => {
    expect(missingPrerequisites(rules(), 'bank')).toEqual([]);
    expect(
      missingPrerequisites(
        rules({ membershipActive: false, payPasswordSet: false, bankCardCount: 0 }),
        'bank',
      ),
    ).toEqual(['membership', 'payPassword', 'bankCard']);
    expect(missingPrerequisites(rules({ bankCardCount: 0 }), 'usdt')).toEqual([]);
  });
});
