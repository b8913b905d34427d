import { api, type CallResult } from '@dramastar/contract';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { walletQueryKey } from '../../../shared/api/wallet-info';
import { useMoneyAction } from '../../../shared/api/money-action';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { teamKeys } from './keys';
import { nextPageParam, PAGE_SIZE } from '../../../shared/api/paging';

export function copyrightCenterQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.copyrights(),
    queryFn: ({ signal }) => request(api.team.copyrights, { signal }),
  });
}

/** The copyright center: the user's totals and every product with the user's own holding of it. */
export function useCopyrightCenter() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...copyrightCenterQueryOptions(), enabled: hasLogin });
}

export function copyrightHoldingsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: teamKeys.holdings(),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.copyrightHoldings, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** The user's purchases, newest first, with the revenue each has paid so far. */
export function useCopyrightHoldings() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...copyrightHoldingsQueryOptions(), enabled: hasLogin });
}

export function copyrightRevenueQueryOptions() {
  return infiniteQueryOptions({
    queryKey: teamKeys.copyrightRevenue(),
    queryFn: ({ pageParam, signal }) =>
      request(api.team.copyrightRevenue, { query: { pageNum: pageParam, pageSize: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

/** Daily revenue entries of the user's copyrights, newest day first. */
export function useCopyrightRevenue() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useInfiniteQuery({ ...copyrightRevenueQueryOptions(), enabled: hasLogin });
}

export type BuyAnswer = CallResult<typeof api.team.buyCopyright>;

export type BuyOutcome =
  | { ok: true; answer: BuyAnswer }
  /** `errorKey` of a refusal; none when no answer came (the same request may be retried). */
  | { ok: false; errorKey: string | null; message: string };

/**
 * The buy sheet's purchase, one money action per confirmation (`begin` as the payment password is
 * asked): a double tap or a retry after no answer never buys twice; a refusal made nothing and the
 * next try is a new request. The sheet shows refusals itself (no toast).
 */
export function useBuyCopyright() {
  const queryClient = useQueryClient();
  const action = useMoneyAction();

  const buy = async (
    productId: string,
    quantity: number,
    payPassword: string,
  ): Promise<BuyOutcome | null> => {
    const outcome = await action.run((requestId) =>
      request(api.team.buyCopyright, {
        body: { productId, quantity, payPassword, requestId },
        hideToast: true,
      }),
    );
    if (outcome === null) return null;
    // Whatever happened, sold counts, the balance and the user's holdings may have moved.
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    if (outcome.kind === 'done') return { ok: true, answer: outcome.answer };
    if (outcome.kind === 'refused') {
      return {
        ok: false,
        errorKey: outcome.error.errorKey ?? 'InternalError',
        message: outcome.error.message,
      };
    }
    return { ok: false, errorKey: null, message: '' };
  };

  return {
    busy: action.busy,
    /** Opens a confirmation of `quantity` of `productId` (the same after no answer is the same request). */
    begin: (productId: string, quantity: number) => action.begin(`${productId}:${quantity}`),
    buy,
  };
}
