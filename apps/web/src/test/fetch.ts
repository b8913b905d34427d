import { vi } from 'vitest';

export interface FetchCall {
  url: string;
  init: RequestInit;
}

/** Stubs `fetch` with answers given as `{ status, body }` (or an Error to throw), in order. */
export function stubFetch(...answers: ({ status?: number; body: unknown } | Error)[]) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init });
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (!answer) return Promise.reject(new TypeError('no answer stubbed'));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function ok<T>(data: T) {
  return { status: 200, body: { code: 200, msg: 'Success', data } };
}

export function refusal(code: number, msg: string, errorKey = 'Forbidden') {
  return { status: code, body: { code, msg, errorKey } };
}
