import { api, type CurrencyKey } from '@dramastar/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { teamKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

/** The team at a glance: sizes, revenue, invite code and link, and how many levels pay the user. */
export function useTeamStatus() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: teamKeys.status(),
    queryFn: ({ signal }) => request(api.account.teamStatus, { signal }),
    enabled: hasLogin,
  });
}

/** Per level 1-5: members, those with an active Star Card, and what the user earned from it. */
export function useTeamLevels() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: teamKeys.levels(),
    queryFn: ({ signal }) => request(api.account.teamLevelStatusStatistic, { signal }),
    enabled: hasLogin,
  });
}

/** How many people the user's team has on each level 1-5 (`/account/userLevelStatistic`). */
export function useTeamSize() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: teamKeys.size(),
    queryFn: ({ signal }) => request(api.account.userLevelStatistic, { signal }),
    enabled: hasLogin,
  });
}

/** One level's members, newest first, 20 a page. */
export function useTeamMembers(level: number) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: teamKeys.members(level),
    queryFn: ({ pageParam, signal }) =>
      request(api.account.teamLevelStatus, {
        query: { level, pageNum: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin,
  });
}

/** Members of every level found by nickname, invite code or user ID (nothing is asked for an empty keyword). */
export function useTeamSearch(keyword: string) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: teamKeys.search(keyword),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.members, { query: { keyword, pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin && keyword !== '',
  });
}

/** Per direct invitee: his invitations, copyright purchases and what he brought the user. */
export function useInvitationDetails() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: teamKeys.invitations(),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.invitationDetails, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin,
  });
}

/** The leader programme: the goal, the user's progress and the largest teams. */
export function useLeaderBoard() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: teamKeys.leaders(),
    queryFn: ({ signal }) => request(api.team.leaders, { signal }),
    enabled: hasLogin,
  });
}

/** Dividend shares from copyright purchases: pending and paid value, the rule, the grants. */
export function useDividend() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: teamKeys.dividend(),
    queryFn: ({ signal }) => request(api.team.dividend, { signal }),
    enabled: hasLogin,
  });
}

/**
 * The currency of team amounts (the tenant's): from the team status when known, else the
 * tenant's currency of the session; null until one of them is.
 */
export function useTeamCurrency(): CurrencyKey | null {
  const status = useTeamStatus();
  const tenantCurrency = useSession((s) => s.currencyType);
  return status.data?.currency ?? tenantCurrency;
}
