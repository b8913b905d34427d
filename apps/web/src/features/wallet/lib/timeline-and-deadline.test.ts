import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './deadline';
import { withdrawalTimeline } from './withdrawal-timeline';

const at = (minute: number) => `2026-11-21T09:${minute.toString().padStart(2, '0')}:00.000Z`;

describe('withdrawalTimeline', () => {
  it('marks the stages reached as done and the next one as under way', () => {
    expect(withdrawalTimeline({ status: 'applied', stages: [{ stage: 'applied', at: at(0) }] })).toEqual([
      { stage: 'applied', status: 'finish', at: at(0) },
      { stage: 'approved', status: 'process', at: null },
      { stage: 'processing', status: 'wait', at: null },
      { stage: 'paid', status: 'wait', at: null },
    ]);
  });

  it('is all done once paid', () => {
    const stages = (['applied', 'approved', 'processing', 'paid'] as const).map((stage, i) => ({
      stage,
      at: at(i),
    }));
    expect(withdrawalTimeline({ status: 'paid', stages }).map((s) => s.status)).toEqual([
      'finish',
      'finish',
      'finish',
      'finish',
    ]);
  });

  it('ends with the failure after the stages reached', () => {
    expect(
      withdrawalTimeline({
        status: 'failed',
        stages: [
          { stage: 'applied', at: at(0) },
          { stage: 'approved', at: at(1) },
          { stage: 'processing', at: at(2) },
          { stage: 'failed', at: at(3) },
        ],
      }),
    ).toEqual([
      { stage: 'applied', status: 'finish', at: at(0) },
      { stage: 'approved', status: 'finish', at: at(1) },
      { stage: 'processing', status: 'finish', at: at(2) },
      { stage: 'failed', status: 'error', at: at(3) },
    ]);
  });
});

describe('countdown', () => {
  it('counts whole seconds up to the deadline, never below zero', () => {
    const now = Date.parse(at(0));
    expect(secondsUntil(at(5), now)).toBe(300);
    expect(secondsUntil(at(5), now + 299_001)).toBe(1);
    expect(secondsUntil(at(5), now + 300_000)).toBe(0);
    expect(secondsUntil(at(5), now + 400_000)).toBe(0);
    expect(secondsUntil('not a date', now)).toBe(0);
  });

  it('reads as minutes and seconds', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(3723)).toBe('1:02:03');
  });
});
