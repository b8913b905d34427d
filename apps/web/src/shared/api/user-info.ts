import { api, type UserInfo } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../store/session';
import { request } from './request';

export const userInfoQueryKey = ['user', 'info'] as const;

/** Fetches /user/info and keeps it in the session (userInfo, userDetail, tenantId). */
export async function fetchUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const info = await request(api.user.info, { signal });
  // A logout meanwhile (401, or the user) wins over a late answer.
  if (useSession.getState().hasLogin) useSession.getState().setUserInfo(info);
  return info;
}

export function userInfoQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...userInfoQueryKey, token] as const,
    queryFn: ({ signal }) => fetchUserInfo(signal),
    enabled: token !== null,
  });
}

/**
 * The signed-in user's profile: what the session remembers at once, refreshed from the server
 * when a page using it opens. A 401 logs out (request helper).
 */
export function useUserInfo(): UserInfo | null {
  const token = useSession((s) => s.token);
  const stored = useSession((s) => s.userInfo);
  useQuery(userInfoQueryOptions(token));
  return token ? stored : null;
}

/** Fetches the wallet (/account/accountInfo: currency and balance) into the session's walletInfo. */
export async function fetchWalletInfo(): Promise<void> {
  const wallet = await request(api.account.accountInfo, { hideToast: true });
  if (useSession.getState().hasLogin) useSession.getState().setWalletInfo(wallet);
}

/**
 * After a login or registration (spec section 4): keep the token (store and `user_token`), then
 * fetch the user info and the wallet info. A failed fetch leaves the user logged in; the next
 * page retries it.
 */
export async function completeLogin(token: string): Promise<UserInfo | null> {
  useSession.getState().login(token);
  const [info] = await Promise.allSettled([fetchUserInfo(), fetchWalletInfo()]);
  return info.status === 'fulfilled' ? info.value : null;
}

/** On start with a stored token: refresh user and wallet info (a dead session answers 401 and logs out). */
export async function refreshUserInfo(): Promise<void> {
  if (!useSession.getState().token) return;
  await Promise.allSettled([fetchUserInfo(), fetchWalletInfo()]);
}
