import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api/request';
import { useT } from '../i18n';
import { useSession } from '../store/session';
import './chat-unread.css';

/** The query of the user's chat conversation and unread count (the chat page refreshes it). */
export const chatSummaryKey = ['chat', 'conversation'] as const;

export async function fetchChatSummary(signal?: AbortSignal) {
  // The tab bar shows the badge: the call's declaration is not part of the first screen's script.
  const { chatCalls } = await import('../api/chat-calls');
  return request(chatCalls.conversation, { signal, hideToast: true });
}

export function chatSummaryQueryOptions() {
  return queryOptions({
    queryKey: chatSummaryKey,
    queryFn: ({ signal }) => fetchChatSummary(signal),
    refetchInterval: 20_000,
    refetchOnMount: 'always',
  });
}

/** The user's conversation and how many support answers are unread (for badges; polled gently). */
export function useChatSummary() {
  const hasLogin = useSession((s) => s.hasLogin);
  return useQuery({ ...chatSummaryQueryOptions(), enabled: hasLogin });
}

/** A red count of unread support answers: nothing at 0 or for a guest. */
export function ChatUnreadBadge({ testId }: { testId: string }) {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  const summary = useChatSummary();
  const unread = hasLogin ? (summary.data?.unread ?? 0) : 0;
  if (unread <= 0) return null;
  return (
    <span
      className="ds-count ds-chat-unread"
      data-testid={testId}
      aria-label={t('chat.unread', { count: unread })}
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
