import { adminChatApi, type CallBody, type CallResult } from '@dramastar/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../shared/api/request';

export type ChatConversationRow = CallResult<typeof adminChatApi.conversations>['list'][number];
export type ConversationQuery = z.output<(typeof adminChatApi.conversations)['query']>;
export type CannedReplyRow = CallResult<typeof adminChatApi.cannedReplies>['list'][number];

export const chatKey = ['admin', 'chat'] as const;
export const conversationsKey = [...chatKey, 'conversations'] as const;
export const historyKey = (conversationId: string) => [...chatKey, 'history', conversationId] as const;
export const cannedKey = [...chatKey, 'canned'] as const;

export function useConversations(query: ConversationQuery) {
  return useQuery({
    queryKey: [...conversationsKey, query],
    queryFn: ({ signal }) => request(adminChatApi.conversations, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useConversation(conversationId: string | null) {
  return useQuery({
    queryKey: [...chatKey, 'conversation', conversationId],
    queryFn: ({ signal }) =>
      request(adminChatApi.conversation, { query: { conversationId: conversationId ?? '' }, signal }),
    enabled: conversationId !== null,
  });
}

export function useHistory(conversationId: string | null) {
  return useQuery({
    queryKey: historyKey(conversationId ?? ''),
    queryFn: ({ signal }) =>
      request(adminChatApi.history, { query: { conversationId: conversationId ?? '', limit: 100 }, signal }),
    enabled: conversationId !== null,
  });
}

export function fetchOlder(conversationId: string, beforeId: string) {
  return request(adminChatApi.history, { query: { conversationId, beforeId, limit: 100 } });
}

function useChatMutation<B>(run: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKey }),
  });
}

export const useAssign = () =>
  useChatMutation((body: CallBody<typeof adminChatApi.assign>) => request(adminChatApi.assign, { body }));
export const useReply = () =>
  useChatMutation((body: CallBody<typeof adminChatApi.reply>) => request(adminChatApi.reply, { body }));
export const useClose = () =>
  useChatMutation((body: CallBody<typeof adminChatApi.close>) => request(adminChatApi.close, { body }));

/** Stores a picture for a reply in the conversation; answers its key for `/chat/reply`. */
export function uploadPicture(conversationId: string, image: string) {
  return request(adminChatApi.upload, { body: { conversationId, image } });
}

export function markRead(conversationId: string, messageId: string) {
  return request(adminChatApi.read, { body: { conversationId, messageId } });
}

export function useAgents(tenantId: string | undefined) {
  return useQuery({
    queryKey: [...chatKey, 'agents', tenantId],
    queryFn: ({ signal }) => request(adminChatApi.agents, { query: { tenantId }, signal }),
    enabled: tenantId !== undefined,
    staleTime: 60_000,
  });
}

export function useCannedReplies(tenantId?: string) {
  return useQuery({
    queryKey: [...cannedKey, tenantId],
    queryFn: ({ signal }) => request(adminChatApi.cannedReplies, { query: { tenantId }, signal }),
  });
}

export const useCreateCanned = () =>
  useChatMutation((body: CallBody<typeof adminChatApi.createCannedReply>) =>
    request(adminChatApi.createCannedReply, { body }),
  );
export const useUpdateCanned = () =>
  useChatMutation((body: CallBody<typeof adminChatApi.updateCannedReply>) =>
    request(adminChatApi.updateCannedReply, { body }),
  );
export const useDeleteCanned = () =>
  useChatMutation((body: CallBody<typeof adminChatApi.deleteCannedReply>) =>
    request(adminChatApi.deleteCannedReply, { body }),
  );
