import {
  createClient,
  type AnyCall,
  type CallInput,
  type ErrorBody,
  type RawAnswer,
  type Transport,
} from '@dramastar/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The answer to a request sent off the contract (a string path): its status and envelope, the
 * `data` unknown until the test says what it expects.
 */
export interface LooseAnswer {
  status: number;
  body: ErrorBody;
}

/** The contract client's transport over `app.inject`: no socket, the app answers in-process. */
export function injectTransport(app: FastifyInstance, options: { ip?: string } = {}): Transport {
  return async ({ method, path, headers, body }) => {
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url: path,
      headers,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(body === undefined ? {} : { payload: body }),
    });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      json = null;
    }
    return { status: res.statusCode, json };
  };
}

/**
 * What a test sends besides the call's input: the user's token, the language, the client's address,
 * the host the request is made to (a tenant's domain).
 */
export interface CallerOptions {
  token?: string;
  lang?: string;
  ip?: string;
  host?: string;
}

/**
 * An input sent as it is, unchecked by its call's declaration: a deliberately bad one, or one a test
 * helper builds loosely to send both good and bad ones.
 */
export function unchecked(value: unknown): never {
  return value as never;
}

type StringPathOptions = CallerOptions & { body?: unknown; query?: Record<string, string> };

/**
 * Calls the app like the web app and the console do. Given a declared call, through the contract's
 * client: its method, prefix and path, its input typed by the declaration (`unchecked()` for a
 * deliberately bad one); the answer's `data` is typed by the declaration, so a changed answer breaks
 * the tests' compile. Given a string path (a request deliberately off the contract, such as an id
 * in the query string where the declaration has it in the body), POSTs JSON under `prefix`; its
 * answer's `data` is `unknown`.
 */
export function caller(app: FastifyInstance, prefix = '/app-api') {
  function call<C extends AnyCall>(
    declared: C,
    options?: CallerOptions & Omit<CallInput<C>, 'headers' | 'signal'>,
  ): Promise<RawAnswer<C>>;
  function call(path: string, options?: StringPathOptions): Promise<LooseAnswer>;
  async function call(
    target: AnyCall | string,
    options: CallerOptions & Omit<CallInput<AnyCall>, 'headers' | 'signal'> = {},
  ): Promise<RawAnswer<AnyCall> | LooseAnswer> {
    const { token, lang, ip, host, ...input } = options;
    const headers = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lang ? { 'content-language': lang } : {}),
      ...(host ? { host } : {}),
    };
    if (typeof target !== 'string') {
      return createClient(injectTransport(app, ip ? { ip } : {})).answer(target, { ...input, headers });
    }
    const query = input.query as Record<string, string> | undefined;
    const qs = query ? `?${new URLSearchParams(query).toString()}` : '';
    const res = await app.inject({
      method: 'POST',
      url: `${prefix}${target}${qs}`,
      headers: { 'content-type': 'application/json', ...headers },
      ...(ip ? { remoteAddress: ip } : {}),
      payload: input.body === undefined ? '' : JSON.stringify(input.body),
    });
    return { status: res.statusCode, body: res.json() };
  }
  return call;
}
