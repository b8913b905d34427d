import { api, type CallResult } from '@dramastar/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';
import { walletQueryKey } from '../../../shared/api/wallet-info';
import { useSession } from '../../../shared/store/session';
import { teamKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function salaryStatusQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.salary(),
    queryFn: ({ signal }) => request(api.team.salary, { signal }),
  });
}

/** The monthly salary: the levels, the user's Star Card members, and whether a claim is possible now. */
export function useSalaryStatus() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...salaryStatusQueryOptions(), enabled: hasLogin });
}

export function salaryRecordsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: teamKeys.salaryRecords(),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.salaryRecords, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The user's salary claims, newest first. */
export function useSalaryRecords() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...salaryRecordsQueryOptions(), enabled: hasLogin });
}

export type ClaimAnswer = CallResult<typeof api.team.claimSalary>;
export type ClaimOutcome =
  { ok: true; answer: ClaimAnswer } | { ok: false; errorKey: string | null; message: string };

/**
 * Claims this month's salary. The server pays one claim per period whatever is sent twice, so a
 * double tap pays once; the page shows the outcome (no automatic toast).
 */
export function useClaimSalary() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const claim = async (): Promise<ClaimOutcome | null> => {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    try {
      const answer = await request(api.team.claimSalary, { hideToast: true });
      return { ok: true, answer };
    } catch (error) {
      if (isApiError(error) && error.kind === 'api') {
        return { ok: false, errorKey: error.errorKey ?? 'InternalError', message: error.message };
      }
      return { ok: false, errorKey: null, message: '' };
    } finally {
      running.current = false;
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    }
  };
  return { busy, claim };
}
