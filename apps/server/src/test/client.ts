import type { FastifyInstance } from 'fastify';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  body: any;
}

/** POSTs like the web app: JSON body, query string, optional bearer token and language. */
export function caller(app: FastifyInstance, prefix = '/app-api') {
  return async (
    path: string,
    options: {
      body?: unknown;
      query?: Record<string, string>;
      token?: string;
      lang?: string;
      ip?: string;
    } = {},
  ): Promise<Answer> => {
    const qs = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const res = await app.inject({
      method: 'POST',
      url: `${prefix}${path}${qs}`,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.lang ? { 'content-language': options.lang } : {}),
      },
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      payload: options.body === undefined ? '' : JSON.stringify(options.body),
    });
    return { status: res.statusCode, body: res.json() };
  };
}
