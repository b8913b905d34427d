import { api, type CallBody } from '@dramastar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { bankCardsQueryOptions } from './query-bank-card';
import { walletKeys } from './keys';

export type BankCardBody = CallBody<typeof api.account.addBankCard>;

/** Adds a bank card; the answer is the new list, kept as the cards query (the rules count them). */
export function useAddBankCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankCardBody) => request(api.account.addBankCard, { body }),
    onSuccess: (cards) => {
      queryClient.setQueryData(bankCardsQueryOptions().queryKey, cards);
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawalRules() });
    },
  });
}
