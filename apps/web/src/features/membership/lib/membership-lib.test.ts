import type { TierOffer } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { daysLeft, formatHms, secondsUntil } from './countdown';
import { checkGift, checkTrialCode, nextGiftAt } from './gift-form';
import { levelRange, missingLine, pointKindLabel, privilegeLines } from './labels';
import { buyButton, checkPayment, paymentMethods, quoteNumbers } from './purchase';

function offer(overrides: Partial<TierOffer> = {}, quote: Partial<TierOffer['quote']> = {}): TierOffer {
  return {
    tier: 'premium',
    level: 2,
    price: '999.00',
    currency: 'PHP',
    days: 30,
    privileges: ['viewing', 'welfare', 'referral', 'trialCards', 'gifting', 'withdrawal'],
    trialCardsPerPeriod: 5,
    rewardLevels: 3,
    quote: { action: 'buy', credit: '0.00', pay: '999.00', endsAt: '2026-12-21T09:00:00.000Z', ...quote },
    ...overrides,
  };
}

describe('the buy button', () => {
  it('is labelled by what buying does, and disabled for a lower tier', () => {
    expect(buyButton(offer({}, { action: 'buy' }))).toEqual({
      label: 'membership.actionBuy',
      disabled: false,
    });
    expect(buyButton(offer({}, { action: 'renew' }))).toEqual({
      label: 'membership.actionRenew',
      disabled: false,
    });
    expect(buyButton(offer({}, { action: 'upgrade' }))).toEqual({
      label: 'membership.actionUpgrade',
      disabled: false,
    });
    expect(buyButton(offer({}, { action: 'lower' }))).toEqual({
      label: 'membership.actionLower',
      disabled: true,
    });
  });
});

describe('the confirmation numbers', () => {
  it('are minor units: price, credit and pay of an upgrade (the worked example of docs/membership.md)', () => {
    const numbers = quoteNumbers(offer({}, { action: 'upgrade', credit: '498.33', pay: '500.67' }));
    expect(numbers).toMatchObject({ price: 99900n, credit: 49833n, pay: 50067n, refund: 0n });
    expect(numbers.endsAt).toBe('2026-12-21T09:00:00.000Z');
  });

  it('say what goes back to the wallet when the credit is larger than the price', () => {
    const numbers = quoteNumbers(
      offer({ tier: 'director', price: '2999.00' }, { action: 'upgrade', credit: '3100.50', pay: '0.00' }),
    );
    expect(numbers.pay).toBe(0n);
    expect(numbers.refund).toBe(10150n);
  });

  it('hold in currencies without minor units and with six', () => {
    expect(quoteNumbers(offer({ currency: 'VND', price: '429000' }, { pay: '429000' })).pay).toBe(429000n);
    expect(quoteNumbers(offer({ currency: 'USDT', price: '16.99' }, { pay: '12.345678' })).pay).toBe(
      12345678n,
    );
  });
});

describe('the payment method', () => {
  const channels = [{ code: 'gateway' as const }, { code: 'official' as const }, { code: 'usdt' as const }];

  it('offers the balance and the gateway and bank transfer, never USDT; only the balance when nothing is due', () => {
    expect(paymentMethods(channels, 100n)).toEqual(['balance', 'gateway', 'official']);
    expect(paymentMethods([{ code: 'gateway' }], 100n)).toEqual(['balance', 'gateway']);
    expect(paymentMethods(channels, 0n)).toEqual(['balance']);
    // A card channel without a payment provider is not offered.
    expect(
      paymentMethods(
        [{ code: 'gateway', unavailable: 'PaymentProviderMissing' }, { code: 'official' }],
        100n,
      ),
    ).toEqual(['balance', 'official']);
  });

  it('must be chosen, and the balance must cover what is paid from it', () => {
    expect(checkPayment(null, 29900n, '1000.00', 'PHP')).toEqual({ key: 'PleaseSelectPaymentMethod' });
    expect(checkPayment('balance', 29900n, '100.00', 'PHP')).toEqual({
      key: 'InsufficientFunds',
      shortfall: 19900n,
    });
    expect(checkPayment('balance', 29900n, '299.00', 'PHP')).toBeNull();
    // A channel brings the money itself; an unknown balance is left to the server.
    expect(checkPayment('gateway', 29900n, '0.00', 'PHP')).toBeNull();
    expect(checkPayment('balance', 29900n, null, 'PHP')).toBeNull();
  });
});

describe('countdowns', () => {
  it('formats a trial as hours, minutes and seconds past 24 hours', () => {
    expect(formatHms(72 * 3600)).toBe('72:00:00');
    expect(formatHms(71 * 3600 + 59 * 60 + 59)).toBe('71:59:59');
    expect(formatHms(5 * 3600 + 3 * 60 + 9)).toBe('05:03:09');
    expect(formatHms(0)).toBe('00:00:00');
    expect(formatHms(-5)).toBe('00:00:00');
  });

  it('counts seconds and started days to a moment, never below zero', () => {
    const now = Date.parse('2026-11-21T09:00:00.000Z');
    expect(secondsUntil('2026-11-21T09:00:01.500Z', now)).toBe(2);
    expect(secondsUntil('2026-11-21T08:00:00.000Z', now)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
    expect(daysLeft('2026-11-22T09:00:00.000Z', now)).toBe(1);
    expect(daysLeft('2026-11-22T09:00:01.000Z', now)).toBe(2);
    expect(daysLeft('2026-11-20T09:00:00.000Z', now)).toBe(0);
  });
});

describe('the gift form', () => {
  it('needs a well-formed invite code that is not one own, for a team member; nothing for a code', () => {
    expect(checkGift('code', '', 'AB12CD34')).toBeNull();
    expect(checkGift('member', '  ', 'AB12CD34')).toEqual({
      ok: false,
      error: { text: 'pointsTrial.enterInviteCode' },
    });
    expect(checkGift('member', 'AB12', 'AB12CD34')).toEqual({
      ok: false,
      error: { message: 'InvalidInviteCode' },
    });
    expect(checkGift('member', 'ab12cd34', 'AB12CD34')).toEqual({
      ok: false,
      error: { message: 'TrialCardSelf' },
    });
    expect(checkGift('member', ' zx98yw76 ', 'AB12CD34')).toEqual({ ok: true, value: 'ZX98YW76' });
  });

  it('reads a gift code as TC and 8 characters', () => {
    expect(checkTrialCode('')).toEqual({ ok: false, error: { text: 'pointsTrial.enterCode' } });
    expect(checkTrialCode('tc2345 abcd')).toEqual({ ok: true, value: 'TC2345ABCD' });
    expect(checkTrialCode('TC2345ABC')).toEqual({ ok: false, error: { message: 'TrialCardCodeInvalid' } });
    expect(checkTrialCode('XX2345ABCD')).toEqual({ ok: false, error: { message: 'TrialCardCodeInvalid' } });
  });

  it('tells when the next gift is possible in the rolling period', () => {
    const now = Date.parse('2026-11-21T00:00:00.000Z');
    const sent = [
      { createdAt: '2026-10-01T00:00:00.000Z' },
      { createdAt: '2026-11-01T00:00:00.000Z' },
      { createdAt: '2026-11-10T00:00:00.000Z' },
    ];
    expect(nextGiftAt(sent, 30, now)?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextGiftAt([], 30, now)).toBeNull();
  });
});

describe('what a tier unlocks', () => {
  it('lists viewing first, team levels from rewardLevels and the trial cards per period', () => {
    expect(privilegeLines(offer({ tier: 'primary', rewardLevels: 2 }), 30)).toEqual([
      { key: 'membership.privViewing' },
      { key: 'membership.privWelfare', params: { levels: '1–2' } },
      { key: 'membership.privReferral', params: { levels: '1–2' } },
      { key: 'membership.privTrialCards', params: { count: 5, days: 30 } },
      { key: 'membership.privGifting' },
      { key: 'membership.privWithdrawal' },
    ]);
    expect(levelRange(5)).toBe('1–5');
    expect(levelRange(1)).toBe('1');
  });

  it('says plainly what the viewing-only Week Card leaves out', () => {
    const week = offer({ tier: 'week', privileges: ['viewing'], rewardLevels: 0, trialCardsPerPeriod: 0 });
    expect(privilegeLines(week, 30)).toEqual([{ key: 'membership.privViewing' }]);
    expect(missingLine(week)).toEqual({ key: 'membership.privViewingOnly' });
    expect(missingLine(offer())).toBeNull();
  });

  it('translates known point kinds and leaves others raw', () => {
    expect(pointKindLabel('paid_episode')).toBe('pointsTrial.kindPaidEpisode');
    expect(pointKindLabel('share_director')).toBe('pointsTrial.kindShareDirector');
    expect(pointKindLabel('task_bonus')).toBeNull();
    expect(pointKindLabel('toString')).toBeNull();
  });
});
