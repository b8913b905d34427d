import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * TOTP codes for the e2e run (RFC 6238: HMAC-SHA-1, 6 digits, 30 s), computed like an
 * authenticator app would. The server accepts the step before and after the current one, but never
 * a step at or before the last one it accepted for the operator: `freshTotpCode` hands out each
 * step once per secret, in order, waiting for the next step only when both usable ones are spent.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_MS = 30_000;

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${text}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code of `secret` (base32) for a 30-second step. */
export function totpAtStep(secret: string, step: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = mac.readUInt8(mac.length - 1) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export const currentStep = (at = Date.now()) => Math.floor(at / STEP_MS);

/** A code no authenticator would show now (for "a wrong code is refused"). */
export function wrongTotpCode(secret: string): string {
  return totpAtStep(secret, currentStep() + 10);
}

/** The file that keeps the last step used per secret, shared by the global set-up and the tests. */
function stateFile(): string {
  return process.env.E2E_TOTP_STATE ?? '/tmp/dramastar-e2e-totp.json';
}

function readState(): Record<string, number> {
  const file = stateFile();
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** Notes a step as used (the enrolment's own code, or a code sent by hand). */
export function markTotpStepUsed(secret: string, step: number): void {
  const state = readState();
  state[secret] = Math.max(state[secret] ?? 0, step);
  writeFileSync(stateFile(), JSON.stringify(state));
}

/**
 * A code the server will accept once: a step after the last used, among the previous (only early
 * in the current step, so it cannot age out before it is sent), the current and the next one.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  const last = readState()[secret] ?? 0;
  let now = currentStep();
  const early = Date.now() - now * STEP_MS < 15_000;
  const step = Math.max(last + 1, early ? now - 1 : now);
  // Both usable steps (now, now + 1) are spent: wait until the step after them is usable.
  while (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 200));
    now = currentStep();
  }
  markTotpStepUsed(secret, step);
  return totpAtStep(secret, step);
}
