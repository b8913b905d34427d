import { chatCalls } from '@dramastar/contract';
import { request } from '../../../shared/api/request';

export { chatSummaryKey, fetchChatSummary as fetchSummary } from '../../../shared/support/chat-unread';

export function fetchHistory(
  query: { beforeId?: string; afterId?: string; limit?: number },
  signal?: AbortSignal,
) {
  return request(chatCalls.history, { query, signal, hideToast: true });
}

export function uploadChatImage(image: string) {
  return request(chatCalls.upload, { body: { image } });
}

/** The chat socket's address on the server that served the app. */
export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/app-api/chat/ws`;
}
