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
  // TEST_API: the wallet spec gives its user a Star Card with /test/openVipLevel (the Star Card
  // purchase is its own issue); production leaves it off unless asked for.
  const server = await startServer({ SMTP_URL: mailbox.url, TEST_API: 'true' });
  process.env.E2E_PORT = String(server.port);
  // The embedded default prints the first operator's one-time password once, at first start.
  const firstOperator = /"oneTimePassword":"([^"]+)"/.exec(server.output());
  if (firstOperator?.[1]) process.env.E2E_ADMIN_PASSWORD = firstOperator[1];
  process.env.E2E_MAILBOX = mailboxFile;
  return async () => {
    await server.stop();
    await mailbox.stop();
  };
}
