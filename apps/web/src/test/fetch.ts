import type { AnyCall, CallParams } from '@dramastar/contract';
import type { z } from 'zod';
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

/** A successful answer (code 200) of `data`. */
export interface OkAnswer<T> {
  status: number;
  body: { code: number; msg: string; data: T };
}

/**
 * A successful answer of `data`. Given to a call's fake ({@link on}), `data` is typed by the call's
 * declaration (the JSON its `CallResult` is parsed from): checked as written, excess fields too; elsewhere it is unchecked.
 */
export function ok<T>(data: NoInfer<T>): OkAnswer<T> {
  return { status: 200, body: { code: 200, msg: 'Success', data } };
}

/** A refusal's answer (its body has no `data` here, so that `ok`'s data is inferred from the call). */
export interface RefusalAnswer {
  status: number;
  body: { code: number; msg: string; errorKey: string };
}

export function refusal(code: number, msg: string, errorKey = 'Forbidden'): RefusalAnswer {
  return { status: code, body: { code, msg, errorKey } };
}

/** A JSON answer, an answer's bare text (a playlist, a segment), or a network failure. */
type Answer = { status?: number; body: unknown } | { status?: number; text: string } | Error;
/** An answer, a list of answers used in turn (the last one repeats), or a function of the call. */
export type Route = Answer | Answer[] | ((call: ApiCall) => Answer | Promise<Answer>);

/**
 * A call's `data` as the server sends it: the input of its response schema, which the client parses
 * into `CallResult<C>`. The two differ only where the schema fills a default (`play`'s `startUrl`).
 */
export type CallData<C extends AnyCall> = z.input<C['response']>;
/** What a declared call may answer: its typed data, a refusal, or a network failure. */
export type CallAnswer<C extends AnyCall> = OkAnswer<CallData<C>> | RefusalAnswer | Error;
/** A call's answer, its answers in turn (the last one repeats), or a function of the request. */
export type CallRoute<C extends AnyCall> =
  CallAnswer<C> | CallAnswer<C>[] | ((call: ApiCall) => CallAnswer<C> | Promise<CallAnswer<C>>);

/** A request the fake saw: its path without `/app-api` and the query, and its JSON body. */
export interface ApiCall extends FetchCall {
  path: string;
  json: unknown;
}

/** One faked endpoint: a declared call (maybe only for some path parameters), or a bare path. */
export interface Fake {
  /** Whether this fake answers a request of `method` at `pathname` (no origin, no query). */
  matches(method: string, pathname: string): boolean;
  route: Route;
}

const pathParam = /:(\w+)/g;

function callMatcher(call: AnyCall, params?: Record<string, string | number>) {
  const names: string[] = [];
  const source = call.path
    .split(pathParam)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '([^/]+)';
    })
    .join('');
  const pattern = new RegExp(`^${call.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${source}$`);
  return (method: string, pathname: string) => {
    if (method !== call.method) return false;
    const match = pattern.exec(pathname);
    if (!match) return false;
    if (!params) return true;
    return names.every((name, index) => {
      const wanted = params[name];
      return wanted === undefined || decodeURIComponent(match[index + 1] ?? '') === String(wanted);
    });
  };
}

/** The path parameters a fake is for; the ones left out match any value. */
type ParamsOf<C extends AnyCall> = { [K in keyof CallParams<C>]?: string | number };

/** A declared call to fake, for all its requests or only those with some path parameters. */
export interface CallFake<C extends AnyCall> {
  /** Answers with `answer`: typed by the call, so a fake cannot drift from the contract unseen. */
  reply(answer: CallRoute<C>): Fake;
}

/**
 * Fakes a declared call (from `@dramastar/contract`) by its method, prefix and path: `:name`
 * parameters match any value, or only `params` where given.
 *
 *     on(api.user.info).reply(ok(sampleUser()))
 *     on(api.video.play, { videoId: 72 }).reply([refusal(409, 'Locked', 'EpisodeLocked'), ok(play)])
 *     on(api.auth.login).reply((request) => ok({ token: 'tok-1' }))
 */
export function on<C extends AnyCall>(call: C, params?: ParamsOf<C>): CallFake<C> {
  const matches = callMatcher(call, params as Record<string, string | number> | undefined);
  return { reply: (answer) => ({ matches, route: answer }) };
}

/**
 * Fakes what is no declared call (a playlist, a media segment, a script): by its path without
 * `/app-api` and the query, whatever the method.
 */
export function pathRoute(path: string, answer: Route): Fake {
  return { matches: (_method, pathname) => apiPath(pathname) === path, route: answer };
}

function apiPath(pathname: string): string {
  return pathname.replace(/^\/app-api/, '');
}

/**
 * Stubs `fetch` with fakes ({@link on}, {@link pathRoute}); where several match a request the
 * last one answers (so a test's own fakes come after shared ones). Requests nothing matches answer
 * 404. Calls are recorded with their JSON body.
 */
export function stubApi(list: readonly Fake[]) {
  const calls: ApiCall[] = [];
  const used = new Map<Fake, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const pathname = url.replace(location.origin, '').split('?')[0] ?? url;
    const path = apiPath(pathname);
    const json: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: ApiCall = { url, init, path, json };
    calls.push(call);
    const fake = list.findLast((f) => f.matches(method, pathname));
    const route = fake?.route;
    let answer: Answer;
    if (!fake || route === undefined) answer = refusal(404, 'Not found', 'NotFound');
    else if (typeof route === 'function') answer = await route(call);
    else if (Array.isArray(route)) {
      const index = used.get(fake) ?? 0;
      used.set(fake, index + 1);
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
  /** The requests of a declared call (all, or those with `params`). */
  function callsTo<C extends AnyCall>(target: C, params?: ParamsOf<C>): ApiCall[] {
    const matches = callMatcher(target, params as Record<string, string | number> | undefined);
    return calls.filter((c) => {
      const method = (c.init.method ?? 'GET').toUpperCase();
      return matches(method, c.url.replace(location.origin, '').split('?')[0] ?? c.url);
    });
  }
  return { calls, fetchMock, callsTo };
}

/** A recorded call's JSON body, to read its fields. */
export function bodyOf(call: { json: unknown }): Record<string, unknown> {
  return call.json as Record<string, unknown>;
}

/**
 * The toast module's mock, for `vi.mock('…/shared/ui/toast', async () => (await import('…/test/fetch')).toastMock())`:
 * a notify is a longer toast, so both land in the one `showToast` mock the tests read.
 */
export function toastMock() {
  const showToast = vi.fn<(message: string, ...rest: unknown[]) => void>();
  return { showToast, showNotify: (message: string) => showToast(message), hideToast: vi.fn() };
}
