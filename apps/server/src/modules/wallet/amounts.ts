import { randomBytes, randomInt } from 'node:crypto';

/**
 * `R202611210930154829130517`: kind letter, UTC time to the second, 10 random digits (a clash
 * needs two orders in the same second drawing the same of 10^10 numbers).
 */
export function newOrderNo(kind: 'R' | 'W', now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const random =
    String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');
  return `${kind}${stamp}${random}`;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A transfer-note reference people can type: `DS` + 8 unambiguous letters and digits. */
export function newTransferReference(): string {
  const bytes = randomBytes(8);
  return `DS${Array.from(bytes, (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}
