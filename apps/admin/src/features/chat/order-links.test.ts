import { describe, expect, it } from 'vitest';
import { orderLink, splitOrderNumbers } from './order-links';

describe('order numbers in chat messages', () => {
  it('are found in any case among other words, recharges and withdrawals apart', () => {
    expect(splitOrderNumbers('Where is r202611210930154829130517? And W202611220101010000000042.')).toEqual([
      { text: 'Where is ' },
      { orderNo: 'R202611210930154829130517', kind: 'recharge' },
      { text: '? And ' },
      { orderNo: 'W202611220101010000000042', kind: 'withdrawal' },
      { text: '.' },
    ]);
  });

  it('are not found in shorter or longer numbers', () => {
    expect(splitOrderNumbers('R2026 and W2026112209301548291305171 and XR202611210930154829130517')).toEqual([
      { text: 'R2026 and W2026112209301548291305171 and XR202611210930154829130517' },
    ]);
  });

  it('lead to the queue found by the number, or to the user’s wallet for who does not work the queues', () => {
    const part = { orderNo: 'W202611220101010000000042', kind: 'withdrawal' as const };
    expect(orderLink(part, '7', true)).toBe('/finance/withdrawals?q=W202611220101010000000042');
    expect(orderLink({ ...part, kind: 'recharge' }, '7', true)).toBe(
      '/finance/recharges?q=W202611220101010000000042',
    );
    expect(orderLink(part, '7', false)).toBe('/users?userId=7&tab=wallet');
  });
});
