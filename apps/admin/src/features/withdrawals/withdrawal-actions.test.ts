import { WITHDRAWAL_ACTIONS, WITHDRAWAL_STAGES } from '@dramastar/contract';
import { describe, expect, it } from 'vitest';
import { actionsFor, needsReason } from './withdrawal-actions';

describe('withdrawal actions per stage', () => {
  it('offers approve/reject when applied, process/reject/fail when approved, pay/fail when processing', () => {
    expect(actionsFor('applied')).toEqual(['approve', 'reject']);
    expect(actionsFor('approved')).toEqual(['process', 'reject', 'fail']);
    expect(actionsFor('processing')).toEqual(['pay', 'fail']);
  });

  it('offers nothing on a final stage', () => {
    for (const stage of ['paid', 'failed', 'rejected'] as const) expect(actionsFor(stage)).toEqual([]);
  });

  it('offers every action somewhere, and only known ones', () => {
    const offered = new Set(WITHDRAWAL_STAGES.flatMap(actionsFor));
    expect([...offered].sort()).toEqual([...WITHDRAWAL_ACTIONS].sort());
  });

  it('asks for a reason for reject and fail only', () => {
    expect(WITHDRAWAL_ACTIONS.filter(needsReason)).toEqual(['reject', 'fail']);
  });
});
