import { type MessageKey, statusOf } from '@dramastar/contract';

/**
 * A refusal the client should see: its key picks the HTTP status and the translated `msg`.
 * Throw it from services; the error handler turns it into the envelope.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly key: MessageKey,
    readonly options: {
      field?: string;
      params?: Record<string, string | number>;
      data?: unknown;
      status?: number;
      /** What went wrong underneath; logged for 5xx answers, never sent. */
      cause?: unknown;
    } = {},
  ) {
    super(key, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? statusOf(key);
  }
}
