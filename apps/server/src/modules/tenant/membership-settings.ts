import { defaultMembershipSettings, isCurrencyKey, membershipSettingsSchema } from '@dramastar/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/** The tenant's effective membership settings (points rules included), read on every use: pass the transaction inside one. */
export async function tenantMembership(db: DbOrTx, tenantId: string) {
  const [row] = await db
    .select({ currency: tenants.currency, settings: tenants.membershipSettings })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row || !isCurrencyKey(row.currency)) throw new AppError('TenantNotFound');
  const settings =
    row.settings === null
      ? defaultMembershipSettings(row.currency)
      : membershipSettingsSchema.parse(row.settings);
  return { currency: row.currency, settings };
}
