import { api, type CallBody, type CallResult, type RedPacket } from '@dramastar/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { earnKeys, refreshAfterMoney } from './keys';

export type SendRedPacketBody = CallBody<typeof api.redPacket.sendRedPacket>;
export type ReceiveResult = CallResult<typeof api.redPacket.receiveRedPacket>;

export function redPacketQueryOptions(id: string) {
  return queryOptions({
    queryKey: earnKeys.redPacket(id),
    queryFn: ({ signal }) =>
      // The page shows why a packet cannot be shown (not found), so no toast.
      request(api.redPacket.queryRedPacket, { query: { redPacketId: id }, signal, hideToast: true }),
    staleTime: 0,
  });
}

/** One packet as the viewer sees it (their own share, whether it is theirs, the claims). */
export function useRedPacket(id: string, enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...redPacketQueryOptions(id), enabled: hasLogin && enabled && id !== '' });
}

export function redPacketRulesQueryOptions() {
  return queryOptions({
    queryKey: earnKeys.redPacketRules(),
    queryFn: ({ signal }) => request(api.redPacket.rules, { signal }),
    staleTime: 0,
  });
}

/** The tenant's red-packet limits (its configuration: what the server will enforce). */
export function useRedPacketRules() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...redPacketRulesQueryOptions(), enabled: hasLogin });
}

export function myRedPacketsQueryOptions() {
  return queryOptions({
    queryKey: earnKeys.myRedPackets(),
    queryFn: ({ signal }) => request(api.account.queryDkRedPacket, { signal }),
  });
}

/** The user's red packets: sent (with their state and refunds) and received. */
export function useMyRedPackets(enabled = true) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...myRedPacketsQueryOptions(), enabled: hasLogin && enabled });
}

/** Funds a red packet from the balance (a refusal is toasted by the request helper). */
export function useSendRedPacket() {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: SendRedPacketBody): Promise<RedPacket> => {
      const packet = await request(api.redPacket.sendRedPacket, { body });
      queryClient.setQueryData(redPacketQueryOptions(packet.id).queryKey, packet);
      refreshAfterMoney(queryClient);
      return packet;
    },
    [queryClient],
  );
}

/** Opens a packet: one share for the viewer. Refusals are not toasted: the page shows them. */
export function useReceiveRedPacket() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string): Promise<ReceiveResult> => {
      try {
        const result = await request(api.redPacket.receiveRedPacket, { query: { redPacketId: id } });
        queryClient.setQueryData(redPacketQueryOptions(id).queryKey, result.packet);
        refreshAfterMoney(queryClient);
        return result;
      } catch (error) {
        // Refused (taken meanwhile, expired): the packet as it is now, with its claims.
        if (isApiError(error) && error.kind === 'api') {
          void queryClient.invalidateQueries({ queryKey: earnKeys.redPacket(id) });
        }
        throw error;
      }
    },
    [queryClient],
  );
}
