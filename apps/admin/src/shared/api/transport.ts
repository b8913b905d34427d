import { ApiError, LIMITS, type Transport } from '@dramastar/contract';

/**
 * The console's transport: fetch with the request timeout. No answer rejects with an `ApiError`
 * of kind `network`; a cancellation by the caller rethrows the abort as it came.
 */
export const fetchTransport: Transport = async ({ method, path, headers, body, signal }) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.requestTimeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) forwardAbort();
  else signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await fetch(path, { method, headers, body, signal: controller.signal });
    return { status: response.status, json: await response.json().catch(() => null) };
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network', `The server did not answer (${path})`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
};
