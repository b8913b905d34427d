import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { copyrightProducts } from '../../db/schema/index.js';

/** How many copyright products a tenant has (priced in its currency: the currency is then fixed). */
export async function copyrightProductCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(copyrightProducts)
    .where(eq(copyrightProducts.tenantId, tenantId));
  return row?.n ?? 0;
}
