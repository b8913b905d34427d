import type { QueryClient } from '@tanstack/react-query';
import { walletQueryKey } from '../../../shared/api/wallet-info';

/**
 * Query keys of the earn feature. The personal ones live under the shared wallet key: a login or
 * logout forgets them (another account's rewards must never show), and a reward refreshes them
 * with the balance.
 */
const root = [...walletQueryKey, 'earn'] as const;

export const earnKeys = {
  all: root,
  checkin: () => [...root, 'checkin'] as const,
  tasks: () => [...root, 'tasks'] as const,
  inviteCounts: () => [...root, 'inviteCounts'] as const,
  dailyAward: () => [...root, 'dailyAward'] as const,
  revenue: () => [...root, 'revenue'] as const,
  redPacket: (id: string) => [...root, 'redPacket', id] as const,
  myRedPackets: () => [...root, 'myRedPackets'] as const,
  redPacketRules: () => [...root, 'redPacketRules'] as const,
  /** The rank board: per viewer (their own place), so under the wallet key too. */
  ranking: (type: string, scope: string) => [...root, 'ranking', type, scope] as const,
};

/** After a reward or a red packet moved money: the balance, the movements and the earnings are stale. */
export function refreshAfterMoney(queryClient: QueryClient): void {
  for (const key of [
    [...walletQueryKey, 'info'],
    [...walletQueryKey, 'records'],
    earnKeys.revenue(),
    earnKeys.myRedPackets(),
    earnKeys.tasks(),
  ]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}
