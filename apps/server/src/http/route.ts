import { API_PREFIX, type AnyCall, type CallResult } from '@dramastar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendSuccess, validationError } from './envelope.js';

export interface CallContext<C extends AnyCall> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  req: FastifyRequest;
}

export type CallHandler<C extends AnyCall> = (ctx: CallContext<C>) => Promise<CallResult<C>>;

function parse<S extends z.ZodType>(schema: S, value: unknown, location: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues, location);
  return result.data;
}

/**
 * Registers one contract call: validates params, query and body with the call's schemas
 * (400 naming the field), runs the handler, and answers `{code: 200, msg, data}` where `data`
 * is parsed with the response schema, so nothing the schema does not name reaches a client.
 */
export function registerCall<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  if (call.auth === 'user') {
    // Sessions arrive with the accounts module; until then no user-level call can be served safely.
    throw new Error(`${call.path}: user-level calls need the session module`);
  }
  app.route({
    method: call.method,
    url: `${API_PREFIX}${call.path}`,
    handler: async (req, reply) => {
      const params = parse(call.params, req.params, 'params');
      const query = parse(call.query, req.query, 'query');
      const body = parse(call.body, req.body ?? {}, 'body');
      const data = await handler({ params, query, body, req } as CallContext<C>);
      return sendSuccess(req, reply, call.response.parse(data));
    },
  });
}
