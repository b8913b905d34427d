import type { AnyCall, CallBody, CallParams, CallQuery, CallResult } from './call.js';
import { SUCCESS_CODE } from './constants.js';
import { buildPath } from './path.js';

/** One HTTP exchange as a client makes it: the path holds the prefix and the query string. */
export interface TransportRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** JSON text; undefined when the call sends no body. */
  body: string | undefined;
  signal?: AbortSignal;
}

export interface TransportAnswer {
  status: number;
  /** The parsed JSON answer, or null when the answer was not JSON. */
  json: unknown;
}

/**
 * How a client reaches the server: fetch in the browser and e2e, `app.inject` in server tests.
 * It throws when there is no answer at all (offline, timeout, aborted).
 */
export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;

/**
 * `api`: the server answered with a code other than 200 (`body` is its envelope);
 * `network`: no usable answer (offline, server down, not JSON, timeout, an answer off-contract).
 */
export type ApiErrorKind = 'api' | 'network';

/** The envelope of a refusal: `{code, msg, errorKey, field?, requestId?, data?}`. */
export interface ErrorBody {
  code: number;
  msg?: string;
  message?: string;
  /** A contract MessageKey (e.g. `InsufficientFunds`) when the server sent one. */
  errorKey?: string;
  /** For 400: the invalid field, e.g. `email` or `query.pageNum`. */
  field?: string;
  /** For 500: quote it to support; it is in the server's logs. */
  requestId?: string;
  data?: unknown;
}

/** A call that did not give its answer: a refusal of the server, or no usable answer. */
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

  get field(): string | undefined {
    return this.body?.field;
  }

  get requestId(): string | undefined {
    return this.body?.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What a call sends: its path parameters, query and body, typed by its declaration. */
export interface CallInput<C extends AnyCall> {
  /** Values of the path's `:name` parameters. */
  params?: CallParams<C>;
  /** Appended as a query string; undefined and null values are left out, arrays repeat the name. */
  query?: CallQuery<C>;
  /** Sent as JSON; when undefined no body (and no Content-Type) is sent. */
  body?: CallBody<C>;
  /** Headers of this call, over the client's own. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The answer as it came: the HTTP status and the envelope, its `data` typed as the call's answer. */
export interface RawAnswer<C extends AnyCall> {
  status: number;
  body: {
    code: number;
    msg: string;
    data: CallResult<C>;
    errorKey?: string;
    field?: string;
    requestId?: string;
  };
}

export interface ClientOptions {
  /** Headers of every call (a session's token, the language), asked for at each call. */
  headers?: (call: AnyCall) => Record<string, string>;
  /** The message of a refusal's ApiError; by default the server's `msg`, else the key's English text. */
  refusalText?: (body: ErrorBody) => string;
}

export interface Client {
  /**
   * Makes `call`: code 200 resolves the answer's `data` parsed by the call's response schema; any
   * other code rejects with an `ApiError` of kind `api` holding the envelope; an answer that is not an
   * envelope, or off the contract, rejects with kind `network`. The transport's own errors pass through.
   */
  call<C extends AnyCall>(call: C, input?: CallInput<C>): Promise<CallResult<C>>;
  /** Makes `call` and gives the status and envelope as they came, whatever the code (for tests). */
  answer<C extends AnyCall>(call: C, input?: CallInput<C>): Promise<RawAnswer<C>>;
}

/** `?a=1&b=x`: undefined and null values left out, arrays repeat the name, non-strings as JSON. */
export function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The path a call is made at: its prefix, its path with parameters filled, its query string. */
export function callUrl<C extends AnyCall>(
  call: C,
  input: Pick<CallInput<C>, 'params' | 'query'> = {},
): string {
  const params = input.params as Record<string, string | number> | undefined;
  return `${call.prefix}${buildPath(call.path, params)}${queryString(input.query)}`;
}

function isEnvelope(value: unknown): value is ErrorBody {
  return (
    value !== null && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'number'
  );
}

/**
 * The refusal's own text, else its message key: apps pass their own (the text in the user's
 * language); the default keeps the client free of zod and of the message catalogues.
 */
function defaultRefusalText(body: ErrorBody): string {
  return body.msg || body.message || body.errorKey || 'InternalError';
}

/** The one typed client of the API, over any transport. */
export function createClient(transport: Transport, options: ClientOptions = {}): Client {
  const refusalText = options.refusalText ?? defaultRefusalText;

  async function send<C extends AnyCall>(call: C, input: CallInput<C>): Promise<TransportAnswer> {
    const headers: Record<string, string> = { ...options.headers?.(call), ...input.headers };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    return transport({
      method: call.method,
      path: callUrl(call, input),
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      ...(input.signal ? { signal: input.signal } : {}),
    });
  }

  return {
    async call(call, input = {}) {
      const { status, json } = await send(call, input);
      if (!isEnvelope(json)) {
        throw new ApiError('network', `No valid answer from ${callUrl(call, input)} (HTTP ${status})`, {
          code: status,
        });
      }
      if (json.code !== SUCCESS_CODE) {
        throw new ApiError('api', refusalText(json), { code: json.code, body: json });
      }
      if (!call.specified) return json.data as CallResult<typeof call>;
      const parsed = call.response.safeParse(json.data);
      if (parsed.success) return parsed.data as CallResult<typeof call>;
      throw new ApiError('network', `The answer of ${call.path} does not match the contract`, {
        code: status,
        body: json,
        cause: parsed.error,
      });
    },
    async answer(call, input = {}) {
      const { status, json } = await send(call, input);
      return { status, body: json as RawAnswer<typeof call>['body'] };
    },
  };
}
