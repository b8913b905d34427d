import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/** Raw rows of a SQL query on either driver (cast money and ids to text, counts to int). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
