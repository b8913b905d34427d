import { connect, createServer } from 'node:net';

/** A loopback port nothing listens on right now (for a server a test starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether something accepts connections on a loopback port. */
export function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}
