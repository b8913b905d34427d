import {
  ADMIN_API_PREFIX,
  API_PREFIX,
  type ApiFailure,
  formatMessage,
  isMessageKey,
  type Language,
  type MessageKey,
  SUCCESS_CODE,
} from '@dramastar/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
import { isDatabaseBusy, isDatabaseUnreachable } from '../db/tx.js';
import { AppError } from './errors.js';
import { requestLanguage } from './language.js';

/** `{code: 200, msg, data}`, `msg` in `lang` (the request's, `requestLanguage`). */
export function sendSuccess(reply: FastifyReply, data: unknown, lang: Language): FastifyReply {
  return reply.code(SUCCESS_CODE).send({ code: SUCCESS_CODE, msg: formatMessage(lang, 'Success'), data });
}

/** Retry-After of every 503: about one lock or pool wait (DB_LOCK_TIMEOUT_MS, DB_ACQUIRE_TIMEOUT_MS). */
export const RETRY_AFTER_SECONDS = 5;

export function sendFailure(req: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  const lang = requestLanguage(req);
  const field = error.options.field;
  const body: ApiFailure = {
    code: error.status,
    msg: formatMessage(lang, error.key, { field: field ?? '', ...error.options.params }),
    errorKey: error.key,
  };
  if (field !== undefined) body.field = field;
  if (error.options.data !== undefined) body.data = error.options.data;
  if (error.status >= 500) body.requestId = req.id;
  // Overload and outages are passing: tell clients and load balancers when to come back.
  if (error.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.code(error.status).send(body);
}

/** Turns zod issues into the 400 answer: it names the first invalid field. */
export function validationError(issues: readonly z.core.$ZodIssue[], location: string): AppError {
  const describe = (issue: z.core.$ZodIssue) => (issue.path.length ? issue.path.join('.') : location);
  const first = issues[0];
  const field = first ? describe(first) : location;
  const key: MessageKey = first && isMessageKey(first.message) ? first.message : 'ValidationFailed';
  return new AppError(key, {
    status: 400,
    field,
    data: {
      issues: issues.map((i) => ({ field: describe(i), message: i.message })),
    },
  });
}

export function isApiPath(url: string): boolean {
  return [API_PREFIX, ADMIN_API_PREFIX].some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

/**
 * The /app-api envelope around every answer: JSON parsing that reports bad bodies as 400, and
 * AppErrors and framework errors mapped to `{code, msg, errorKey}`, 500s without internals.
 * Install it before any route: a route keeps the error handler in force when it was added.
 */
export function installEnvelope(app: FastifyInstance, options: { bodyLimit: number }): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (req, body, done) => {
      // Many calls are POSTs whose data is in the query string: an empty body is fine.
      if (typeof body !== 'string' || body.trim() === '') {
        done(null, undefined);
        return;
      }
      void parseJson(req, body, (err, value) => {
        if (err) done(new AppError('InvalidJson', { status: 400, field: 'body' }), undefined);
        else done(null, value);
      });
    },
  );

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error, cause: error.cause }, error.key);
      return sendFailure(req, reply, error);
    }
    if (error.code === 'FST_ERR_HANDLER_TIMEOUT' || isDatabaseBusy(error)) {
      // The pool, a lock or the request's own time ran out: the instance is busy, not broken.
      req.log.warn({ err: error }, 'busy: answered 503');
      return sendFailure(req, reply, new AppError('ServiceUnavailable', { cause: error }));
    }
    if (isDatabaseUnreachable(error)) {
      // PostgreSQL restarting or failing over: come back in a few seconds (the pool reconnects).
      req.log.warn({ err: error }, 'database unreachable: answered 503');
      return sendFailure(req, reply, new AppError('ServiceUnavailable', { cause: error }));
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return sendFailure(req, reply, new AppError('PayloadTooLarge', { field: 'body' }));
    }
    if (status === 416)
      return sendFailure(req, reply, new AppError('RangeNotSatisfiable', { field: 'range' }));
    if (status === 429) return sendFailure(req, reply, new AppError('TooManyRequests'));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendFailure(
        req,
        reply,
        new AppError('ValidationFailed', { status: 400, field: 'content-type' }),
      );
    }
    if (status >= 400 && status < 500) {
      // Whatever else the framework refuses is about the request's body or headers.
      return sendFailure(req, reply, new AppError('ValidationFailed', { status: 400, field: 'body' }));
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendFailure(req, reply, new AppError('InternalError'));
  });
}

/**
 * What the framework refuses before any route sees the request (a path that is not valid
 * percent-encoding, `/app-api/x/%` or an encoded lone surrogate): 400 naming the url, in the
 * envelope rather than the framework's own body. Pass it as the server's `frameworkErrors`.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (_error, req, reply) => {
  sendFailure(req, reply, new AppError('ValidationFailed', { status: 400, field: 'url' }));
};

export type PageFallback = (req: FastifyRequest, reply: FastifyReply) => FastifyReply | false;

/**
 * Unknown paths: 404 in the envelope, except a browser's GET of a non-API path, which
 * `pageFallback` may answer (with the web app's index.html).
 */
export function installNotFound(app: FastifyInstance, pageFallback: PageFallback | undefined): void {
  app.setNotFoundHandler((req, reply) => {
    if (!isApiPath(req.url) && pageFallback) {
      const answered = pageFallback(req, reply);
      if (answered) return answered;
    }
    return sendFailure(req, reply, new AppError('NotFound'));
  });
}
