import { describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n';
import { bpsToPercent, inWords, labelOf, moneyText } from './labels';

const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate('en', key, params);

describe('configuration changes in words', () => {
  it('names fees as percentages and amounts in the tenant’s currency', () => {
    expect(inWords({ path: 'withdrawal.bankFeeBps', before: '500', after: '5000' }, 'PHP', en)).toMatchObject(
      {
        label: 'Bank withdrawal fee',
        before: '5 %',
        after: '50 %',
      },
    );
    expect(inWords({ path: 'withdrawal.minAmount', before: '110', after: '5000' }, 'PHP', en)).toMatchObject({
      label: 'Smallest withdrawal',
      before: '₱110.00',
      after: '₱5,000.00',
    });
    expect(
      inWords({ path: 'recharge.official.enabled', before: 'true', after: 'false' }, 'PHP', en),
    ).toMatchObject({ label: 'Official bank transfer', before: 'on', after: 'off' });
    expect(inWords({ path: 'tiers.1.price', before: '299', after: '349' }, 'PHP', en).label).toBe(
      'Primary Star Card price',
    );
    expect(inWords({ path: 'referralBps.0', before: '1000', after: '1250' }, 'PHP', en)).toMatchObject({
      label: 'Referral rate, level 1',
      before: '10 %',
      after: '12.5 %',
    });
  });

  it('falls back to the path for a setting without a label', () => {
    expect(labelOf('something.new', en)).toEqual(['something.new', 'text']);
  });

  it('formats each currency its own way', () => {
    expect(moneyText('50000', 'VND')).toBe('50.000 ₫');
    expect(moneyText('not an amount', 'PHP')).toBe('not an amount');
    expect(bpsToPercent(525)).toBe('5.25 %');
  });

  it('reads in the operator’s language', () => {
    const vn = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
      translate('vn', key, params);
    expect(inWords({ path: 'withdrawal.bankFeeBps', before: '500', after: '5000' }, 'PHP', vn).label).toBe(
      'Phí rút về ngân hàng',
    );
    expect(inWords({ path: 'tiers.1.price', before: '299', after: '349' }, 'PHP', vn).label).toBe(
      'Giá Thẻ Sao Sơ cấp',
    );
    expect(inWords({ path: 'trialCardHours', before: '72', after: '48' }, 'PHP', vn)).toMatchObject({
      before: '72 giờ',
      after: '48 giờ',
    });
    expect(
      inWords({ path: 'recharge.usdt.enabled', before: 'false', after: 'true' }, 'PHP', vn),
    ).toMatchObject({
      before: 'tắt',
      after: 'bật',
    });
  });
});
