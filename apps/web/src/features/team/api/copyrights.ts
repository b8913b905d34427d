import { api, type CallResult } from '@dramastar/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { walletQueryKey } from '../../../shared/api/wallet-info';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';
import { newRequestId } from '../../../shared/request-id';
import { useSession } from '../../../shared/store/session';
import { nextPageParam, PAGE_SIZE, teamKeys } from './keys';

/** The copyright center: the user's totals and every product with the user's own holding of it. */
export function useCopyrightCenter() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: teamKeys.copyrights(),
    queryFn: ({ signal }) => request(api.team.copyrights, { signal }),
    enabled: hasLogin,
  });
}

/** The user's purchases, newest first, with the revenue each has paid so far. */
export function useCopyrightHoldings() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: teamKeys.holdings(),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.copyrightHoldings, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin,
  });
}

/** Daily revenue entries of the user's copyrights, newest day first. */
export function useCopyrightRevenue() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({
    queryKey: teamKeys.copyrightRevenue(),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.copyrightRevenue, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    enabled: hasLogin,
  });
}

export type BuyAnswer = CallResult<typeof api.team.buyCopyright>;

export type BuyOutcome =
  | { ok: true; answer: BuyAnswer }
  /** `errorKey` of a refusal; none when no answer came (the same request may be retried). */
  | { ok: false; errorKey: string | null; message: string };

/**
 * The buy sheet's purchase. The sheet mounts this when it opens, which makes a fresh requestId;
 * confirming sends it; a retry after no answer sends the same one, so a double tap or a retry
 * never buys twice. A refusal made nothing: the next confirmation is a new request. The sheet
 * shows refusals itself (no toast).
 */
export function useBuyCopyright() {
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState(newRequestId);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const buy = async (
    productId: string,
    quantity: number,
    payPassword: string,
  ): Promise<BuyOutcome | null> => {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    try {
      const answer = await request(api.team.buyCopyright, {
        body: { productId, quantity, payPassword, requestId },
        hideToast: true,
      });
      return { ok: true, answer };
    } catch (error) {
      if (isApiError(error) && error.kind === 'api') {
        setRequestId(newRequestId());
        return { ok: false, errorKey: error.errorKey ?? 'InternalError', message: error.message };
      }
      return { ok: false, errorKey: null, message: '' };
    } finally {
      running.current = false;
      setBusy(false);
      // Whatever happened, sold counts, the balance and the user's holdings may have moved.
      void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    }
  };

  return { busy, buy };
}
