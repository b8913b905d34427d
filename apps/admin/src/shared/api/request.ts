import {
  buildPath,
  formatMessage,
  isMessageKey,
  LIMITS,
  SUCCESS_CODE,
  type AnyCall,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallResult,
} from '@dramastar/contract';
import { useSession } from '../session/session';
import { ApiError, type ErrorBody } from './api-error';

export interface RequestOptions<C extends AnyCall> {
  params?: CallParams<C>;
  /** Appended as a query string; undefined, null and empty values are left out. */
  query?: CallQuery<C>;
  /** Sent as JSON; when undefined no body is sent. */
  body?: CallBody<C>;
  signal?: AbortSignal;
}

export function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isEnvelope(value: unknown): value is ErrorBody & { data?: unknown } {
  return (
    value !== null && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'number'
  );
}

/** The server's message, or the contract's English text for the key when there is none. */
export function refusalText(body: ErrorBody): string {
  if (body.msg) return body.msg;
  return formatMessage('en', isMessageKey(body.errorKey) ? body.errorKey : 'InternalError');
}

/**
 * The one way the console calls the server: the call's prefix (`/admin-api`) + path, its method,
 * JSON in and out, the operator's token. Code 200 resolves `data` parsed by the call's response
 * schema; 401 on a signed-in call forgets the session (the console shows the sign-in page); any other
 * code rejects with an `ApiError` holding the envelope (`errorKey`, `field`) for the screen to show.
 */
export async function request<C extends AnyCall>(
  call: C,
  options: RequestOptions<C> = {},
): Promise<CallResult<C>> {
  const { params, query, body, signal } = options;
  const url = `${call.prefix}${buildPath(call.path, params as Record<string, string | number> | undefined)}${queryString(query)}`;
  const token = useSession.getState().token;
  const headers: Record<string, string> = { 'content-language': 'en' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token && call.auth !== 'guest') headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.requestTimeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });

  let status: number;
  let answer: unknown;
  try {
    const response = await fetch(url, {
      method: call.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    status = response.status;
    answer = await response.json().catch(() => null);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network', `The server did not answer (${url})`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (!isEnvelope(answer)) {
    throw new ApiError('network', `No valid answer from ${url} (HTTP ${status})`, { code: status });
  }
  if (answer.code === SUCCESS_CODE) {
    const parsed = call.response.safeParse(answer.data);
    if (parsed.success) return parsed.data as CallResult<C>;
    throw new ApiError('network', `The answer of ${call.path} does not match the contract`, {
      code: status,
      body: answer,
      cause: parsed.error,
    });
  }
  if (answer.code === 401 && call.auth !== 'guest') useSession.getState().clear();
  throw new ApiError('api', refusalText(answer), { code: answer.code, body: answer });
}
