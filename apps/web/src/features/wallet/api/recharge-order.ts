import { api, type RechargeOrder } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

/** Statuses after which an order no longer changes. */
export const FINAL_RECHARGE_STATUSES: readonly RechargeOrder['status'][] = [
  'credited',
  'failed',
  'expired',
  'rejected',
];

/**
 * Reads an order without acting on it. There is no read-only call for one order (verify records
 * "I have transferred" for a bank transfer), so it is looked up among the user's latest orders;
 * the order just created comes from the cache that creating it filled.
 */
async function findRechargeOrder(orderNo: string, signal: AbortSignal): Promise<RechargeOrder> {
  const { list } = await request(api.account.rechargeRecords, {
    query: { pageNum: 1, pageSize: 100 },
    signal,
  });
  const order = list.find((item) => item.orderNo === orderNo);
  if (!order) {
    throw new ApiError('api', 'Order not found', {
      code: 404,
      body: { code: 404, errorKey: 'OrderNotFound' },
    });
  }
  return order;
}

export function rechargeOrderQueryOptions(orderNo: string, pollMs: number) {
  return queryOptions({
    queryKey: walletKeys.rechargeOrder(orderNo),
    queryFn: ({ signal }) => findRechargeOrder(orderNo, signal),
    refetchInterval: (query) => (query.state.data?.status === 'submitted' ? pollMs : false),
  });
}

/**
 * One recharge order (bank transfer and USDT pages). While it waits for finance (`submitted`) it
 * is read again every `pollMs`, so the page turns to "credited" by itself.
 */
export function useRechargeOrder(orderNo: string, pollMs = 10_000) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...rechargeOrderQueryOptions(orderNo, pollMs), enabled: hasLogin && orderNo !== '' });
}

export function gatewayResultQueryOptions(orderNo: string, intervalMs: number) {
  return queryOptions({
    queryKey: [...walletKeys.rechargeOrder(orderNo), 'verify'] as const,
    queryFn: ({ signal }) => request(api.user.addAccountBalanceVerify, { body: { orderNo }, signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? intervalMs : false),
  });
}

/**
 * The state of a card/e-wallet (gateway) order after the payer returns: asked every 2 s until it
 * is no longer pending.
 */
export function useGatewayResult(orderNo: string, intervalMs = 2_000) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...gatewayResultQueryOptions(orderNo, intervalMs), enabled: hasLogin && orderNo !== '' });
}
