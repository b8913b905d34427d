import type { Clock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { copyrightProducts } from '../../db/schema/index.js';
import { parseAmount } from '../../money.js';
import { tenantTeam } from './team-rewards.js';

/** Demo copyright products (seeded with DEMO_CONTENT), priced per currency. */
export async function seedCopyrightProducts(db: DbOrTx, clock: Clock, tenantIds: string[]): Promise<void> {
  const now = clock.now();
  for (const tenantId of tenantIds) {
    const { currency } = await tenantTeam(db, tenantId);
    const unit: Record<string, [string, string]> = {
      PHP: ['500', '10'],
      VND: ['200000', '4000'],
      PKR: ['2500', '50'],
      IDR: ['150000', '3000'],
      USDT: ['10', '0.2'],
    };
    const [price, profit] = unit[currency] ?? ['500', '10'];
    const products = [
      {
        code: 'love-in-manila',
        en: 'Love in Manila — copyright',
        vn: 'Tình yêu ở Manila — bản quyền',
        id: 'Cinta di Manila — hak cipta',
        total: 1000,
        term: 30,
        max: 20,
      },
      {
        code: 'ceos-secret-bride',
        en: "The CEO's Secret Bride — copyright",
        vn: 'Cô dâu bí mật của CEO — bản quyền',
        id: 'Pengantin Rahasia CEO — hak cipta',
        total: 500,
        term: 60,
        max: 10,
      },
      {
        code: 'midnight-in-saigon',
        en: 'Midnight in Saigon — copyright',
        vn: 'Nửa đêm Sài Gòn — bản quyền',
        id: 'Tengah Malam di Saigon — hak cipta',
        total: 300,
        term: 90,
        max: 5,
      },
    ];
    for (const p of products) {
      await db
        .insert(copyrightProducts)
        .values({
          tenantId,
          code: p.code,
          title: { en: p.en, vn: p.vn, id: p.id },
          totalQuantity: p.total,
          price: parseAmount(price, currency),
          dailyProfit: parseAmount(profit, currency),
          termDays: p.term,
          perUserMax: p.max,
          startsAt: new Date(now.getTime() - 86_400_000),
          endsAt: new Date(now.getTime() + 180 * 86_400_000),
          createdAt: now,
        })
        .onConflictDoNothing();
    }
  }
}
