import { backoffDelay, type ChatServerFrame, chatServerFrame } from '@dramastar/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../../shared/session/session';

export type SupportSocketStatus = 'connecting' | 'open' | 'closed';

/**
 * The console's live channel (/admin-api/chat/ws): authenticated by the first frame, reconnected
 * with backoff; every frame goes to `onFrame`. `send` answers false when the socket is not ready.
 */
export function useSupportSocket(onFrame: (frame: ChatServerFrame, reconnected: boolean) => void) {
  const token = useSession((s) => s.token);
  const [status, setStatus] = useState<SupportSocketStatus>('closed');
  const socketRef = useRef<WebSocket | null>(null);
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });

  useEffect(() => {
    if (!token) return undefined;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let everOpen = false;
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/admin-api/chat/ws`;

    const connect = () => {
      setStatus('connecting');
      const socket = new WebSocket(url);
      socketRef.current = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
      socket.onmessage = (event) => {
        let frame: ChatServerFrame;
        try {
          const parsed = chatServerFrame.safeParse(JSON.parse(String(event.data)));
          if (!parsed.success) return;
          frame = parsed.data;
        } catch {
          return;
        }
        if (frame.type === 'hello') {
          attempt = 0;
          setStatus('open');
          handler.current(frame, everOpen);
          everOpen = true;
          return;
        }
        handler.current(frame, false);
      };
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        setStatus('closed');
        if (stopped || event.code === 4401) return;
        timer = setTimeout(connect, backoffDelay(attempt++));
      };
    };
    connect();
    const ping = setInterval(() => {
      const socket = socketRef.current;
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping' }));
    }, 20_000);
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(ping);
      socketRef.current?.close(1000, 'bye');
      socketRef.current = null;
    };
  }, [token]);

  const send = useCallback((frame: unknown) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, []);

  return { status, send };
}
