import { describe, expect, it } from 'vitest';
import { bpsToPercent, inWords, labelOf, moneyText } from './labels';

describe('configuration changes in words', () => {
  it('names fees as percentages and amounts in the tenant’s currency', () => {
    expect(inWords({ path: 'withdrawal.bankFeeBps', before: '500', after: '5000' }, 'PHP')).toMatchObject({
      label: 'Bank withdrawal fee',
      before: '5 %',
      after: '50 %',
    });
    expect(inWords({ path: 'withdrawal.minAmount', before: '110', after: '5000' }, 'PHP')).toMatchObject({
      label: 'Smallest withdrawal',
      before: '₱110.00',
      after: '₱5,000.00',
    });
    expect(
      inWords({ path: 'recharge.official.enabled', before: 'true', after: 'false' }, 'PHP'),
    ).toMatchObject({ label: 'Official bank transfer', before: 'on', after: 'off' });
    expect(inWords({ path: 'tiers.1.price', before: '299', after: '349' }, 'PHP').label).toBe(
      'Primary card price',
    );
    expect(inWords({ path: 'referralBps.0', before: '1000', after: '1250' }, 'PHP')).toMatchObject({
      label: 'Referral rate, level 1',
      before: '10 %',
      after: '12.5 %',
    });
  });

  it('falls back to the path for a setting without a label', () => {
    expect(labelOf('something.new')).toEqual(['something.new', 'text']);
  });

  it('formats each currency its own way', () => {
    expect(moneyText('50000', 'VND')).toBe('50.000 ₫');
    expect(moneyText('not an amount', 'PHP')).toBe('not an amount');
    expect(bpsToPercent(525)).toBe('5.25 %');
  });
});
