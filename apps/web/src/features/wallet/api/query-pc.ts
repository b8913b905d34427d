import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

export function paymentChannelsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.channels(),
    queryFn: ({ signal }) => request(api.config.queryPc, { signal }),
  });
}

/** The tenant's recharge channels with limits, quick amounts and (USDT) rate and address. */
export function usePaymentChannels() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...paymentChannelsQueryOptions(), enabled: hasLogin });
}
