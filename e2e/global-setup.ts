import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessApi, adminApi } from '@dramastar/contract';
import { apiClient } from './client.js';
import { startMailbox } from './mailbox.js';
import { startServer } from './server.js';
import { currentStep, markTotpStepUsed, totpAtStep } from './totp.js';

/** The first operator's password once the set-up below changed it. */
export const E2E_ADMIN_NEW_PASSWORD = 'e2e-owner-password-2026';

/**
 * One server (the production build, in development mode) for the whole run, sending e-mail to a real local SMTP server; the
 * tests learn the server's port from E2E_PORT and read codes from the E2E_MAILBOX file.
 *
 * The first operator (`admin`, printed one-time password) is set up here as a person would at the
 * first sign-in: the password changed to E2E_ADMIN_PASSWORD and an authenticator enrolled
 * (E2E_ADMIN_TOTP_SECRET). That sign-in's session is the owner's API token for the run
 * (E2E_ADMIN_TOKEN), so API set-ups need no TOTP code of their own.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stateDir = mkdtempSync(join(tmpdir(), 'ds-mail-'));
  const mailboxFile = join(stateDir, 'mails.jsonl');
  process.env.E2E_TOTP_STATE = join(stateDir, 'totp-steps.json');
  const mailbox = await startMailbox(mailboxFile);
  // Development mode (the production build, on 127.0.0.1): the specs pay through the sandbox card
  // gateway and the wallet spec gives its user a Star Card with /test/openVipLevel; a production
  // server refuses to start with either (SANDBOX_GATEWAY, TEST_API).
  const server = await startServer({ NODE_ENV: 'development', SMTP_URL: mailbox.url });
  process.env.E2E_PORT = String(server.port);
  process.env.E2E_MAILBOX = mailboxFile;

  // The embedded default prints the first operator's one-time password once, at first start.
  const oneTimePassword = /"oneTimePassword":"([^"]+)"/.exec(server.output())?.[1];
  if (!oneTimePassword)
    throw new Error(`the first operator's one-time password was not printed:\n${server.output()}`);
  const { token } = await apiClient(server.url).call(adminApi.login, {
    body: { username: 'admin', password: oneTimePassword },
  });
  const owner = apiClient(server.url, token);
  await owner.call(accessApi.changePassword, {
    body: { currentPassword: oneTimePassword, newPassword: E2E_ADMIN_NEW_PASSWORD },
  });
  const { secret } = await owner.call(accessApi.totpStart);
  const step = currentStep();
  await owner.call(accessApi.totpConfirm, { body: { code: totpAtStep(secret, step) } });
  markTotpStepUsed(secret, step);
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN_NEW_PASSWORD;
  process.env.E2E_ADMIN_TOTP_SECRET = secret;
  process.env.E2E_ADMIN_TOKEN = token;

  return async () => {
    // E2E_SERVER_LOG=<file> keeps the server's log of the run, for diagnosing a failure.
    if (process.env.E2E_SERVER_LOG) writeFileSync(process.env.E2E_SERVER_LOG, server.output());
    await server.stop();
    await mailbox.stop();
  };
}
