import { api } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

/** The tenant's recharge channels with limits, quick amounts and (USDT) rate and address. */
export function usePaymentChannels() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({
    queryKey: walletKeys.channels(),
    queryFn: ({ signal }) => request(api.config.queryPc, { signal }),
    enabled: hasLogin,
  });
}
