import { describe, expect, it } from 'vitest';
import { contactHandle, safeContactUrl } from '../../../shared/support/customer-service';
import { checkinStrip, rewardForDay, todayStreakDay } from './checkin';
import { rankRows } from './ranking';
import {
  checkRedPacket,
  packetOutlook,
  receiveRefusalKey,
  redPacketLink,
  redPacketRules,
} from './red-packet-form';
import { sortTasks, taskAction, taskPercent, taskTitleKey, type TaskLike } from './tasks';

const REWARDS = ['1', '1', '2', '2', '3', '3', '5'];

describe('check-in strip', () => {
  it('before the first check-in: today is day 1 and due, the rest upcoming', () => {
    const cells = checkinStrip({ streak: 0, checkedToday: false, rewards: REWARDS });
    expect(cells.map((c) => c.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(cells.map((c) => c.state)).toEqual([
      'today',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(cells.map((c) => c.reward)).toEqual(REWARDS);
    expect(cells[0]?.isToday).toBe(true);
  });

  it('a streak of 3 not yet checked in today: days 1-3 done, day 4 due', () => {
    const cells = checkinStrip({ streak: 3, checkedToday: false, rewards: REWARDS });
    expect(cells.map((c) => c.state).slice(0, 5)).toEqual(['done', 'done', 'done', 'today', 'upcoming']);
    expect(cells.find((c) => c.isToday)?.day).toBe(4);
  });

  it('checked in today on day 3: days 1-3 done, today is day 3', () => {
    const cells = checkinStrip({ streak: 3, checkedToday: true, rewards: REWARDS });
    expect(cells.map((c) => c.state).slice(0, 4)).toEqual(['done', 'done', 'done', 'upcoming']);
    expect(cells.find((c) => c.isToday)?.day).toBe(3);
    expect(todayStreakDay({ streak: 3, checkedToday: true, rewards: REWARDS })).toBe(3);
  });

  it('past the seventh day the strip moves on and the last reward repeats', () => {
    const cells = checkinStrip({ streak: 9, checkedToday: false, rewards: REWARDS });
    expect(cells.map((c) => c.day)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(cells.find((c) => c.isToday)?.day).toBe(10);
    expect(cells.map((c) => c.reward)).toEqual(['5', '5', '5', '5', '5', '5', '5']);
    expect(rewardForDay(REWARDS, 30)).toBe('5');
    expect(rewardForDay([], 1)).toBe('0');
  });
});

describe('tasks', () => {
  const task = (status: TaskLike['status'], kind: TaskLike['kind'] = 'watch_episodes'): TaskLike => ({
    code: `${kind}-${status}`,
    kind,
    period: 'daily',
    target: 5,
    progress: status === 'open' ? 2 : 5,
    status,
  });

  it('Claim when reached, Go to where progress is made while open, Claimed after', () => {
    expect(taskAction(task('done'))).toEqual({ kind: 'claim' });
    expect(taskAction(task('claimed'))).toEqual({ kind: 'claimed' });
    expect(taskAction(task('open', 'watch_episodes'))).toEqual({ kind: 'go', to: '/pages/shorts/index' });
    expect(taskAction(task('open', 'invite_friends'))).toEqual({
      kind: 'go',
      to: '/pages/profile/inviteFriend/index',
    });
    expect(taskAction(task('open', 'buy_card'))).toEqual({ kind: 'go', to: '/pages/earn/strategy' });
    expect(taskAction(task('open', 'buy_copyright'))).toEqual({
      kind: 'go',
      to: '/pages/profile/copyright-center/index',
    });
    expect(taskAction(task('open', 'recharge'))).toEqual({ kind: 'go', to: '/pages/profile/recharge/index' });
  });

  it('titles, progress and order', () => {
    expect(taskTitleKey({ kind: 'invite_friends', target: 1 })).toBe('task.inviteOne');
    expect(taskTitleKey({ kind: 'invite_friends', target: 3 })).toBe('task.inviteMany');
    expect(taskPercent({ progress: 2, target: 5 })).toBe(40);
    expect(taskPercent({ progress: 9, target: 5 })).toBe(100);
    const sorted = sortTasks([task('claimed'), task('open'), task('done', 'recharge'), task('done')]);
    expect(sorted.map((t) => t.status)).toEqual(['done', 'done', 'open', 'claimed']);
    expect(sorted[0]?.kind).toBe('recharge');
  });
});

describe('red packet form', () => {
  const rules = redPacketRules('PHP');
  const check = (amount: string, shares: string, balance: string | null = '100000') =>
    checkRedPacket({ amount, shares }, rules, 'PHP', balance);

  it('uses the PHP demo limits: 1 per share, 100 shares, 10,000 in all, 24 hours', () => {
    expect(rules).toEqual({ minShare: '1', maxAmount: '10000', maxShares: 100, expiryHours: 24 });
  });

  it('accepts a valid packet and tells the equal share', () => {
    const result = check('10', '4');
    expect(result.ok).toBe(true);
    expect(result.amount).toBe(1000n);
    expect(result.shares).toBe(4);
    expect(result.equalShare).toBe(250n);
  });

  it('needs the minimum for every share: amount ≥ min × shares', () => {
    const result = check('4.99', '5');
    expect(result.ok).toBe(false);
    expect(result.amountError).toEqual({
      text: 'redPacket.minTotal',
      params: { amount: '₱5.00', shares: 5, min: '₱1.00' },
    });
    expect(check('5', '5').ok).toBe(true);
  });

  it('refuses more shares than allowed, none, or parts of a share', () => {
    for (const shares of ['0', '101', '', '2.5', 'x']) {
      expect(check('1000', shares).sharesError, shares).toEqual({
        text: 'redPacket.sharesRange',
        params: { max: 100 },
      });
    }
    expect(check('1000', '100').ok).toBe(true);
  });

  it('refuses more than the maximum, bad amounts and more than the balance', () => {
    expect(check('10000.01', '10').amountError).toEqual({
      message: 'AmountAboveMaximum',
      params: { amount: '₱10,000.00' },
    });
    expect(check('10000', '10').ok).toBe(true);
    expect(check('', '10').amountError).toEqual({ message: 'InvalidAmount' });
    expect(check('0', '10').amountError).toEqual({ message: 'InvalidAmount' });
    expect(check('1.234', '1').amountError).toEqual({
      message: 'TooManyDecimals',
      params: { currency: 'PHP', digits: 2 },
    });
    expect(check('50', '10', '49.99').amountError).toEqual({ message: 'InsufficientFunds' });
    expect(check('50', '10', '50.00').ok).toBe(true);
  });

  it('uses whole units for VND', () => {
    const vnd = redPacketRules('VND');
    const result = checkRedPacket({ amount: '1999', shares: '5' }, vnd, 'VND', null);
    expect(result.amountError).toEqual({
      text: 'redPacket.minTotal',
      params: { amount: '2.000 ₫', shares: 5, min: '400 ₫' },
    });
    expect(checkRedPacket({ amount: '2000', shares: '5' }, vnd, 'VND', null).ok).toBe(true);
    expect(checkRedPacket({ amount: '2000.5', shares: '5' }, vnd, 'VND', null).amountError).toEqual({
      message: 'TooManyDecimals',
      params: { currency: 'VND', digits: 0 },
    });
  });

  it('makes the share link and knows what the viewer can do', () => {
    expect(redPacketLink('42', 'https://ds.example')).toBe(
      'https://ds.example/#/pages/profile/redPacket/receive/index?redPacketId=42',
    );
    const base = { mine: false, myClaim: null, state: 'opened' as const };
    expect(packetOutlook(base)).toBe('openable');
    expect(packetOutlook({ ...base, mine: true })).toBe('own');
    expect(packetOutlook({ ...base, myClaim: '2.00', state: 'claimed' })).toBe('received');
    expect(packetOutlook({ ...base, state: 'claimed' })).toBe('claimedOut');
    expect(packetOutlook({ ...base, state: 'expired' })).toBe('expired');
    expect(receiveRefusalKey('RedPacketExpired')).toBe('RedPacketExpired');
    expect(receiveRefusalKey('InternalError')).toBeNull();
  });
});

describe('rank rows', () => {
  it('ties share their rank and medal (1, 2, 2, 4: two silvers, no bronze)', () => {
    const rows = rankRows(
      ['a', 'b', 'c', 'd'].map((nickname, i) => ({
        rank: [1, 2, 2, 4][i] ?? 0,
        nickname,
        avatar: null,
        value: '1',
      })),
    );
    expect(rows.map((r) => [r.rank, r.medal, r.tied])).toEqual([
      [1, 'gold', false],
      [2, 'silver', true],
      [2, 'silver', true],
      [4, null, false],
    ]);
  });
});

describe('support contacts', () => {
  it('opens only safe addresses and shows them as people read them', () => {
    expect(safeContactUrl('https://t.me/ds_help')).toBe('https://t.me/ds_help');
    expect(safeContactUrl('mailto:help@ds.example')).toBe('mailto:help@ds.example');
    expect(safeContactUrl('javascript:alert(1)')).toBeNull();
    expect(safeContactUrl('/pages/profile/chat/index')).toBeNull();
    expect(contactHandle('telegram', 'https://t.me/ds_help')).toBe('@ds_help');
    expect(contactHandle('whatsapp', 'https://wa.me/639171234567')).toBe('+639171234567');
    expect(contactHandle('email', 'mailto:help@ds.example')).toBe('help@ds.example');
  });
});
