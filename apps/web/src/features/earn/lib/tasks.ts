import type { TaskKind } from '@dramastar/contract';
import type { TranslationKey } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';

export interface TaskLike {
  code: string;
  kind: TaskKind;
  period: 'daily' | 'once';
  target: number;
  progress: number;
  status: 'open' | 'done' | 'claimed';
}

export type TaskAction = { kind: 'claim' } | { kind: 'go'; to: string } | { kind: 'claimed' };

/** Where a user makes progress on a task of each kind. */
export const TASK_ROUTES: Record<TaskKind, string> = {
  watch_episodes: ROUTES.shorts,
  invite_friends: ROUTES.inviteFriend,
  buy_card: ROUTES.starCards,
  buy_copyright: ROUTES.copyrightCenter,
  recharge: ROUTES.recharge,
};

/** The button of a task: Claim once reached, Go (to where progress is made) while open, else Claimed. */
export function taskAction(task: TaskLike): TaskAction {
  switch (task.status) {
    case 'done':
      return { kind: 'claim' };
    case 'claimed':
      return { kind: 'claimed' };
    case 'open':
      return { kind: 'go', to: TASK_ROUTES[task.kind] };
  }
}

/** Title keys by kind: the first for a target of one, the second with {count}. */
const TITLES: Record<TaskKind, [TranslationKey, TranslationKey]> = {
  watch_episodes: ['task.watchOne', 'task.watchMany'],
  invite_friends: ['task.inviteOne', 'task.inviteMany'],
  buy_card: ['task.cardOne', 'task.cardMany'],
  buy_copyright: ['task.copyrightOne', 'task.copyrightMany'],
  recharge: ['task.rechargeOne', 'task.rechargeMany'],
};

export function taskTitleKey(task: Pick<TaskLike, 'kind' | 'target'>): TranslationKey {
  const [one, many] = TITLES[task.kind];
  return task.target === 1 ? one : many;
}

/** 0-100, for the progress bar. */
export function taskPercent(task: Pick<TaskLike, 'progress' | 'target'>): number {
  if (task.target <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((task.progress / task.target) * 100)));
}

const ORDER: Record<TaskLike['status'], number> = { done: 0, open: 1, claimed: 2 };

/** Claimable first, then open ones, claimed last; the server's order within each. */
export function sortTasks<T extends TaskLike>(tasks: readonly T[]): T[] {
  return tasks
    .map((task, index) => ({ task, index }))
    .sort((a, b) => ORDER[a.task.status] - ORDER[b.task.status] || a.index - b.index)
    .map(({ task }) => task);
}
