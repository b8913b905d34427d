/**
 * `api`: the server answered with a code other than 200 (`body` is its envelope);
 * `network`: no usable answer (offline, server down, not JSON, timeout).
 */
export type ApiErrorKind = 'api' | 'network';

export interface ErrorBody {
  code: number;
  msg?: string;
  message?: string;
  /** A contract MessageKey when the server sent one. */
  errorKey?: string;
  field?: string;
  requestId?: string;
  data?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The envelope's code (= HTTP status), or 0 when there was no answer. */
  readonly code: number;
  readonly body: ErrorBody | null;
  readonly timedOut: boolean;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: { code?: number; body?: ErrorBody | null; cause?: unknown; timedOut?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.code = options.code ?? 0;
    this.body = options.body ?? null;
    this.timedOut = options.timedOut ?? false;
  }

  get errorKey(): string | undefined {
    return this.body?.errorKey;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
