import { startServer } from './server.js';

/** One production server for the whole run; its address reaches the tests as E2E_PORT. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.E2E_PORT = String(server.port);
  return () => server.stop();
}
