import { describe, expect, it } from 'vitest';
import { keyWords } from './words';

describe('keyWords', () => {
  it('reads ledger kinds and other keys as words', () => {
    expect(keyWords('withdrawal_refund')).toBe('Withdrawal refund');
    expect(keyWords('recharge')).toBe('Recharge');
    expect(keyWords('membershipBuy')).toBe('Membership buy');
    expect(keyWords('red_packet.claim')).toBe('Red packet claim');
  });
});
