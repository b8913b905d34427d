import { api } from '@dramastar/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  paymentChannelsQueryOptions,
  starCardTiersQueryOptions,
  trialCardsQueryOptions,
} from '../../../shared/api/membership-status';
import { request } from '../../../shared/api/request';
import { membershipKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';
import { useSession } from '../../../shared/store/session';

export function cardHistoryQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: membershipKeys(token).history(),
    queryFn: ({ signal }) => request(api.account.queryVipCardCountAndStatus, { signal }),
  });
}

/** Every card the user has held: how many, and each one's tier, dates and state. */
export function useCardHistory() {
  const token = useSession((s) => s.token);
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...cardHistoryQueryOptions(token), enabled: hasLogin });
}

/** The tenant's recharge channels (a card may be paid through the gateway or a bank transfer). */
export function usePaymentChannels() {
  const token = useSession((s) => s.token);
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...paymentChannelsQueryOptions(token), enabled: hasLogin });
}

/** The trial cards owned and sent, and the trial now running. */
export function useTrialCards() {
  const token = useSession((s) => s.token);
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...trialCardsQueryOptions(token), enabled: hasLogin });
}

export function canSendTrialCardQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: membershipKeys(token).canSend(),
    queryFn: ({ signal }) => request(api.user.queryCanSendTrialCard, { signal }),
  });
}

/** Whether the user may gift trial cards now, and how many are left in the rolling period. */
export function useCanSendTrialCard() {
  const token = useSession((s) => s.token);
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...canSendTrialCardQueryOptions(token), enabled: hasLogin });
}

export function pointsQueryOptions(token: string | null) {
  return infiniteQueryOptions({
    queryKey: membershipKeys(token).points(),
    queryFn: ({ pageParam, signal }) =>
      request(api.user.queryVideoPoint, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The points balance and history, newest first, 20 a page. */
export function usePoints() {
  const token = useSession((s) => s.token);
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...pointsQueryOptions(token), enabled: hasLogin });
}

/** The tenant's tiers with prices, days and privileges, for guests (no sign-in needed). */
export function useStarCardTiers(enabled: boolean) {
  const tenantId = useSession((s) => s.tenantId);
  const tenantKnown = useSession((s) => s.tenantStatus !== 'pending');
  return useQuery({ ...starCardTiersQueryOptions(tenantId), enabled: enabled && tenantKnown });
}
