import {
  API_PREFIX,
  buildPath,
  createClient,
  DEVICE_ID_HEADER,
  fetchTransport,
  LIMITS,
  OPENING_PATHS,
  type AnyCall,
  type CallInput,
  type CallResult,
  type ErrorBody,
  type Transport,
  type TransportAnswer,
  type TransportRequest,
} from '@dramastar/contract';
import { deviceId } from '../device-id';
import { currentLanguage, message } from '../i18n';
import { useSession } from '../store/session';
import { showNotify } from '../ui/toast';
import { ApiError } from './api-error';

export interface RequestOptions<C extends AnyCall> extends Omit<CallInput<C>, 'headers'> {
  /** Do not toast a refusal; the screen shows it. The call's `hideErrorToast` does the same. */
  hideToast?: boolean;
}

function refusalText(body: ErrorBody): string {
  const text = body.msg || body.message;
  if (text) return text;
  const language = currentLanguage();
  return message(language, body.errorKey ?? '') ?? message(language, 'InternalError') ?? 'InternalError';
}

/**
 * The session's token and the app's language, on every call; on play calls (the call's path, or
 * the one asked ahead) the browser's anonymous device id too, by which a guest's plays count.
 */
function callHeaders(path: string): Record<string, string> {
  const token = useSession.getState().token;
  return {
    'content-language': currentLanguage(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(path === OPENING_PATHS.play ? { [DEVICE_ID_HEADER]: deviceId() } : {}),
  };
}

/** Answers asked ahead ({@link askAhead}), by request, each given to the first identical call. */
const ahead = new Map<string, Promise<TransportAnswer>>();
const requestKey = (r: TransportRequest) => JSON.stringify([r.method, r.path, r.headers]);

declare global {
  interface Window {
    /** Guest calls index.html's boot script asked before any module loaded (a shared episode link). */
    __dsAhead?: { path: string; language: string; answer: Promise<TransportAnswer> }[];
  }
}

/**
 * The answer index.html's boot script asked for the same guest call (same path and language, no
 * token), taken once; else undefined. A failed one is asked again, as the app would have.
 */
function askedEarly(r: TransportRequest): Promise<TransportAnswer> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__dsAhead;
  if (!early || 'Authorization' in r.headers) return undefined;
  const index = early.findIndex((e) => e.path === r.path && e.language === r.headers['content-language']);
  const found = early[index];
  if (!found) return undefined;
  early.splice(index, 1);
  return found.answer.catch(() => fetchTransport(r));
}

/** fetch, unless the same request (method, path, headers; no body) was asked ahead. */
const transport: Transport = (r) => {
  // Almost always nothing is waiting, and what is asked ahead has no body: no key to make then.
  if (ahead.size === 0 || r.body !== undefined) return fetchTransport(r);
  const key = requestKey(r);
  const answer = ahead.get(key);
  if (!answer) return fetchTransport(r);
  ahead.delete(key);
  return answer;
};

/**
 * Asks a call with no body (`path` under /app-api, its `:name` parameters filled from `params`)
 * before the code that makes it has loaded: the call made later with the same path, token and
 * language takes this answer instead of asking again, and parses it as every answer is parsed.
 * For the first screen's calls, written as plain paths so that they need neither the contract's
 * schemas nor the page's script. Resolves the answer's JSON, unchecked; null when there was none.
 */
export function askAhead(path: string, params: Record<string, string | number>): Promise<unknown> {
  const r: TransportRequest = {
    method: 'POST',
    path: `${API_PREFIX}${buildPath(path, params)}`,
    headers: callHeaders(path),
    body: undefined,
  };
  const key = requestKey(r);
  const answer = askedEarly(r) ?? fetchTransport(r);
  ahead.set(key, answer);
  // Kept as long as the page's script may take to arrive; then a later call asks afresh.
  setTimeout(() => {
    if (ahead.get(key) === answer) ahead.delete(key);
  }, LIMITS.scriptLoadTimeoutMs);
  return answer.then(
    (a) => a.json,
    () => null,
  );
}

/** The contract's client over fetch, with the session's token and the app's language. */
const client = createClient(transport, { headers: (call) => callHeaders(call.path), refusalText });

/**
 * The one way the web app calls the server (spec sections 7 and 8): `/app-api` + the call's path,
 * its method (POST by default), JSON in and out, `content-language` and `Authorization` headers.
 * Code 200 resolves the answer's `data`; 401 logs out; any other code toasts the message (unless
 * hidden) and rejects with an `ApiError` holding the body; no answer rejects without a toast.
 *
 * A read is declared once, beside its hook: `xQueryOptions(args)` returns `queryOptions` (paged
 * lists: `infiniteQueryOptions` with `nextPageParam` of paging.ts) holding its key, its fetch and
 * its fixed settings (staleTime, polling, placeholder). The hook `useX(args)` is
 * `useQuery({ ...xQueryOptions(args), enabled })`, adding only what depends on the caller;
 * `setQueryData`, `fetchQuery` and the like take `xQueryOptions(args)` or its `.queryKey`. The
 * web app's lint refuses a `queryFn` written inside `useQuery` or a query client call.
 */
export async function request<C extends AnyCall>(
  call: C,
  options: RequestOptions<C> = {},
): Promise<CallResult<C>> {
  const { hideToast = false, ...input } = options;
  try {
    return await client.call(call, input);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'api') {
      if (error.code === 401) useSession.getState().logout();
      else if (!hideToast && !call.hideErrorToast) showNotify(error.message);
    }
    throw error;
  }
}
