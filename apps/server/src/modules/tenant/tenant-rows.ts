import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tenants } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/**
 * The tenant module's answers about tenants for the other modules (which do not read `tenant`
 * themselves: scripts/table-owners.mjs). Each takes the caller's transaction when it runs inside one.
 */

/** What a tenant's rules are read from: its currency, business day and each area's stored settings (null: the currency's defaults). */
export interface TenantSettingsRow {
  currency: string;
  timeZone: string;
  inviteUrl: string;
  earnEnabled: boolean;
  walletSettings: unknown;
  membershipSettings: unknown;
  teamSettings: unknown;
  earnSettings: unknown;
}

/** The tenant's settings, read fresh (an operator's change takes effect at once); undefined when unknown. */
export async function tenantSettingsRow(
  db: DbOrTx,
  tenantId: string,
): Promise<TenantSettingsRow | undefined> {
  const [row] = await db
    .select({
      currency: tenants.currency,
      timeZone: tenants.timeZone,
      inviteUrl: tenants.inviteUrl,
      earnEnabled: tenants.earnEnabled,
      walletSettings: tenants.walletSettings,
      membershipSettings: tenants.membershipSettings,
      teamSettings: tenants.teamSettings,
      earnSettings: tenants.earnSettings,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row;
}

/**
 * 404 TenantNotFound (field tenantId) for an unknown tenant. `lock` holds its row until the
 * transaction ends (FOR NO KEY UPDATE: other such locks wait, rows referring to the tenant do not).
 */
export async function requireTenant(db: DbOrTx, tenantId: string, lock = false): Promise<void> {
  const query = db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  const [tenant] = lock ? await query.for('no key update') : await query;
  if (!tenant) throw new AppError('TenantNotFound', { field: 'tenantId' });
}

/** Which of `ids` are tenants. */
export async function knownTenantIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(inArray(tenants.id, [...ids]));
  return rows.map((r) => r.id);
}

/** Every tenant's id, in id order. */
export async function allTenantIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: tenants.id }).from(tenants).orderBy(tenants.id);
  return rows.map((r) => r.id);
}
