import {
  createClient,
  fetchTransport,
  type AnyCall,
  type CallInput,
  type CallResult,
  type ErrorBody,
} from '@dramastar/contract';
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

/** The contract's client over fetch, with the session's token and the app's language. */
const client = createClient(fetchTransport, {
  headers: () => {
    const token = useSession.getState().token;
    return { 'content-language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  },
  refusalText,
});

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
