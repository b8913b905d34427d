import { createHash } from 'node:crypto';
import { CURRENCIES, type CurrencyKey, toMinor } from '@dramastar/contract';
import { AppError } from './http/errors.js';

/** A typed amount in minor units; 400 TooManyDecimals (naming the field) when it has too many. */
export function parseAmount(value: string, currency: CurrencyKey, field = 'amount'): bigint {
  try {
    return toMinor(value, currency);
  } catch {
    throw new AppError('TooManyDecimals', {
      field,
      params: { currency, digits: CURRENCIES[currency].minorDigits },
    });
  }
}

/** SHA-256 of a request's meaningful fields, to tell a retry from a different request. */
export function requestHash(fields: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The one rule for a request id seen before (every money request carries one): a record made by
 * the same request (its hash matches) is the answer to a retry; a record made by a different
 * request under the same id is 409 IdempotencyConflict; no record, a new request (undefined).
 */
export function replayOf<T extends { requestHash: string | null }>(
  earlier: T | undefined,
  hash: string,
  field?: string,
): T | undefined {
  if (!earlier) return undefined;
  if (earlier.requestHash !== hash) throw new AppError('IdempotencyConflict', field ? { field } : {});
  return earlier;
}

/**
 * After losing an insert race on (owner, request id): the winner's record, which must be the same
 * request (else 409 IdempotencyConflict, also when it cannot be found).
 */
export function replayAfterRace<T extends { requestHash: string | null }>(
  winner: T | undefined,
  hash: string,
  field?: string,
): T {
  const same = replayOf(winner, hash, field);
  if (!same) throw new AppError('IdempotencyConflict', field ? { field } : {});
  return same;
}
