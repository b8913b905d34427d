import {
  APP_NAME,
  APP_VERSION,
  APP_VERSION_CODE,
  CURRENCIES,
  type CurrencyKey,
  DEFAULT_TENANT_ID,
  isCurrencyKey,
  isLanguage,
  type TenantConfig,
  type TenantSummary,
} from '@dramastar/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { answerCache } from '../../answer-cache.js';
import { type Clock, systemClock } from '../../clock.js';
import type { DbOrTx } from '../../db/client.js';
import { tenantDomains, tenants } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

type TenantRow = typeof tenants.$inferSelect;

export interface TenantSeed {
  id: string;
  name: string;
  currency: CurrencyKey;
  timeZone: string;
  domains: string[];
  earnEnabled?: boolean;
}

/** Host name of a `Host` header or a `domain` parameter: lower case, no port, no trailing dot. */
export function normalizeDomain(value: string): string {
  let host = value.trim().toLowerCase();
  host = host.replace(/^[a-z]+:\/\//, '').split('/')[0] ?? '';
  if (host.startsWith('[')) host = host.slice(0, host.indexOf(']') + 1);
  else host = host.split(':')[0] ?? '';
  return host.replace(/\.$/, '');
}

export interface TenantServiceOptions {
  publicUrl: string;
  googleLogin: boolean;
  devMailbox: string | null;
  /** Ages cached answers (the app's clock; the system's by default). */
  clock?: Clock;
}

/** The NOTIFY channel of tenant changes: every instance forgets its cached tenant answers. */
export const TENANT_CHANNEL = 'ds_tenant';
/** A cached answer is read again after this, even when no change was announced (a safety net). */
export const TENANT_CACHE_TTL_MS = 30_000;
/** Entries per cache; unknown host names are cached too, so the oldest entries make room. */
export const TENANT_CACHE_MAX = 10_000;

export function createTenantService(db: DbOrTx, options: TenantServiceOptions) {
  const clock = options.clock ?? systemClock;
  const cacheOptions = { ttlMs: TENANT_CACHE_TTL_MS, max: TENANT_CACHE_MAX };
  const byHost = answerCache<TenantSummary>(clock, cacheOptions);
  const configs = answerCache<TenantConfig>(clock, cacheOptions);

  function toSummary(row: TenantRow): TenantSummary {
    if (!isCurrencyKey(row.currency) || !isLanguage(row.defaultLanguage)) {
      throw new Error(`tenant ${row.id} has an invalid currency or language`);
    }
    return {
      tenantId: row.id,
      name: row.name,
      currency: row.currency,
      inviteUrl: row.inviteUrl,
      defaultLanguage: row.defaultLanguage,
    };
  }

  async function findById(id: string): Promise<TenantRow | undefined> {
    const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
    return row;
  }

  async function requireTenant(id: string): Promise<TenantRow> {
    const row = await findById(id);
    if (!row) throw new AppError('TenantNotFound', { field: 'tenantId' });
    return row;
  }

  async function readConfig(id: string): Promise<TenantConfig> {
    const row = await requireTenant(id);
    return {
      ...toSummary(row),
      timeZone: row.timeZone,
      earnEnabled: row.earnEnabled,
      appVersion: APP_VERSION,
      appVersionCode: APP_VERSION_CODE,
      googleLogin: options.googleLogin,
      devMailbox: options.devMailbox,
      websiteUrl: row.websiteUrl,
      domains: (
        await db
          .select({ domain: tenantDomains.domain })
          .from(tenantDomains)
          .where(eq(tenantDomains.tenantId, id))
      ).map((d) => d.domain),
    };
  }

  return {
    /** The tenant row; 404 TenantNotFound (field tenantId) when there is none. */
    require: requireTenant,

    /** Tenants by name (every one, or those of `ids`): the console's tenant pickers. */
    async list(ids: readonly string[] | null) {
      const rows = await db
        .select()
        .from(tenants)
        .where(ids ? inArray(tenants.id, [...ids]) : undefined)
        .orderBy(asc(tenants.name), asc(tenants.id));
      return rows.map((row) => ({
        tenantId: row.id,
        name: row.name,
        currency: isCurrencyKey(row.currency) ? row.currency : ('PHP' as const),
        language: isLanguage(row.defaultLanguage) ? row.defaultLanguage : ('en' as const),
      }));
    },

    /** The host names that open a tenant, sorted. */
    async domains(id: string): Promise<string[]> {
      const rows = await db
        .select({ domain: tenantDomains.domain })
        .from(tenantDomains)
        .where(eq(tenantDomains.tenantId, id))
        .orderBy(tenantDomains.domain);
      return rows.map((r) => r.domain);
    },

    /**
     * The tenant of a host: an exact domain match, then the same without `www.`; any other host
     * belongs to the default tenant (so a fresh install works on whatever name it is reached by).
     */
    resolveByDomain(domain: string | undefined): Promise<TenantSummary> {
      const host = domain ? normalizeDomain(domain) : '';
      return byHost.get(host, async () => {
        const candidates = [host, host.replace(/^www\./, '')].filter(Boolean);
        for (const candidate of candidates) {
          const [row] = await db
            .select({ tenant: tenants })
            .from(tenantDomains)
            .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
            .where(eq(tenantDomains.domain, candidate))
            .limit(1);
          if (row) return toSummary(row.tenant);
        }
        return toSummary(await requireTenant(DEFAULT_TENANT_ID));
      });
    },

    /** The app's configuration of a tenant; cached per instance like resolveByDomain. */
    config: (id: string): Promise<TenantConfig> => configs.get(id, () => readConfig(id)),

    /**
     * Forgets the cached answers of resolveByDomain and config. Call after a change to tenants or
     * their domains is committed (the app's `tenantsChanged` also tells the other instances).
     */
    invalidate(): void {
      byHost.clear();
      configs.clear();
    },

    async earnEnabled(id: string): Promise<boolean> {
      return (await requireTenant(id)).earnEnabled;
    },

    /**
     * Creates the tenants that do not exist yet, with their domains; idempotent, safe on many
     * instances at once. An existing tenant is left as operators configured it (its domains too:
     * a domain an operator removed does not come back at the next start). True when it created one.
     */
    async upsert(seeds: readonly TenantSeed[]): Promise<boolean> {
      let changed = false;
      for (const seed of seeds) {
        const values = {
          id: seed.id,
          name: seed.name,
          currency: seed.currency,
          defaultLanguage: CURRENCIES[seed.currency].defaultLanguage,
          timeZone: seed.timeZone,
          inviteUrl: `${options.publicUrl}/#/pages/login/register`,
          earnEnabled: seed.earnEnabled ?? true,
        };
        const created = await db
          .insert(tenants)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: tenants.id });
        if (created.length === 0) continue;
        changed = true;
        for (const domain of seed.domains) {
          await db
            .insert(tenantDomains)
            .values({ domain: normalizeDomain(domain), tenantId: seed.id })
            .onConflictDoNothing();
        }
      }
      return changed;
    },
  };
}

export type TenantService = ReturnType<typeof createTenantService>;

/** The tenant every installation has. */
export const DEFAULT_TENANT: TenantSeed = {
  id: DEFAULT_TENANT_ID,
  name: APP_NAME,
  currency: 'PHP',
  timeZone: 'Asia/Manila',
  domains: ['localhost', '127.0.0.1'],
};

/** Every tenant's id and time zone (jobs that work per tenant day, e.g. the analytics rollup). */
export async function tenantTimeZones(db: DbOrTx): Promise<{ id: string; timeZone: string }[]> {
  return db.select({ id: tenants.id, timeZone: tenants.timeZone }).from(tenants).orderBy(tenants.id);
}
