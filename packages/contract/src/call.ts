import { z } from 'zod';
import { ADMIN_API_PREFIX, API_PREFIX, type OperatorRole } from './constants.js';
import { lazySchema } from './lazy-schema.js';

/**
 * guest: anyone may call; user: needs `Authorization: Bearer <token>` of a live session;
 * operator: a console call under /admin-api, with an operator's token.
 */
export type AuthLevel = 'guest' | 'user' | 'operator';
export type HttpMethod = 'GET' | 'POST';

/**
 * One call of the API, declared once: the server validates with it, the web client is typed by it.
 * `path` is relative to the API prefix (/app-api, or /admin-api for operator calls) and may hold
 * `:name` parameters.
 */
export interface CallDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** /app-api, or /admin-api for the console's calls (operator calls by default). */
  prefix: string;
  path: string;
  auth: AuthLevel;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** The web app does not toast this call's errors; its screen handles them (spec section 8). */
  hideErrorToast: boolean;
  /** Largest request body in bytes, when it differs from the server's default. */
  bodyLimit: number | undefined;
  /**
   * The body's fields may come in the query string instead (the spec's "query and body of same
   * params"): the server reads both, the body winning where both name a field.
   */
  bodyInQuery: boolean;
  /** Operator calls: the roles that may make it (the server answers 403 to the others). */
  roles: readonly OperatorRole[] | undefined;
  /**
   * Operator calls: open while the operator's set-up is unfinished (a one-time password to change,
   * or TOTP to enrol where the role requires it). Every other operator call answers 403 until then.
   */
  duringSetup: boolean;
  /**
   * False while only the path is known: its payload and answer schemas are filled in by the issue
   * that builds the feature. The server registers only calls it implements.
   */
  specified: boolean;
}

const empty = lazySchema(() => z.object({}).strict());
/** A call without query fields reads none (one schema for them all). */
const noQuery = lazySchema(() => z.object({}));
/** Payloads the spec does not show yet. */
export const unspecified = lazySchema(() => z.unknown());

export function defineCall<
  P extends z.ZodType = typeof empty,
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
>(def: {
  method?: HttpMethod;
  prefix?: string;
  path: string;
  auth: AuthLevel;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  hideErrorToast?: boolean;
  bodyLimit?: number;
  bodyInQuery?: boolean;
  roles?: readonly OperatorRole[];
  duringSetup?: boolean;
}): CallDef<P, Q, B, R> {
  if (def.auth === 'operator' && !def.roles) throw new Error(`${def.path}: an operator call names its roles`);
  const specified = def.response !== undefined;
  return {
    method: def.method ?? 'POST',
    prefix: def.prefix ?? (def.auth === 'operator' ? ADMIN_API_PREFIX : API_PREFIX),
    path: def.path,
    auth: def.auth,
    params: (def.params ?? empty) as P,
    query: (def.query ?? noQuery) as unknown as Q,
    body: (def.body ?? unspecified) as B,
    response: (def.response ?? unspecified) as R,
    hideErrorToast: def.hideErrorToast ?? false,
    bodyLimit: def.bodyLimit,
    bodyInQuery: def.bodyInQuery ?? false,
    roles: def.roles,
    duringSetup: def.duringSetup ?? false,
    specified,
  };
}

export type AnyCall = CallDef;

/** Whether an operator of `role` may make `call` (the console hides what it may not). */
export function roleMayCall(role: OperatorRole, call: Pick<AnyCall, 'roles'>): boolean {
  return call.roles?.includes(role) ?? false;
}
export type CallParams<C extends AnyCall> = z.input<C['params']>;
export type CallQuery<C extends AnyCall> = z.input<C['query']>;
export type CallBody<C extends AnyCall> = z.input<C['body']>;
export type CallResult<C extends AnyCall> = z.output<C['response']>;
