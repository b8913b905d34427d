import { ApiError, LIMITS, type Transport } from '@dramastar/contract';

/**
 * The web app's transport: fetch with the request timeout. No answer (offline, server down,
 * timed out) rejects with an `ApiError` of kind `network`; a cancellation by the caller (React Query
 * unmount, navigation) rethrows the abort as it came, since it is not a failure to report.
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
    throw new ApiError('network', timeout.hit ? `Request timed out: ${path}` : `Network error: ${path}`, {
      cause: error,
      timedOut: timeout.hit,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
};
