/**
 * `api`: the server answered with a code other than 200 (`body` is its envelope);
 * `network`: no usable answer (offline, server down, not JSON, timeout, an answer off-contract).
 */
export type ApiErrorKind = 'api' | 'network';

/** The envelope of a refusal: `{code, msg, errorKey, field?, requestId?, data?}`. */
export interface ErrorBody {
  code: number;
  msg?: string;
  /** A contract MessageKey (e.g. `ReferenceMismatch`) when the server sent one. */
  errorKey?: string;
  /** For 400: the invalid field, e.g. `matchedReference` or `body.reason`. */
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

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: { code?: number; body?: ErrorBody | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.kind = kind;
    this.code = options.code ?? 0;
    this.body = options.body ?? null;
  }

  get errorKey(): string | undefined {
    return this.body?.errorKey;
  }

  get field(): string | undefined {
    return this.body?.field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What to show an operator for a failed call. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
