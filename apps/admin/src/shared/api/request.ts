import {
  createClient,
  fetchTransport,
  formatMessage,
  isMessageKey,
  queryString as contractQueryString,
  type AnyCall,
  type CallInput,
  type CallResult,
} from '@dramastar/contract';
import { currentLanguage } from '../i18n';
import { useSession } from '../session/session';
import { ApiError, type ErrorBody } from './api-error';

export type RequestOptions<C extends AnyCall> = Omit<CallInput<C>, 'headers'>;

/** The console's filters: an empty one (`''`, undefined, null) is left out of the query. */
function withoutEmpty(query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}

/** The query string of the console's filters: undefined, null and empty values are left out. */
export function queryString(query: unknown): string {
  return contractQueryString(withoutEmpty(query));
}

/** The server's message, or the contract's text for the key (in the operator's language) when there is none. */
export function refusalText(body: ErrorBody): string {
  if (body.msg) return body.msg;
  return formatMessage(currentLanguage(), isMessageKey(body.errorKey) ? body.errorKey : 'InternalError');
}

/** The contract's client over fetch, with the operator's token on signed-in calls. */
const client = createClient(fetchTransport, {
  headers: (call) => {
    const token = useSession.getState().token;
    return {
      // The server's refusals (`msg`) come in the operator's language.
      'content-language': currentLanguage(),
      ...(token && call.auth !== 'guest' ? { Authorization: `Bearer ${token}` } : {}),
    };
  },
  refusalText,
});

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
  const input = { ...options, query: withoutEmpty(options.query) as RequestOptions<C>['query'] };
  try {
    return await client.call(call, input);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'api' && error.code === 401 && call.auth !== 'guest')
      useSession.getState().clear();
    throw error;
  }
}
