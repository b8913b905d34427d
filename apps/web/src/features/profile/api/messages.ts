import { api } from '@dramastar/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/store/session';

export const messagesQueryKey = ['user', 'messages'] as const;

export function messagesQueryOptions(pageSize = 50) {
  return queryOptions({
    queryKey: [...messagesQueryKey, pageSize] as const,
    queryFn: ({ signal }) => request(api.user.getMessage, { query: { pageNum: 1, pageSize }, signal }),
  });
}

/** Account messages, newest first (only for a signed-in user). */
export function useMessages(pageSize = 50) {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...messagesQueryOptions(pageSize), enabled: hasLogin });
}

/** Marks messages read (all of them without ids). */
export function useReadMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => request(api.user.readMessages, { body: ids ? { ids } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}
