import { expect, type Page } from '@playwright/test';
import { accessApi, adminApi, type AnyCall, type CallInput, type OperatorRole } from '@dramastar/contract';
import { apiClient, envelope } from './client.js';
import { origin } from './flows.js';
import { freshTotpCode } from './totp.js';

/** The first operator (owner) as the global setup left it: user name, password, TOTP secret. */
export function ownerCredentials(): { username: string; password: string; totpSecret: string } {
  const password = process.env.E2E_ADMIN_PASSWORD;
  const totpSecret = process.env.E2E_ADMIN_TOTP_SECRET;
  expect(password, 'the global setup changes the first operator’s password').toEqual(expect.any(String));
  expect(totpSecret, 'the global setup enrols the first operator’s authenticator').toMatch(/^[A-Z2-7]+=*$/);
  return { username: 'admin', password: password ?? '', totpSecret: totpSecret ?? '' };
}

let cachedToken: string | undefined;

/**
 * A console token for the owner, for set-ups made through the API: the global setup's session,
 * else one sign-in (with a TOTP code) cached for the run, since a code is accepted only once.
 */
export async function ownerToken(): Promise<string> {
  cachedToken ??= process.env.E2E_ADMIN_TOKEN;
  if (cachedToken) return cachedToken;
  const { username, password, totpSecret } = ownerCredentials();
  const answer = await envelope(apiClient(origin()), adminApi.login, {
    body: { username, password, totpCode: await freshTotpCode(totpSecret) },
  });
  expect(answer.code, answer.msg).toBe(200);
  cachedToken = answer.data.token;
  return cachedToken;
}

/** Calls the console's API as the owner; answers the envelope. */
export async function consoleCall<C extends AnyCall>(call: C, input?: CallInput<C>) {
  return envelope(apiClient(origin(), await ownerToken()), call, input);
}

/**
 * Signs an operator in at /admin in `page` (the owner unless told otherwise): user name and
 * password, then the authenticator code the console asks for; waits for the console's frame.
 */
export async function consoleSignIn(
  page: Page,
  who: { username: string; password: string; totpSecret: string } = ownerCredentials(),
): Promise<void> {
  await withoutMotion(page);
  await page.goto(`${origin()}/admin`);
  await page.getByTestId('login-username').fill(who.username);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-totp').fill(await freshTotpCode(who.totpSecret));
  await page.getByTestId('login-totp-submit').click();
  await expect(page.getByTestId('operator-name')).toHaveText(who.username);
}

/**
 * The console without animations (it honours prefers-reduced-motion): a click on a dialog's button
 * while the dialog still zooms in can otherwise be lost.
 */
export async function withoutMotion(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/**
 * A new operator of `role` ready to sign in (one-time password changed, authenticator enrolled),
 * made through the API by the owner: for flows that need a second operator.
 */
export async function newOperator(
  role: OperatorRole,
  tenantIds: string[],
): Promise<{ username: string; password: string; totpSecret: string }> {
  const username = `e2e_${role}_${Date.now().toString(36)}`;
  const created = await consoleCall(accessApi.createOperator, { body: { username, role, tenantIds } });
  expect(created.code, created.msg).toBe(200);
  const signIn = await envelope(apiClient(origin()), adminApi.login, {
    body: { username, password: created.data.oneTimePassword },
  });
  expect(signIn.code, signIn.msg).toBe(200);
  const as = apiClient(origin(), signIn.data.token);
  const password = `e2e-operator-${Date.now()}`;
  const changed = await envelope(as, accessApi.changePassword, {
    body: { currentPassword: created.data.oneTimePassword, newPassword: password },
  });
  expect(changed.code, changed.msg).toBe(200);
  const started = await envelope(as, accessApi.totpStart, { body: {} });
  expect(started.code, started.msg).toBe(200);
  const totpSecret = started.data.secret;
  const confirmed = await envelope(as, accessApi.totpConfirm, {
    body: { code: await freshTotpCode(totpSecret) },
  });
  expect(confirmed.code, confirmed.msg).toBe(200);
  return { username, password, totpSecret };
}
