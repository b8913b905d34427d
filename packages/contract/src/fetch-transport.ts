import { ApiError, type Transport } from './client.js';
import { LIMITS } from './constants.js';

/**
 * The browsers' transport (the app and the console): fetch with the request timeout. No answer
 * (offline, server down, timed out) rejects with an `ApiError` of kind `network`; a cancellation
 * by the caller (React Query on unmount, a navigation) rethrows the abort as it came, since it is
 * not a failure to report.
 */
export const fetchTransport: Transport = async ({ method, path, headers, body, signal }) => {
  const controller = new AbortController();
  const timeout = { hit: false };
  const timer = setTimeout(() => {
    timeout.hit = true;
    controller.abort();
  }, LIMITS.requestTimeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(path, { method, headers, body, signal: controller.signal });
    return { status: response.status, json: await response.json().catch(() => null) };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network', `The server did not answer${timeout.hit ? ' in time' : ''} (${path})`, {
      cause: error,
      timedOut: timeout.hit,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
};
