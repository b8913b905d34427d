import { api } from '@dramastar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { bankCardsQueryOptions } from './query-bank-card';
import { walletKeys } from './keys';

/** Deletes one of the user's bank cards; the answer is the remaining list. */
export function useDeleteBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request(api.account.delBankCard, { body: { id } }),
    onSuccess: (cards) => {
      queryClient.setQueryData(bankCardsQueryOptions().queryKey, cards);
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawalRules() });
    },
  });
}
