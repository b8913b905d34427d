import { count, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** A page of a list: `pageNum` counts from 1. */
export interface Page {
  pageNum: number;
  pageSize: number;
}

/**
 * One page of `rows` (a `$dynamic()` select, ordered as the list is shown) and how many rows of
 * `counted.from` match `counted.where` in all: the paged lists' one shape.
 */
export async function onePage<Q extends PgSelect>(
  db: DbOrTx,
  rows: Q,
  page: Page,
  counted: { from: PgTable; where: SQL | undefined },
): Promise<{ rows: Awaited<Q>; total: number }> {
  const list = await rows.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(counted.from).where(counted.where);
  return { rows: list, total: total?.n ?? 0 };
}
