import type { CopyrightProduct } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { formatMinor } from '../../../shared/money';
import { buyBlock, clampQuantity, covers, maxQuantity, quoteBuy } from './buy';
import { splitDuration } from './countdown';
import { daysBetween, formatBps, formatDay } from './format';
import { linkPieces, savesByLongPress, wrapLink } from './poster';
import { claimState, nextLevel, progressToward, type SalaryStatus } from './salary';

function product(overrides: Partial<CopyrightProduct> = {}): CopyrightProduct {
  return {
    id: '1',
    title: 'Love in Manila — copyright',
    cover: null,
    seriesId: null,
    currency: 'PHP',
    totalQuantity: 1000,
    sold: 400,
    remaining: 600,
    progress: 40,
    price: '500.00',
    dailyProfit: '10.00',
    termDays: 30,
    perUserMax: 20,
    startsAt: '2026-11-01T00:00:00.000Z',
    endsAt: '2027-05-01T00:00:00.000Z',
    state: 'open',
    annualizedBps: 73_000,
    totalReturn: '300.00',
    termReturnBps: 6_000,
    mine: { quantity: 0, revenue: '0.00', yesterday: '0.00' },
    ...overrides,
  };
}

describe('buying copyrights', () => {
  it('allows at most what is left and what the user may still hold', () => {
    expect(maxQuantity(product())).toBe(20);
    expect(maxQuantity(product({ mine: { quantity: 15, revenue: '0', yesterday: '0' } }))).toBe(5);
    expect(maxQuantity(product({ remaining: 3 }))).toBe(3);
    expect(maxQuantity(product({ perUserMax: 5000, remaining: 4000 }))).toBe(1000);
    expect(maxQuantity(product({ mine: { quantity: 20, revenue: '0', yesterday: '0' } }))).toBe(0);
    expect(maxQuantity(product({ state: 'upcoming' }))).toBe(0);
  });

  it('says why a product cannot be bought', () => {
    expect(buyBlock(product())).toBeNull();
    expect(buyBlock(product({ state: 'upcoming' }))).toBe('upcoming');
    expect(buyBlock(product({ state: 'ended' }))).toBe('ended');
    expect(buyBlock(product({ state: 'sold_out', remaining: 0 }))).toBe('soldOut');
    expect(buyBlock(product({ mine: { quantity: 20, revenue: '0', yesterday: '0' } }))).toBe('limitReached');
  });

  it('holds a typed quantity within 1 … max', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(3.7, 5)).toBe(3);
    expect(clampQuantity(1, 0)).toBe(0);
  });

  it('quotes in minor units without floats', () => {
    const quote = quoteBuy(product({ price: '0.10', dailyProfit: '0.07' }), 3);
    expect(formatMinor(quote.total, 'PHP')).toBe('₱0.30');
    expect(formatMinor(quote.daily, 'PHP')).toBe('₱0.21');
    expect(formatMinor(quote.totalReturn, 'PHP')).toBe('₱6.30');
    const vnd = quoteBuy(product({ currency: 'VND', price: '200000', dailyProfit: '4000' }), 7);
    expect(formatMinor(vnd.total, 'VND')).toBe('1.400.000 ₫');
    expect(covers('1399999', vnd.total, 'VND')).toBe(false);
    expect(covers('1400000', vnd.total, 'VND')).toBe(true);
    expect(covers(undefined, vnd.total, 'VND')).toBeNull();
  });
});

function salary(overrides: Partial<SalaryStatus> = {}): SalaryStatus {
  return {
    currency: 'PHP',
    directStarMembers: 0,
    teamStarMembers: 0,
    level: 0,
    amount: '0',
    levels: [
      { level: 1, directStarMembers: 3, teamStarMembers: 5, amount: '500' },
      { level: 2, directStarMembers: 5, teamStarMembers: 20, amount: '1500' },
    ],
    starCard: true,
    lastClaimAt: null,
    nextClaimAt: null,
    canClaim: false,
    ...overrides,
  };
}

describe('salary claim state', () => {
  it('follows the server: a card first, then a level, then the date', () => {
    expect(claimState(salary({ starCard: false })).kind).toBe('needsCard');
    expect(claimState(salary())).toEqual({ kind: 'notQualified', next: salary().levels[0] });
    expect(
      claimState(
        salary({
          level: 1,
          directStarMembers: 3,
          teamStarMembers: 6,
          nextClaimAt: '2026-12-21T00:00:00.000Z',
        }),
      ),
    ).toEqual({ kind: 'tooSoon', nextClaimAt: '2026-12-21T00:00:00.000Z' });
    expect(claimState(salary({ level: 1, canClaim: true })).kind).toBe('claimable');
  });

  it('finds the next level and the progress toward a requirement', () => {
    expect(nextLevel(salary({ directStarMembers: 3, teamStarMembers: 5 }))?.level).toBe(2);
    expect(nextLevel(salary({ directStarMembers: 9, teamStarMembers: 30 }))).toBeNull();
    expect(progressToward(2, 3)).toBe(66);
    expect(progressToward(7, 3)).toBe(100);
    expect(progressToward(0, 0)).toBe(100);
  });
});

describe('formatting', () => {
  it('writes rates, days and countdowns', () => {
    expect(formatBps(1000, 'en')).toBe('10%');
    expect(formatBps(73_000, 'en')).toBe('730%');
    expect(formatBps(3650, 'vn')).toBe('36,5%');
    expect(formatDay('2026-11-21', 'en')).toBe('Nov 21, 2026');
    expect(daysBetween('2026-11-02', '2026-12-01')).toBe(30);
    expect(splitDuration(3 * 86_400 + 3723)).toEqual({ days: 3, clock: '01:02:03' });
  });

  it('saves the poster by long-press where downloads do not work', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    expect(savesByLongPress(iphone, 5)).toBe(true);
    expect(savesByLongPress('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(savesByLongPress('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(
      false,
    );
    expect(savesByLongPress('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126 Mobile', 5)).toBe(false);
    expect(savesByLongPress('Mozilla/5.0 (Linux; Android 14; wv) [FBAN/FB4A;FBAV/470]', 5)).toBe(true);
  });
});

describe('the invite poster’s printed link', () => {
  const link = 'https://dramastar.example.com.ph/#/pages/login/register?inviteCode=AB12CD34';

  it('breaks only between an address’s pieces, never inside a word or the code', () => {
    expect(linkPieces(link)).toEqual([
      'https://',
      'dramastar',
      '.example',
      '.com',
      '.ph/',
      '#/',
      'pages/',
      'login/',
      'register',
      '?inviteCode',
      '=AB12CD34',
    ]);
    // One unit per character: 30 characters a line.
    const lines = wrapLink((text) => text.length, link, 30);
    expect(lines.join('')).toBe(link);
    expect(lines).toEqual([
      'https://dramastar.example.com',
      '.ph/#/pages/login/register',
      '?inviteCode=AB12CD34',
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(30);
  });

  it('cuts a piece only when it is wider than a line by itself', () => {
    expect(wrapLink((text) => text.length, 'https://a/ABCDEFGHIJKL', 5)).toEqual([
      'https',
      '://a/',
      'ABCDE',
      'FGHIJ',
      'KL',
    ]);
  });
});
