import { z } from 'zod';
import { SUCCESS_CODE } from './constants.js';
import type { MessageKey } from './messages.js';
import { lazySchema } from './lazy-schema.js';

export interface ApiSuccess<T> {
  code: typeof SUCCESS_CODE;
  msg: string;
  data: T;
}

export interface ApiFailure {
  code: number;
  msg: string;
  /** Stable key of the refusal, e.g. `InsufficientFunds`; the web app may translate it itself. */
  errorKey: MessageKey;
  /** For 400: the path of the first invalid field, e.g. `email` or `query.pageNum`. */
  field?: string;
  /** For 500: quote it to support; it is in the server's logs. */
  requestId?: string;
  data?: unknown;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), msg: z.string(), data });
}

export const failureSchema = lazySchema(() =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    errorKey: z.string(),
    field: z.string().optional(),
    requestId: z.string().optional(),
    data: z.unknown().optional(),
  }),
);

/** HTTP status of each refusal. Keys not listed here are business refusals: 409. */
const STATUS: Partial<Record<MessageKey, number>> = {
  ValidationFailed: 400,
  InvalidJson: 400,
  InvalidCharacters: 400,
  InvalidDate: 400,
  InvalidAmount: 400,
  TooManyDecimals: 400,
  InvalidTxHash: 400,
  InvalidUsdtAddress: 400,
  ReasonRequired: 400,
  SubtitleInvalid: 400,
  SubtitleLanguageInvalid: 400,

  PaidReferenceRequired: 400,
  ReceivedAmountInvalid: 400,
  CreditAmountInvalid: 400,
  CreditNotFound: 404,
  InvalidSignature: 401,
  WrongOperatorLogin: 401,
  OrderNotFound: 404,
  WithdrawalNotFound: 404,
  RedPacketNotFound: 404,
  Unauthorized: 401,
  PleaseLogInFirst: 401,
  Forbidden: 403,
  EarnDisabled: 403,
  NotFound: 404,
  StreamExpired: 403,
  TenantNotFound: 404,
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  SubtitleTooLarge: 413,
  RangeNotSatisfiable: 416,
  TooManyRequests: 429,
  OperatorLocked: 429,
  ResendTooSoon: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
};

export function statusOf(key: MessageKey): number {
  return STATUS[key] ?? 409;
}
