import { api } from '@dramastar/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useMembershipKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';
import { useSession } from '../../../shared/store/session';

/** Every card the user has held: how many, and each one's tier, dates and state. */
export function useCardHistory() {
  const keys = useMembershipKeys();
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: keys.history(),
    queryFn: ({ signal }) => request(api.account.queryVipCardCountAndStatus, { signal }),
    enabled: hasLogin,
  });
}

/** The tenant's recharge channels (a card may be paid through the gateway or a bank transfer). */
export function usePaymentChannels() {
  const keys = useMembershipKeys();
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: keys.channels(),
    queryFn: ({ signal }) => request(api.config.queryPc, { signal, hideToast: true }),
    enabled: hasLogin,
  });
}

/** The trial cards owned and sent, and the trial now running. */
export function useTrialCards() {
  const keys = useMembershipKeys();
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: keys.trialCards(),
    queryFn: ({ signal }) => request(api.user.trialCards, { signal }),
    enabled: hasLogin,
  });
}

/** Whether the user may gift trial cards now, and how many are left in the rolling period. */
export function useCanSendTrialCard() {
  const keys = useMembershipKeys();
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: keys.canSend(),
    queryFn: ({ signal }) => request(api.user.queryCanSendTrialCard, { signal }),
    enabled: hasLogin,
  });
}

/** The points balance and history, newest first, 20 a page. */
export function usePoints() {
  const keys = useMembershipKeys();
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: keys.points(),
    queryFn: ({ pageParam, signal }) =>
      request(api.user.queryVideoPoint, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin,
  });
}

/** The tenant's tiers with prices, days and privileges, for guests (no sign-in needed). */
export function useStarCardTiers(enabled: boolean) {
  const tenantId = useSession((s) => s.tenantId);
  const tenantKnown = useSession((s) => s.tenantStatus !== 'pending');
  return useQuery({
    queryKey: ['membership', 'tiers', tenantId] as const,
    queryFn: ({ signal }) => request(api.user.starCardTiers, { query: { tenantId }, signal }),
    enabled: enabled && tenantKnown,
  });
}
