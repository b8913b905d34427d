import { api } from '@dramastar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';
import { walletKeys } from './keys';

export function payPasswordStatusQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.payPassword(),
    queryFn: ({ signal }) => request(api.user.exitsPayPass, { signal }),
  });
}

/** Whether the payment password is set, and until when it is locked after wrong tries. */
export function usePayPasswordStatus() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...payPasswordStatusQueryOptions(), enabled: hasLogin });
}
