import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { uniqueViolation } from '../../db/errors.js';
import { tenantDomains, tenants } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

export type TenantRow = typeof tenants.$inferSelect;

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

/** Every tenant, by id. */
export function allTenants(db: DbOrTx): Promise<TenantRow[]> {
  return db.select().from(tenants).orderBy(asc(tenants.id));
}

/** A tenant's row, or undefined; `lock` holds it until the transaction ends (FOR UPDATE: the console's edits of it wait). */
export async function tenantRow(db: DbOrTx, tenantId: string, lock = false): Promise<TenantRow | undefined> {
  const query = db.select().from(tenants).where(eq(tenants.id, tenantId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Changes a tenant's row (its general settings or a section's stored override). */
export async function updateTenant(
  tx: Tx,
  tenantId: string,
  set: Partial<Omit<TenantRow, 'id' | 'createdAt'>>,
): Promise<void> {
  await tx.update(tenants).set(set).where(eq(tenants.id, tenantId));
}

/** Adds a tenant; undefined when its id is taken. */
export async function insertTenant(tx: Tx, row: typeof tenants.$inferInsert): Promise<TenantRow | undefined> {
  const [created] = await tx.insert(tenants).values(row).onConflictDoNothing().returning();
  return created;
}

/** A tenant's domains, in order. */
export async function tenantDomainList(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: tenantDomains.domain })
    .from(tenantDomains)
    .where(eq(tenantDomains.tenantId, tenantId))
    .orderBy(asc(tenantDomains.domain));
  return rows.map((r) => r.domain);
}

/** Gives a tenant exactly these domains; a domain of another tenant: 409 DomainTaken. */
export async function setTenantDomains(tx: Tx, tenantId: string, domains: string[]): Promise<void> {
  if (domains.length > 0) {
    const [taken] = await tx
      .select({ domain: tenantDomains.domain })
      .from(tenantDomains)
      .where(and(inArray(tenantDomains.domain, domains), ne(tenantDomains.tenantId, tenantId)))
      .limit(1);
    if (taken) throw new AppError('DomainTaken', { field: 'domains', params: { domain: taken.domain } });
  }
  await tx.delete(tenantDomains).where(eq(tenantDomains.tenantId, tenantId));
  if (domains.length > 0) {
    try {
      await tx.insert(tenantDomains).values(domains.map((domain) => ({ domain, tenantId })));
    } catch (error) {
      // Another tenant took one meanwhile (the primary key decides).
      if (uniqueViolation(error) !== null)
        throw new AppError('DomainTaken', { field: 'domains', params: { domain: domains.join(', ') } });
      throw error;
    }
  }
}
