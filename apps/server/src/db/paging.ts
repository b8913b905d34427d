import { and, count, gt, gte, inArray, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** A page of a list: `pageNum` counts from 1. */
export interface Page {
  pageNum: number;
  pageSize: number;
}

const offsetOf = (page: Page) => (page.pageNum - 1) * page.pageSize;

/** The `limit … offset …` of a page, for the lists written in SQL. */
export const pageClause = (page: Page): SQL => sql`limit ${page.pageSize} offset ${offsetOf(page)}`;

/** `rows` (a `$dynamic()` select, ordered as the list is shown) cut to one page. */
export function pageOf<Q extends PgSelect>(rows: Q, page: Page): Q {
  return rows.limit(page.pageSize).offset(offsetOf(page));
}

/**
 * How a paged list counts its rows in all: the rows of `from` matching `where`, or, where the
 * list joins other tables, a select of `{ n: count() }` written out.
 */
export type Counted = { from: PgTable; where: SQL | undefined } | PromiseLike<{ n: number }[]>;

/** One page of `rows` (see {@link pageOf}) and how many rows there are in all: the paged lists' one shape. */
export async function onePage<Q extends PgSelect>(
  db: DbOrTx,
  rows: Q,
  page: Page,
  counted: Counted,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const list = await pageOf(rows, page);
  const [total] = await ('then' in counted
    ? counted
    : db.select({ n: count() }).from(counted.from).where(counted.where));
  return { rows: list, total: total?.n ?? 0 };
}

/**
 * One batch of a long read in id order (an export reads a table so, whatever its size): the rows
 * after id `after`, at most `size`, of the tenants in `scope` (null: all) and of `tenantId` when
 * given, made in [`from`, `to`), and, where the table has order numbers, of `orderNos` when given.
 */
export interface Batch {
  after: bigint;
  size: number;
  scope: string[] | null;
  tenantId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  orderNos?: string[] | undefined;
}

/** The condition of a {@link Batch} on a table's columns (its order and limit are the caller's). */
export function batchWhere(
  batch: Batch,
  columns: { id: PgColumn; tenantId: PgColumn; time: PgColumn; orderNo?: PgColumn },
): SQL | undefined {
  return and(
    columns.orderNo && batch.orderNos ? inArray(columns.orderNo, batch.orderNos) : undefined,
    gt(columns.id, batch.after),
    batch.scope ? inArray(columns.tenantId, batch.scope) : undefined,
    batch.tenantId ? eq(columns.tenantId, batch.tenantId) : undefined,
    batch.from ? gte(columns.time, batch.from) : undefined,
    batch.to ? lt(columns.time, batch.to) : undefined,
  );
}
