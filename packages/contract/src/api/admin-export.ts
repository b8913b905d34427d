/**
 * Exports of the console: CSV files of recharges, withdrawals, users and the audit log for a date
 * range and tenant. The answer is the file itself (not the JSON envelope), streamed.
 */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { ROLES } from '../constants.js';
import { lazySchema } from '../lazy-schema.js';
import { dateTimeSchema, text } from '../validation.js';

export const EXPORT_KINDS = ['recharges', 'withdrawals', 'users', 'audit'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportQuery = lazySchema(() =>
  z
    .object({
      kind: z.enum(EXPORT_KINDS),
      /** Absent: every tenant the operator may see. */
      tenantId: text()
        .regex(/^\d{6}$/)
        .optional(),
      /** From this instant (included) … */
      from: dateTimeSchema.optional(),
      /** … to this one (excluded). */
      to: dateTimeSchema.optional(),
      /**
       * Only these orders (recharges or withdrawals: the queue's selection), comma-separated, at
       * most 100; other kinds refuse it.
       */
      orderNos: text()
        .trim()
        .regex(/^[A-Za-z0-9]{1,40}(,[A-Za-z0-9]{1,40}){0,99}$/, { error: 'OrderNosFormat' })
        .optional(),
    })
    .refine((q) => q.orderNos === undefined || q.kind === 'recharges' || q.kind === 'withdrawals', {
      path: ['orderNos'],
      message: 'OrderNosFormat',
    }),
);
export type ExportQuery = z.infer<typeof exportQuery>;

/** The CSV lines as the server streams them (not JSON: a `text/csv` attachment). */
const csvStream = lazySchema(() =>
  z.custom<AsyncIterable<string>>((v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v),
);

export const adminExportApi = {
  /**
   * `GET /admin-api/export/csv?kind=…&tenantId=…&from=…&to=…`: the rows in creation order, amounts
   * in currency units, cells starting with = + - @ neutralised.
   */
  exportCsv: defineCall({
    method: 'GET',
    path: '/export/csv',
    auth: 'operator',
    roles: ROLES.finance,
    query: exportQuery,
    response: csvStream,
  }),
};
