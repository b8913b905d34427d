import type { CallResult, api } from '@dramastar/contract';

export type SalaryStatus = CallResult<typeof api.team.salary>;
export type SalaryLevel = SalaryStatus['levels'][number];

/** Whether the user can claim now, and if not, the first reason that stands in the way. */
export type ClaimState =
  | { kind: 'claimable' }
  | { kind: 'needsCard' }
  | { kind: 'notQualified'; next: SalaryLevel | null }
  | { kind: 'tooSoon'; nextClaimAt: string };

/** The lowest level the user has not reached yet, or null when every level is reached. */
export function nextLevel(status: SalaryStatus): SalaryLevel | null {
  return [...status.levels].sort((a, b) => a.level - b.level).find((l) => !reached(status, l)) ?? null;
}

export function reached(status: SalaryStatus, level: SalaryLevel): boolean {
  return (
    status.directStarMembers >= level.directStarMembers && status.teamStarMembers >= level.teamStarMembers
  );
}

/** The server's `canClaim` decides; the other fields say why not, in the order the server checks. */
export function claimState(status: SalaryStatus): ClaimState {
  if (status.canClaim) return { kind: 'claimable' };
  if (!status.starCard) return { kind: 'needsCard' };
  if (status.level === 0) return { kind: 'notQualified', next: nextLevel(status) };
  if (status.nextClaimAt) return { kind: 'tooSoon', nextClaimAt: status.nextClaimAt };
  return { kind: 'notQualified', next: nextLevel(status) };
}

/** Progress toward a requirement, 0-100 (a requirement of 0 is met). */
export function progressToward(have: number, need: number): number {
  if (need <= 0) return 100;
  return Math.min(100, Math.floor((Math.max(0, have) * 100) / need));
}
