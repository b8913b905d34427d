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
