import { describe, expect, it } from 'vitest';
import { AppError } from './http/errors.js';
import { replayAfterRace, replayOf, requestHash } from './money.js';

const hash = requestHash(['100.00', 'bank']);
const record = { id: 7, requestHash: hash };

function conflict(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { key: error.key, field: error.options.field } : error;
  }
  return 'no error';
}

describe('the idempotency rule', () => {
  it('tells a retry (same fields) from a different request under the same id', () => {
    expect(requestHash(['100.00', 'bank'])).toBe(hash);
    expect(requestHash(['100.00', 'usdt'])).not.toBe(hash);
    // Field boundaries count: ["1", "00"] is not ["10", "0"].
    expect(requestHash(['1', '00'])).not.toBe(requestHash(['10', '0']));
  });

  it('a new id is a new request; the same request is answered by its first record', () => {
    expect(replayOf(undefined, hash)).toBeUndefined();
    expect(replayOf(record, hash)).toBe(record);
  });

  it('the same id for a different request is 409 IdempotencyConflict, naming the field when given', () => {
    expect(conflict(() => replayOf(record, requestHash(['5.00'])))).toEqual({
      key: 'IdempotencyConflict',
      field: undefined,
    });
    expect(conflict(() => replayOf(record, 'other', 'requestId'))).toEqual({
      key: 'IdempotencyConflict',
      field: 'requestId',
    });
    // A record written without a hash never matches a request.
    expect(conflict(() => replayOf({ requestHash: null }, hash))).toMatchObject({
      key: 'IdempotencyConflict',
    });
  });

  it('after a lost insert race the winner must be found and be the same request', () => {
    expect(replayAfterRace(record, hash)).toBe(record);
    expect(conflict(() => replayAfterRace(undefined, hash))).toMatchObject({ key: 'IdempotencyConflict' });
    expect(conflict(() => replayAfterRace(record, 'other'))).toMatchObject({ key: 'IdempotencyConflict' });
  });
});
