import { type ChatServerFrame, ChatSocket, type SocketStatus } from '@dramastar/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../../shared/session/session';

export type SupportSocketStatus = SocketStatus;

/**
 * The console's live channel (/admin-api/chat/ws) on the contract's ChatSocket, the app's too:
 * authenticated by the first frame, reconnected with backoff (at once when the browser is back
 * online), a silent connection dropped, no retry once the token or role is refused (the session's
 * own calls sign out on 401). Every frame goes to `onFrame` (`reconnected` is true on a hello
 * after a drop: fetch what was missed). `send` answers false when the socket is not ready.
 */
export function useSupportSocket(onFrame: (frame: ChatServerFrame, reconnected: boolean) => void) {
  const token = useSession((s) => s.token);
  const [status, setStatus] = useState<SupportSocketStatus>('closed');
  const socketRef = useRef<ChatSocket | null>(null);
  const handler = useRef(onFrame);
  useEffect(() => {
    handler.current = onFrame;
  });

  useEffect(() => {
    if (!token) return undefined;
    const socket = new ChatSocket({
      url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/admin-api/chat/ws`,
      token: () => token,
      onStatus: setStatus,
      onReady: (hello, reconnect) => handler.current(hello, reconnect),
      onFrame: (frame) => handler.current(frame, false),
    });
    socketRef.current = socket;
    socket.start();
    const online = () => socket.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      socket.stop();
      socketRef.current = null;
    };
  }, [token]);

  const send = useCallback((frame: unknown) => socketRef.current?.send(frame) ?? false, []);

  return { status, send };
}
