import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type LocalDay, onLocalDay } from '../../db/days.js';
import { copyrightHoldings, copyrightProducts } from '../../db/schema/index.js';

/** How many copyright products a tenant has (priced in its currency: the currency is then fixed). */
export async function copyrightProductCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(copyrightProducts)
    .where(eq(copyrightProducts.tenantId, tenantId));
  return row?.n ?? 0;
}

/** How many copyrights the user bought (on the day `on`, or ever): the copyright task's progress. */
export async function copyrightPurchaseCount(db: DbOrTx, userId: bigint, on?: LocalDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(copyrightHoldings)
    .where(
      and(
        eq(copyrightHoldings.userId, userId),
        on ? onLocalDay(copyrightHoldings.purchasedAt, on) : undefined,
      ),
    );
  return row?.n ?? 0;
}
