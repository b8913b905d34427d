import { api, type MembershipTier } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TranslationKey } from '../i18n';
import { useSession } from '../store/session';
import { request } from './request';

/**
 * Every membership query (Star Cards, trial cards, points) lives under this key, with the session
 * token in it: another account's card can never show, and a purchase refreshes them all at once.
 */
export const membershipQueryKey = ['membership'] as const;

/** Not toasted: the Profile's badge simply stays away, the Star Card page shows the reason. */
export function membershipStatusQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...membershipQueryKey, token, 'status'] as const,
    queryFn: ({ signal }) => request(api.user.queryGreatestVipcard, { signal, hideToast: true }),
    enabled: token !== null,
  });
}

/**
 * The signed-in user's highest active card and every tier with what buying it now would cost
 * (`/user/queryGreatestVipcard`); the Star Card page and the Profile's membership row share it.
 */
export function useMembershipStatus() {
  const token = useSession((s) => s.token);
  return useQuery(membershipStatusQueryOptions(token));
}

/**
 * The reads the Star Card page and the episode paywall share. The paywall shows a refusal itself
 * (`hideToast`); the Star Card page lets the request helper toast it.
 */
export function paymentChannelsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...membershipQueryKey, token, 'channels'] as const,
    queryFn: ({ signal }) => request(api.config.queryPc, { signal, hideToast: true }),
  });
}

export function trialCardsQueryOptions(token: string | null, { hideToast = false } = {}) {
  return queryOptions({
    queryKey: [...membershipQueryKey, token, 'trialCards'] as const,
    queryFn: ({ signal }) => request(api.user.trialCards, { signal, hideToast }),
  });
}

/** The tenant's tiers with prices, days and privileges (no sign-in needed). */
export function starCardTiersQueryOptions(tenantId: string, { hideToast = false } = {}) {
  return queryOptions({
    queryKey: [...membershipQueryKey, 'tiers', tenantId] as const,
    queryFn: ({ signal }) => request(api.user.starCardTiers, { query: { tenantId }, signal, hideToast }),
  });
}

/** The name of each tier as the app shows it. */
export const TIER_LABELS: Record<MembershipTier, TranslationKey> = {
  week: 'membership.tierWeek',
  primary: 'membership.tierPrimary',
  premium: 'membership.tierPremium',
  director: 'membership.tierDirector',
};
