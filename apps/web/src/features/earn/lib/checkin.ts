/** The daily check-in strip: which streak days to show and the state of each. */

export interface CheckinStatusLike {
  streak: number;
  checkedToday: boolean;
  rewards: readonly string[];
}

export type CheckinCellState = 'done' | 'today' | 'upcoming';

export interface CheckinCell {
  /** Streak day (1 = the first day of a run). */
  day: number;
  reward: string;
  state: CheckinCellState;
  /** The streak day that today is (checked in or not). */
  isToday: boolean;
}

/** The reward of a streak day: from the last configured day on, the last reward repeats. */
export function rewardForDay(rewards: readonly string[], day: number): string {
  if (rewards.length === 0) return '0';
  return rewards[Math.min(Math.max(day, 1), rewards.length) - 1] ?? '0';
}

/** The streak day today is: the streak itself once checked in, else the day a check-in would make. */
export function todayStreakDay(status: CheckinStatusLike): number {
  return status.checkedToday ? Math.max(status.streak, 1) : status.streak + 1;
}

/**
 * `size` consecutive streak days around today: days 1…size while today is within them, later three
 * days back, today and the days ahead. Past days of the run are done, today is done or due, the
 * rest are upcoming.
 */
export function checkinStrip(status: CheckinStatusLike, size = 7): CheckinCell[] {
  const today = todayStreakDay(status);
  const first = today <= size ? 1 : today - 3;
  return Array.from({ length: size }, (_, i) => {
    const day = first + i;
    const state: CheckinCellState =
      day < today ? 'done' : day === today ? (status.checkedToday ? 'done' : 'today') : 'upcoming';
    return { day, reward: rewardForDay(status.rewards, day), state, isToday: day === today };
  });
}
