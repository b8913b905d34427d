import {
  type AdminTenant,
  type AdminTenantConfig,
  channelsOnDemoDetails,
  type ConfigSection,
  type CurrencyKey,
  defaultEarnSettings,
  defaultMembershipSettings,
  defaultTeamSettings,
  defaultWalletSettings,
  earnSettingsSchema,
  type GeneralSettings,
  isCurrencyKey,
  isLanguage,
  membershipSettingsSchema,
  teamSettingsSchema,
  walletSettingsSchema,
} from '@dramastar/contract';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { ledgerAccountCount } from '../../modules/ledger/ledger.service.js';
import { AppError } from '../../http/errors.js';
import { copyrightProductCount } from '../../modules/team/copyright-rows.js';
import {
  allTenants,
  insertTenant,
  setTenantDomains,
  tenantDomainList,
  type TenantRow,
  tenantRow,
  updateTenant,
} from '../../modules/tenant/tenant-rows.js';
import { BANKS } from '../../modules/wallet/banks.js';
import { parseAmount } from '../../money.js';

/** The tenant column of each section (jsonb; null = the currency's defaults). */
const COLUMNS = {
  wallet: 'walletSettings',
  membership: 'membershipSettings',
  team: 'teamSettings',
  earn: 'earnSettings',
} as const satisfies Record<ConfigSection, keyof TenantRow>;

/**
 * Where a section holds amounts of the tenant's currency (`*` = every element of a list): each
 * must have at most the currency's decimals (400 TooManyDecimals naming the path).
 */
const AMOUNT_PATHS: Record<ConfigSection, string[]> = {
  wallet: [
    'recharge.gateway.minAmount',
    'recharge.gateway.maxAmount',
    'recharge.gateway.quickAmounts.*',
    'recharge.official.minAmount',
    'withdrawal.minAmount',
    'withdrawal.usdtMinFee',
    'withdrawal.quickAmounts.*',
  ],
  membership: ['tiers.*.price'],
  team: ['salaryLevels.*.amount', 'dividend.shareUnit', 'dividend.shareValue', 'leaderGoal'],
  earn: [
    'checkinRewards.*',
    'tasks.*.reward',
    'redPacket.minShare',
    'redPacket.maxAmount',
    'dailyAward.primary',
    'dailyAward.premium',
    'dailyAward.director',
  ],
};

/** Every (path, value) an amount path names in a value. */
function amountsAt(value: unknown, path: string): [string, string][] {
  const walk = (node: unknown, parts: string[], at: string[]): [string, string][] => {
    if (parts.length === 0) return typeof node === 'string' ? [[at.join('.'), node]] : [];
    if (node === null || typeof node !== 'object') return [];
    const [head, ...rest] = parts as [string, ...string[]];
    if (head === '*')
      return Array.isArray(node) ? node.flatMap((item, i) => walk(item, rest, [...at, String(i)])) : [];
    return walk((node as Record<string, unknown>)[head], rest, [...at, head]);
  };
  return walk(value, path.split('.'), []);
}

/** 400 TooManyDecimals (naming the field) when an amount has more decimals than the currency. */
export function checkDecimals(section: ConfigSection, value: unknown, currency: CurrencyKey, prefix = '') {
  for (const path of AMOUNT_PATHS[section]) {
    for (const [field, amount] of amountsAt(value, path)) {
      if (amount !== 'all') parseAmount(amount, currency, `${prefix}${field}`);
    }
  }
}

function currencyOf(row: TenantRow): CurrencyKey {
  if (!isCurrencyKey(row.currency)) throw new Error(`tenant ${row.id} has currency ${row.currency}`);
  return row.currency;
}

/** Each section's effective value: the stored override, else the currency's defaults. */
const READERS = {
  wallet: (stored: unknown, currency: CurrencyKey) => {
    const value = stored === null ? defaultWalletSettings(currency) : walletSettingsSchema.parse(stored);
    return { ...value, banks: value.banks ?? BANKS[currency] };
  },
  membership: (stored: unknown, currency: CurrencyKey) =>
    stored === null ? defaultMembershipSettings(currency) : membershipSettingsSchema.parse(stored),
  team: (stored: unknown, currency: CurrencyKey) =>
    stored === null ? defaultTeamSettings(currency) : teamSettingsSchema.parse(stored),
  earn: (stored: unknown, currency: CurrencyKey) =>
    stored === null ? defaultEarnSettings(currency) : earnSettingsSchema.parse(stored),
};

function effective<S extends ConfigSection>(row: TenantRow, section: S) {
  const stored = row[COLUMNS[section]];
  return {
    value: READERS[section](stored, currencyOf(row)) as ReturnType<(typeof READERS)[S]>,
    isDefault: stored === null,
  };
}

/**
 * A tenant's configuration as the console edits it. Nothing is cached: every reader of settings
 * (wallet, membership, team, earn, the tenant config of the app) reads the tenant row on each
 * request, so a saved change applies at once on every instance sharing the database.
 */
export function createAdminConfigService(
  db: Db,
  clock: Clock,
  /** As the recharge service's: whether channels on the demo's details are offered (not in production). */
  options: { offerDemoDetails?: boolean } = {},
) {
  const offerDemoDetails = options.offerDemoDetails ?? true;

  async function row(tx: DbOrTx, tenantId: string, lock = false): Promise<TenantRow> {
    const found = await tenantRow(tx, tenantId, lock);
    if (!found) throw new AppError('TenantNotFound', { status: 404, field: 'tenantId' });
    return found;
  }

  async function general(tx: DbOrTx, r: TenantRow): Promise<GeneralSettings> {
    if (!isLanguage(r.defaultLanguage)) throw new Error(`tenant ${r.id} has language ${r.defaultLanguage}`);
    return {
      name: r.name,
      domains: await tenantDomainList(tx, r.id),
      currency: currencyOf(r),
      defaultLanguage: r.defaultLanguage,
      timeZone: r.timeZone,
      inviteUrl: r.inviteUrl,
      websiteUrl: r.websiteUrl,
      earnEnabled: r.earnEnabled,
    };
  }

  /** The wallet section, with the switched-on channels users are not offered (and so told). */
  function walletSection(r: TenantRow): AdminTenantConfig['wallet'] {
    const wallet = effective(r, 'wallet');
    return { ...wallet, hiddenChannels: offerDemoDetails ? [] : channelsOnDemoDetails(wallet.value) };
  }

  async function read(tx: DbOrTx, tenantId: string): Promise<AdminTenantConfig> {
    const r = await row(tx, tenantId);
    return {
      tenantId,
      general: await general(tx, r),
      ledgerAccounts: await ledgerAccountCount(tx, tenantId),
      wallet: walletSection(r),
      membership: effective(r, 'membership'),
      team: effective(r, 'team'),
      earn: effective(r, 'earn'),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  async function tenantView(tx: DbOrTx, r: TenantRow): Promise<AdminTenant> {
    const g = await general(tx, r);
    return {
      tenantId: r.id,
      name: g.name,
      currency: g.currency,
      defaultLanguage: g.defaultLanguage,
      timeZone: g.timeZone,
      earnEnabled: g.earnEnabled,
      domains: g.domains,
      createdAt: r.createdAt.toISOString(),
    };
  }

  return {
    read: (tenantId: string) => read(db, tenantId),
    readIn: read,

    /**
     * Name, domains, currency, language, time zone, invite URL and the earn switch. The currency
     * changes only while the tenant has no ledger accounts and no copyright products (409
     * CurrencyInUse); the stored section overrides must then fit the new currency's decimals.
     */
    async updateGeneral(tx: Tx, tenantId: string, next: GeneralSettings) {
      const current = await row(tx, tenantId, true);
      const before = await general(tx, current);
      if (next.currency !== before.currency) {
        // Amounts in the books and product prices are minor units of the old currency.
        if ((await ledgerAccountCount(tx, tenantId)) > 0 || (await copyrightProductCount(tx, tenantId)) > 0)
          throw new AppError('CurrencyInUse', { field: 'currency' });
        for (const section of Object.keys(COLUMNS) as ConfigSection[]) {
          const stored = current[COLUMNS[section]];
          if (stored !== null) checkDecimals(section, stored, next.currency, `${section}.`);
        }
      }
      await updateTenant(tx, tenantId, {
        name: next.name,
        currency: next.currency,
        defaultLanguage: next.defaultLanguage,
        timeZone: next.timeZone,
        inviteUrl: next.inviteUrl,
        ...(next.websiteUrl !== undefined ? { websiteUrl: next.websiteUrl } : {}),
        earnEnabled: next.earnEnabled,
        updatedAt: clock.now(),
      });
      await setTenantDomains(tx, tenantId, next.domains);
      return { before, after: await general(tx, await row(tx, tenantId)) };
    },

    /** Stores a section's settings (already validated by the contract) as the tenant's override. */
    async updateSection(tx: Tx, tenantId: string, section: ConfigSection, value: unknown) {
      const current = await row(tx, tenantId, true);
      checkDecimals(section, value, currencyOf(current));
      const before = effective(current, section);
      await updateTenant(tx, tenantId, { [COLUMNS[section]]: value, updatedAt: clock.now() });
      return { before, after: effective(await row(tx, tenantId), section) };
    },

    /** Forgets a section's override: the currency's defaults apply again. */
    async resetSection(tx: Tx, tenantId: string, section: ConfigSection) {
      const current = await row(tx, tenantId, true);
      const before = effective(current, section);
      await updateTenant(tx, tenantId, { [COLUMNS[section]]: null, updatedAt: clock.now() });
      return { before, after: effective(await row(tx, tenantId), section) };
    },

    async tenants(): Promise<AdminTenant[]> {
      const rows = await allTenants(db);
      return Promise.all(rows.map((r) => tenantView(db, r)));
    },

    /** A new tenant with its domains; its sections use the currency's defaults. */
    async createTenant(
      tx: Tx,
      input: Omit<GeneralSettings, 'inviteUrl' | 'earnEnabled'> & { tenantId: string },
      publicUrl: string,
    ): Promise<AdminTenant> {
      const now = clock.now();
      const created = await insertTenant(tx, {
        id: input.tenantId,
        name: input.name,
        currency: input.currency,
        defaultLanguage: input.defaultLanguage,
        timeZone: input.timeZone,
        inviteUrl: `${publicUrl}/#/pages/login/register`,
        earnEnabled: true,
        createdAt: now,
        updatedAt: now,
      });
      if (!created) throw new AppError('TenantExists', { field: 'tenantId' });
      await setTenantDomains(tx, input.tenantId, input.domains);
      return tenantView(tx, created);
    },

    async tenantDomains(tx: Tx, tenantId: string, domains: string[]) {
      const current = await row(tx, tenantId, true);
      const before = await tenantView(tx, current);
      await setTenantDomains(tx, tenantId, domains);
      await updateTenant(tx, tenantId, { updatedAt: clock.now() });
      return { before, after: await tenantView(tx, current) };
    },
  };
}

export type AdminConfigService = ReturnType<typeof createAdminConfigService>;
