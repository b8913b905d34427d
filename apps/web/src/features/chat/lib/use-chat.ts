import type { ChatMessage } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../../shared/store/session';
import { chatSummaryKey, chatSocketUrl, fetchHistory, fetchSummary } from '../api/chat';
import { ChatClient, Outbox, type OutboxItem } from './chat-client';
import { mergeMessages } from './messages';

const TYPING_SHOWN_MS = 4000;
const TYPING_SEND_EVERY_MS = 2000;

function sessionStore() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export interface ChatView {
  messages: ChatMessage[];
  outbox: OutboxItem[];
  loading: boolean;
  loadError: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  closed: boolean;
  staffTyping: boolean;
  /** The newest message support staff have read. */
  staffLastReadId: bigint;
  send: (
    input: { kind: 'text'; body: string } | { kind: 'image'; imageKey: string; previewUrl?: string },
  ) => void;
  retry: (clientId: string) => void;
  discard: (clientId: string) => void;
  typing: () => void;
  loadOlder: () => void;
  reload: () => void;
}

/**
 * The chat page's state: history (newest page, then older on demand), the live socket (messages,
 * acks, typing, read receipts, closing), the outbox, and catching up after every reconnect.
 */
export function useChat(): ChatView {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.userId ?? 'me');
  const setSocketStatus = useSession((s) => s.setSocketStatus);
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [outbox, setOutbox] = useState<OutboxItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState(false);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [closed, setClosed] = useState(false);
  const [typingUntil, setTypingUntil] = useState(0);
  const [staffLastReadId, setStaffLastReadId] = useState(0n);
  const [reloadKey, setReloadKey] = useState(0);
  const clientRef = useRef<ChatClient | null>(null);
  const messagesRef = useRef<ChatMessage[]>([]);
  const lastTypingSent = useRef(0);
  const lastReadSent = useRef(0n);

  // The ref is updated at once (not in a state updater, which React may run later): markRead and
  // catchUp read it right after a merge.
  const merge = useCallback((incoming: ChatMessage[]) => {
    const next = mergeMessages(messagesRef.current, incoming);
    if (next === messagesRef.current) return;
    messagesRef.current = next;
    setMessages(next);
  }, []);

  /** Tells the server (and the badges) that every support message shown has been read. */
  const markRead = useCallback(() => {
    const list = messagesRef.current;
    const newest = [...list].reverse().find((m) => m.senderKind !== 'user');
    if (!newest || document.visibilityState === 'hidden') return;
    const id = BigInt(newest.id);
    if (id <= lastReadSent.current) return;
    // Not ready yet: the next `hello` (catch-up) marks it.
    if (!clientRef.current?.read(newest.id)) return;
    lastReadSent.current = id;
    // The server updates the count; the badges ask again a moment later.
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: chatSummaryKey }), 300);
  }, [queryClient]);

  /** Everything after the newest message we have (after a reconnect), page by page. */
  const catchUp = useCallback(async () => {
    for (let guard = 0; guard < 20; guard++) {
      const last = messagesRef.current.at(-1);
      if (!last) {
        const page = await fetchHistory({ limit: 30 });
        merge(page.list);
        setHasOlder(page.hasMore);
        return;
      }
      const page = await fetchHistory({ afterId: last.id, limit: 100 });
      merge(page.list);
      if (!page.hasMore) return;
    }
  }, [merge]);

  useEffect(() => {
    if (!token) return undefined;
    const life = { cancelled: false };
    const box = new Outbox(sessionStore(), `ds_chat_outbox_${userId}`);
    const client = new ChatClient({
      url: chatSocketUrl(),
      token: () => useSession.getState().token,
      outbox: box,
      events: {
        status: (status) => setSocketStatus(status),
        ready: (conversationId) => {
          // No open conversation while we show messages: staff closed it while we were away.
          setClosed(conversationId === null && messagesRef.current.length > 0);
          // Whatever arrived while the socket was away (or before it first opened).
          void catchUp()
            .then(markRead)
            .catch(() => undefined);
        },
        message: (message) => {
          merge([message]);
          if (message.senderKind !== 'user') {
            setTypingUntil(0);
            markRead();
          }
        },
        ack: (_clientId, message) => {
          merge([message]);
          setClosed(false);
        },
        typing: (_conversationId, from) => {
          if (from === 'operator') setTypingUntil(Date.now() + TYPING_SHOWN_MS);
        },
        read: (_conversationId, side, messageId) => {
          if (side === 'staff')
            setStaffLastReadId((current) => (BigInt(messageId) > current ? BigInt(messageId) : current));
        },
        conversation: (_conversationId, status) => setClosed(status === 'closed'),
        outbox: (items) => setOutbox(items),
        // The socket refused the token: a plain call tells whether the session is gone (the
        // request helper then signs out, on 401) or the chat should offer to try again.
        unauthorized: () => {
          void fetchSummary()
            .then(() => {
              if (!life.cancelled) setLoadError(true);
            })
            .catch(() => undefined);
        },
      },
    });
    clientRef.current = client;

    void (async () => {
      try {
        const [history, summary] = await Promise.all([fetchHistory({ limit: 30 }), fetchSummary()]);
        if (life.cancelled) return;
        queryClient.setQueryData(chatSummaryKey, summary);
        setOutbox(box.all());
        merge(history.list);
        setHasOlder(history.hasMore);
        setClosed(summary.conversation?.status === 'closed');
        setStaffLastReadId(BigInt(summary.conversation?.staffLastReadId ?? '0'));
        setLoading(false);
        markRead();
      } catch {
        if (!life.cancelled) {
          setLoadError(true);
          setLoading(false);
        }
      }
    })();
    client.start();

    const online = () => client.reconnectNow();
    const visible = () => {
      if (document.visibilityState === 'visible') {
        client.reconnectNow();
        markRead();
      }
    };
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);
    return () => {
      life.cancelled = true;
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      client.stop();
      clientRef.current = null;
      setSocketStatus('closed');
      messagesRef.current = [];
      setMessages([]);
    };
  }, [token, userId, reloadKey, setSocketStatus, merge, catchUp, markRead, queryClient]);

  // Hide the typing line when its time is up.
  useEffect(() => {
    if (typingUntil === 0) return undefined;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const loadOlder = useCallback(() => {
    const first = messagesRef.current[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    fetchHistory({ beforeId: first.id, limit: 30 })
      .then((page) => {
        merge(page.list);
        setHasOlder(page.hasMore);
      })
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  }, [merge, loadingOlder]);

  return {
    messages,
    outbox,
    loading,
    loadError,
    hasOlder,
    loadingOlder,
    closed,
    staffTyping: typingUntil > 0,
    staffLastReadId,
    send: (input) => {
      clientRef.current?.send(input);
    },
    retry: (clientId) => clientRef.current?.retry(clientId),
    discard: (clientId) => {
      const client = clientRef.current;
      if (!client) return;
      client.discard(clientId);
    },
    typing: () => {
      const now = Date.now();
      if (now - lastTypingSent.current < TYPING_SEND_EVERY_MS) return;
      lastTypingSent.current = now;
      clientRef.current?.typing();
    },
    loadOlder,
    reload: () => {
      setLoading(true);
      setLoadError(false);
      setReloadKey((k) => k + 1);
    },
  };
}
