import { api, type CurrencyKey } from '@dramastar/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { teamKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function teamStatusQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.status(),
    queryFn: ({ signal }) => request(api.account.teamStatus, { signal }),
  });
}

/** The team at a glance: sizes, revenue, invite code and link, and how many levels pay the user. */
export function useTeamStatus() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...teamStatusQueryOptions(), enabled: hasLogin });
}

export function teamLevelsQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.levels(),
    queryFn: ({ signal }) => request(api.account.teamLevelStatusStatistic, { signal }),
  });
}

/** Per level 1-5: members, those with an active Star Card, and what the user earned from it. */
export function useTeamLevels() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...teamLevelsQueryOptions(), enabled: hasLogin });
}

export function teamSizeQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.size(),
    queryFn: ({ signal }) => request(api.account.userLevelStatistic, { signal }),
  });
}

/** How many people the user's team has on each level 1-5 (`/account/userLevelStatistic`). */
export function useTeamSize() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...teamSizeQueryOptions(), enabled: hasLogin });
}

export function teamMembersQueryOptions(level: number) {
  return infiniteQueryOptions({
    queryKey: teamKeys.members(level),
    queryFn: ({ pageParam, signal }) =>
      request(api.account.teamLevelStatus, {
        query: { level, pageNum: pageParam, pageSize: PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** One level's members, newest first, 20 a page. */
export function useTeamMembers(level: number) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...teamMembersQueryOptions(level), enabled: hasLogin });
}

export function teamSearchQueryOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: teamKeys.search(keyword),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.members, { query: { keyword, pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** Members of every level found by nickname, invite code or user ID (nothing is asked for an empty keyword). */
export function useTeamSearch(keyword: string) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...teamSearchQueryOptions(keyword), enabled: hasLogin && keyword !== '' });
}

export function invitationDetailsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: teamKeys.invitations(),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.invitationDetails, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** Per direct invitee: his invitations, copyright purchases and what he brought the user. */
export function useInvitationDetails() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...invitationDetailsQueryOptions(), enabled: hasLogin });
}

export function leaderBoardQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.leaders(),
    queryFn: ({ signal }) => request(api.team.leaders, { signal }),
  });
}

/** The leader programme: the goal, the user's progress and the largest teams. */
export function useLeaderBoard() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...leaderBoardQueryOptions(), enabled: hasLogin });
}

export function dividendQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.dividend(),
    queryFn: ({ signal }) => request(api.team.dividend, { signal }),
  });
}

/** Dividend shares from copyright purchases: pending and paid value, the rule, the grants. */
export function useDividend() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...dividendQueryOptions(), enabled: hasLogin });
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
