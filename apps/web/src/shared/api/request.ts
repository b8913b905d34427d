import {
  buildPath,
  LIMITS,
  SUCCESS_CODE,
  type AnyCall,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallResult,
} from '@dramastar/contract';
import { currentLanguage, message } from '../i18n';
import { useSession } from '../store/session';
import { showNotify } from '../ui/toast';
import { ApiError, type ErrorBody } from './api-error';

export interface RequestOptions<C extends AnyCall> {
  /** Values of the path's `:name` parameters. */
  params?: CallParams<C>;
  /** Appended as a query string; undefined and null values are left out. */
  query?: CallQuery<C>;
  /** Sent as JSON; when undefined no body (and no Content-Type) is sent. */
  body?: CallBody<C>;
  /** Do not toast a refusal; the screen shows it. The call's `hideErrorToast` does the same. */
  hideToast?: boolean;
  signal?: AbortSignal;
}

function queryString(query: unknown): string {
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

function isEnvelope(value: unknown): value is ErrorBody & { data?: unknown } {
  return (
    value !== null && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'number'
  );
}

function refusalText(body: ErrorBody): string {
  const text = body.msg || body.message;
  if (text) return text;
  const language = currentLanguage();
  return message(language, body.errorKey ?? '') ?? message(language, 'InternalError') ?? 'InternalError';
}

/**
 * The one way the web app calls the server (spec sections 7 and 8): `/app-api` + the call's path,
 * its method (POST by default), JSON in and out, `content-language` and `Authorization` headers.
 * Code 200 resolves the answer's `data`; 401 logs out; any other code toasts the message (unless
 * hidden) and rejects with an `ApiError` holding the body; no answer rejects without a toast.
 */
export async function request<C extends AnyCall>(
  call: C,
  options: RequestOptions<C> = {},
): Promise<CallResult<C>> {
  const { params, query, body, hideToast = false, signal } = options;
  const url = `${call.prefix}${buildPath(call.path, params as Record<string, string | number> | undefined)}${queryString(query)}`;

  const session = useSession.getState();
  const headers: Record<string, string> = { 'content-language': currentLanguage() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session.token) headers.Authorization = `Bearer ${session.token}`;

  const controller = new AbortController();
  const timeout = { hit: false };
  const timer = setTimeout(() => {
    timeout.hit = true;
    controller.abort();
  }, LIMITS.requestTimeoutMs);
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
    // A cancellation by the caller (React Query unmount, navigation) is not a failure to report.
    if (signal?.aborted) throw error;
    throw new ApiError('network', timeout.hit ? `Request timed out: ${url}` : `Network error: ${url}`, {
      cause: error,
      timedOut: timeout.hit,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  if (!isEnvelope(answer)) {
    throw new ApiError('network', `No valid answer from ${url} (HTTP ${status})`, { code: status });
  }

  if (answer.code === SUCCESS_CODE) {
    if (!call.specified) return answer.data as CallResult<C>;
    const parsed = call.response.safeParse(answer.data);
    if (parsed.success) return parsed.data as CallResult<C>;
    throw new ApiError('network', `The answer of ${call.path} does not match the contract`, {
      code: status,
      body: answer,
      cause: parsed.error,
    });
  }

  if (answer.code === 401) {
    useSession.getState().logout();
  } else if (!hideToast && !call.hideErrorToast) {
    showNotify(refusalText(answer));
  }
  throw new ApiError('api', refusalText(answer), { code: answer.code, body: answer });
}
