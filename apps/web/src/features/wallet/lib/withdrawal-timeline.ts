import type { Withdrawal, WithdrawalStage } from '@dramastar/contract';

export type StepStatus = 'finish' | 'process' | 'wait' | 'error';

export interface TimelineStep {
  stage: WithdrawalStage;
  status: StepStatus;
  /** When the stage was reached (ISO), null for stages still ahead. */
  at: string | null;
}

const HAPPY_PATH: readonly WithdrawalStage[] = ['applied', 'approved', 'processing', 'paid'];

/**
 * The stages of a withdrawal for a timeline (spec section 4): applied → approved → processing →
 * paid, the reached ones done and the next one under way; a failed or rejected withdrawal ends with
 * that stage in error after the stages it did reach.
 */
export function withdrawalTimeline(withdrawal: Pick<Withdrawal, 'status' | 'stages'>): TimelineStep[] {
  const reached = new Map(withdrawal.stages.map((s) => [s.stage, s.at] as const));
  if (withdrawal.status === 'failed' || withdrawal.status === 'rejected') {
    const done = HAPPY_PATH.filter((stage) => reached.has(stage)).map((stage): TimelineStep => ({
      stage,
      status: 'finish',
      at: reached.get(stage) ?? null,
    }));
    return [
      ...done,
      { stage: withdrawal.status, status: 'error', at: reached.get(withdrawal.status) ?? null },
    ];
  }
  const current = HAPPY_PATH.indexOf(withdrawal.status);
  return HAPPY_PATH.map((stage, index): TimelineStep => {
    if (index <= current || reached.has(stage))
      return { stage, status: 'finish', at: reached.get(stage) ?? null };
    return { stage, status: index === current + 1 ? 'process' : 'wait', at: null };
  });
}
