import type { QueryClient } from '@tanstack/react-query';
import { walletQueryKey } from '../../../shared/api/wallet-info';

/** Query keys of the wallet feature, all under the shared wallet key (reset on login and logout). */
export const walletKeys = {
  all: walletQueryKey,
  records: (type: string | null) => [...walletQueryKey, 'records', type] as const,
  recentRecords: (size: number) => [...walletQueryKey, 'records', 'recent', size] as const,
  recharges: () => [...walletQueryKey, 'recharges'] as const,
  rechargeOrder: (orderNo: string) => [...walletQueryKey, 'rechargeOrder', orderNo] as const,
  withdrawals: () => [...walletQueryKey, 'withdrawals'] as const,
  withdrawal: (orderNo: string) => [...walletQueryKey, 'withdrawal', orderNo] as const,
  withdrawalRules: () => [...walletQueryKey, 'withdrawalRules'] as const,
  bankCards: () => [...walletQueryKey, 'bankCards'] as const,
  banks: () => [...walletQueryKey, 'banks'] as const,
  channels: () => [...walletQueryKey, 'channels'] as const,
  payPassword: () => [...walletQueryKey, 'payPassword'] as const,
};

/** After money moved: the balance, the movements, the orders and the withdrawal rules are stale. */
export function refreshWallet(queryClient: QueryClient): void {
  for (const key of [
    [...walletQueryKey, 'info'],
    [...walletQueryKey, 'records'],
    walletKeys.recharges(),
    walletKeys.withdrawals(),
    walletKeys.withdrawalRules(),
  ]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}
