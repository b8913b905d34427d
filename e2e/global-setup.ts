import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailbox } from './mailbox.js';
import { startServer } from './server.js';

/**
 * One production server for the whole run, sending e-mail to a real local SMTP server; the
 * tests learn the server's port from E2E_PORT and read codes from the E2E_MAILBOX file.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailboxFile = join(mkdtempSync(join(tmpdir(), 'ds-mail-')), 'mails.jsonl');
  const mailbox = await startMailbox(mailboxFile);
  const server = await startServer({ SMTP_URL: mailbox.url });
  process.env.E2E_PORT = String(server.port);
  process.env.E2E_MAILBOX = mailboxFile;
  return async () => {
    await server.stop();
    await mailbox.stop();
  };
}
