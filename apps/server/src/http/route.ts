import { type AnyCall, type CallResult, type Language, totpRequiredFor } from '@dramastar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { OperatorContext, SessionUser } from './actors.js';
import { isSharedAnswer } from '../answer-cache.js';
import { FileAnswer, sendFile } from './file-answer.js';
import { sendSuccess, validationError } from './envelope.js';
import { AppError } from './errors.js';
import { requestLanguage } from './language.js';
import { sharedAnswerSender } from './shared-answer.js';

export interface CallContext<C extends AnyCall> {
  params: z.output<C['params']>;
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  req: FastifyRequest;
  /** The language of the request (`content-language`), for texts the answer carries. */
  lang: Language;
}

export type GuestHandler<C extends AnyCall> = (
  ctx: CallContext<C> & {
    /** The signed-in user when the request carries a live session, else null (never a 401). */
    viewer: () => Promise<SessionUser | null>;
  },
) => Promise<CallResult<C>>;
export type UserHandler<C extends AnyCall> = (
  ctx: CallContext<C> & { user: SessionUser },
) => Promise<CallResult<C>>;

export type OperatorHandler<C extends AnyCall> = (
  ctx: CallContext<C> & { operator: OperatorContext },
) => Promise<CallResult<C>>;

/**
 * Registers contract calls: `guest` for anyone, `user` for a live session only (else 401),
 * `operator` for a console session only (else 401) whose role the call names (else 403) and whose
 * set-up is done (else 403 `PasswordChangeRequired` / `TotpEnrolmentRequired`, except for the
 * calls marked `duringSetup`). Users and operators are checked before the payload is parsed, so a
 * guest or a role that may not make a call learns nothing about its schema (401/403, not 400).
 */
export interface Router {
  guest<C extends AnyCall>(call: C, handler: GuestHandler<C>): void;
  user<C extends AnyCall>(call: C, handler: UserHandler<C>): void;
  operator<C extends AnyCall>(call: C, handler: OperatorHandler<C>): void;
}

/**
 * An operator whose set-up is unfinished reaches only the calls marked `duringSetup`: first the
 * one-time password is changed, then TOTP enrolled where the role requires it.
 */
export function setupGate(operator: OperatorContext): void {
  const pending = setupPending(operator);
  if (pending) throw new AppError(pending, { status: 403 });
}

/** What an operator must still do before the console opens, or null when set-up is done. */
export function setupPending(
  operator: Pick<OperatorContext, 'mustChangePassword' | 'role' | 'totpEnabled'>,
): 'PasswordChangeRequired' | 'TotpEnrolmentRequired' | null {
  if (operator.mustChangePassword) return 'PasswordChangeRequired';
  if (totpRequiredFor(operator.role) && !operator.totpEnabled) return 'TotpEnrolmentRequired';
  return null;
}

/**
 * A `tenantId` (or `tenantIds`) in the path, query or body outside the operator's tenants is
 * refused (403) before anything else looks at the request; owners (null) reach every tenant.
 * Handlers still scope what they read and change by the operator's tenants.
 */
export function tenantGate(operator: OperatorContext, req: FastifyRequest): void {
  const allowed = operator.tenantIds;
  if (allowed === null) return;
  for (const source of [req.params, req.query, req.body]) {
    if (source === null || typeof source !== 'object') continue;
    const { tenantId, tenantIds } = source as { tenantId?: unknown; tenantIds?: unknown };
    const asked = [tenantId, ...(Array.isArray(tenantIds) ? (tenantIds as unknown[]) : [])];
    for (const id of asked) {
      if (typeof id === 'string' && id !== '' && !allowed.includes(id)) throw new AppError('Forbidden');
    }
  }
}

/** The query's fields under the body's (calls whose body may come in the query string). */
function bodyWithQuery(req: FastifyRequest): unknown {
  const { query, body } = req;
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) return body;
  return { ...(query as object), ...(body ?? {}) };
}

function parse<S extends z.ZodType>(schema: S, value: unknown, location: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues, location);
  return result.data;
}

/** The bearer token of a request, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Each call: params, query and body validated with the call's schemas (400 naming the field), the
 * handler run, and `{code: 200, msg, data}` answered where `data` is parsed with the response
 * schema, so nothing the schema does not name reaches a client.
 */
export function createRouter(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<SessionUser | null>,
  authenticateOperator: (token: string) => Promise<OperatorContext | null> = async () => null,
): Router {
  function register<C extends AnyCall, A>(
    call: C,
    run: (ctx: CallContext<C>, who: A) => Promise<CallResult<C>>,
    auth: 'guest' | 'user' | 'operator',
    /**
     * Runs when the request arrives, before its body is even read (so a guest gets 401 for a
     * signed-in call whatever it sent, malformed JSON included); its answer is handed to `run`.
     * Guest calls have none: nothing is asked of them before the handler.
     */
    authorize: ((req: FastifyRequest) => Promise<A>) | null,
    /** Runs on the read but not yet validated payload, before the schemas look at it. */
    admit: (who: A, req: FastifyRequest) => void = () => undefined,
  ): void {
    if (call.auth !== auth) throw new Error(`${call.path} is a ${call.auth}-level call`);
    if (!call.specified) throw new Error(`${call.path} has no response schema in the contract yet`);
    const askers = new WeakMap<FastifyRequest, { who: A }>();
    const sendShared = sharedAnswerSender();
    app.route({
      method: call.method,
      url: `${call.prefix}${call.path}`,
      ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
      ...(authorize && {
        onRequest: async (req: FastifyRequest) => {
          askers.set(req, { who: await authorize(req) });
        },
      }),
      handler: async (req, reply) => {
        let who = undefined as A;
        if (authorize) {
          const asker = askers.get(req);
          if (!asker) throw new AppError('Unauthorized');
          who = asker.who;
        }
        admit(who, req);
        const lang = requestLanguage(req);
        const ctx = {
          params: parse(call.params, req.params, 'params'),
          query: parse(call.query, req.query, 'query'),
          body: parse(call.body, call.bodyInQuery ? bodyWithQuery(req) : (req.body ?? {}), 'body'),
          req,
          lang,
        } as CallContext<C>;
        const data = await run(ctx, who);
        if (data instanceof FileAnswer) return sendFile(reply, data);
        if (!isSharedAnswer(data)) return sendSuccess(reply, call.response.parse(data), lang);
        // A cached answer is checked, turned into JSON and compressed once, however many ask.
        return sendShared(req, reply, data, lang, () => JSON.stringify(call.response.parse(data)));
      },
    });
  }

  const userOf = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    return token ? authenticate(token) : null;
  };

  return {
    guest: (call, handler) =>
      register(call, (ctx) => handler({ ...ctx, viewer: () => userOf(ctx.req) }), 'guest', null),
    user: (call, handler) =>
      register(
        call,
        (ctx, user: SessionUser) => handler({ ...ctx, user }),
        'user',
        async (req) => {
          const user = await userOf(req);
          if (!user) throw new AppError('Unauthorized');
          return user;
        },
      ),
    operator: (call, handler) =>
      register(
        call,
        (ctx, operator: OperatorContext) => handler({ ...ctx, operator }),
        'operator',
        async (req) => {
          const token = bearerToken(req);
          const operator = token ? await authenticateOperator(token) : null;
          if (!operator) throw new AppError('Unauthorized');
          if (!call.roles?.includes(operator.role)) throw new AppError('Forbidden');
          if (!call.duringSetup) setupGate(operator);
          return operator;
        },
        tenantGate,
      ),
  };
}
