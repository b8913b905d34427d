import { RECHARGE_STATUSES } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { canConfirm, canReject } from './recharge-actions';

describe('recharge actions', () => {
  it('confirms official transfers that are pending, submitted or expired', () => {
    const confirmable = RECHARGE_STATUSES.filter((status) => canConfirm({ channel: 'official', status }));
    expect(confirmable).toEqual(['pending', 'submitted', 'expired']);
  });

  it('confirms a USDT deposit only once its hash is submitted', () => {
    expect(RECHARGE_STATUSES.filter((status) => canConfirm({ channel: 'usdt', status }))).toEqual([
      'submitted',
    ]);
  });

  it('never settles gateway payments by hand', () => {
    for (const status of RECHARGE_STATUSES) {
      expect(canConfirm({ channel: 'gateway', status })).toBe(false);
      expect(canReject({ channel: 'gateway', status })).toBe(false);
    }
  });

  it('rejects open bank and USDT orders, never closed ones', () => {
    for (const channel of ['official', 'usdt'] as const) {
      expect(RECHARGE_STATUSES.filter((status) => canReject({ channel, status }))).toEqual([
        'pending',
        'submitted',
        'expired',
      ]);
    }
  });
});
