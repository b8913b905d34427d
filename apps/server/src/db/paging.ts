import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
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
