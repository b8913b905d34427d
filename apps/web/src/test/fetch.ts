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

/** A JSON answer, an answer's bare text (a playlist, a segment), or a network failure. */
type Answer = { status?: number; body: unknown } | { status?: number; text: string } | Error;
/** An answer, a list of answers used in turn (the last one repeats), or a function of the call. */
export type Route = Answer | Answer[] | ((call: FetchCall) => Answer | Promise<Answer>);

/**
 * Stubs `fetch` by API path (`/auth/login`, without `/app-api` and the query); paths without a
 * route answer 404. Calls are recorded with their parsed JSON body.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: (FetchCall & { path: string; json: unknown })[] = [];
  const used: Record<string, number> = {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const path =
      url
        .replace(location.origin, '')
        .replace(/^\/app-api/, '')
        .split('?')[0] ?? url;
    const json: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { url, init, path, json };
    calls.push(call);
    const route = routes[path];
    let answer: Answer;
    if (route === undefined) answer = refusal(404, 'Not found', 'NotFound');
    else if (typeof route === 'function') answer = await route(call);
    else if (Array.isArray(route)) {
      const index = used[path] ?? 0;
      used[path] = index + 1;
      answer = route[Math.min(index, route.length - 1)] ?? refusal(404, 'Not found', 'NotFound');
    } else answer = route;
    if (answer instanceof Error) throw answer;
    if ('text' in answer) return new Response(answer.text, { status: answer.status ?? 200 });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}
