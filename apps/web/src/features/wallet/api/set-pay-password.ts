import { api, type CallBody } from '@dramastar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { payPasswordStatusQueryOptions } from './exits-pay-pass';
import { walletKeys } from './keys';

/** Sets or resets the 6-digit payment password with the e-mailed code. */
export function useSetPayPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof api.account.setPayPassword>) =>
      request(api.account.setPayPassword, { body }),
    onSuccess: (status) => {
      queryClient.setQueryData(payPasswordStatusQueryOptions().queryKey, status);
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawalRules() });
    },
  });
}
