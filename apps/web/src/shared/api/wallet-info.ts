import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../store/session';
import { walletQueryKey } from './query-keys';
import { request } from './request';

export { walletQueryKey };

export function walletInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...walletQueryKey, 'info', token] as const,
    queryFn: async ({ signal }) => {
      const wallet = await request(api.account.accountInfo, { signal, hideToast: true });
      // The session keeps it too (spec section 4's walletInfo); a logout meanwhile wins.
      if (useSession.getState().hasLogin) useSession.getState().setWalletInfo(wallet);
      return wallet;
    },
    enabled: token !== null,
  });
}

/** The signed-in user's wallet: currency and spendable balance (a decimal string). */
export function useWalletInfo() {
  const token = useSession((s) => s.token);
  return useQuery(walletInfoQueryOptions(token));
}
