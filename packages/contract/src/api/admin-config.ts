/**
 * The console's configuration per tenant (general, wallet, membership, team, earn), copyright
 * products and tenants themselves. Each section is validated by its contract schema plus the
 * cross-field checks below (400 naming the field path, e.g. `tiers.1.price`).
 */
import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, LANGUAGE_KEYS, MEMBERSHIP_TIERS, ROLES } from '../constants.js';
import { earnSettingsSchema } from '../earn.js';
import { membershipSettingsSchema } from '../membership.js';
import type { MessageKey } from '../messages.js';
import { teamSettingsSchema } from '../team.js';
import { amountSchema, DETAILED_RECHARGE_CHANNELS, walletSettingsSchema } from '../wallet.js';
import { text, dateTimeSchema } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';
import { totpCodeSchema } from './admin-access.js';

const m = (key: MessageKey) => ({ error: key });
const tenantId = lazySchema(() =>
  text()
    .trim()
    .regex(/^\d{6}$/, m('TenantNotFound')),
);

/**
 * A decimal amount string as an integer of millionths (amountSchema has at most 6 decimals), or
 * null when it is no amount (its own field check reports that).
 */
export function amountMicros(amount: unknown): bigint | null {
  if (typeof amount !== 'string') return null;
  const match = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(amount.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** A host name the app is reached by: lower case, no scheme, port or path. */
export const domainSchema = lazySchema(() =>
  text('InvalidDomain')
    .trim()
    .toLowerCase()
    .max(253, m('InvalidDomain'))
    .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, m('InvalidDomain')),
);

const domainList = lazySchema(() =>
  z
    .array(domainSchema)
    .max(20)
    .superRefine((list, ctx) => {
      list.forEach((d, i) => {
        if (list.indexOf(d) !== i) ctx.addIssue({ code: 'custom', path: [i], message: 'ConfigDuplicate' });
      });
    }),
);

export const timeZoneSchema = lazySchema(() => text().trim().refine(isValidTimeZone, m('InvalidTimeZone')));

export const CONFIG_SECTIONS = ['wallet', 'membership', 'team', 'earn'] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

export const generalSettingsSchema = lazySchema(() =>
  z.object({
    name: text().trim().min(1).max(60),
    /** Host names that resolve to this tenant (each belongs to one tenant only). */
    domains: domainList,
    currency: z.enum(CURRENCY_KEYS),
    defaultLanguage: z.enum(LANGUAGE_KEYS),
    timeZone: timeZoneSchema,
    /** Base of invitation links (`${inviteUrl}?inviteCode=CODE`). */
    inviteUrl: text().max(300).pipe(z.url()),
    /**
     * The tenant's website, where the login page's Home button (`isMobile=1`) goes; empty or null:
     * the app itself. Omitted on a save: left as it is.
     */
    websiteUrl: z
      .union([
        z.literal('').transform(() => null),
        text()
          .trim()
          .max(300)
          .pipe(z.url({ protocol: /^https?$/ })),
      ])
      .nullable()
      .optional(),
    earnEnabled: z.boolean(),
  }),
);
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

type Ctx = z.RefinementCtx;
type Path = (string | number)[];
const issue = (ctx: Ctx, path: Path, message: MessageKey) => ctx.addIssue({ code: 'custom', path, message });
const positive = (ctx: Ctx, path: Path, amount: string) => {
  const value = amountMicros(amount);
  if (value !== null && value <= 0n) issue(ctx, path, 'ConfigMustBePositive');
};
const notAbove = (ctx: Ctx, path: Path, min: string, max: string) => {
  const [low, high] = [amountMicros(min), amountMicros(max)];
  if (low !== null && high !== null && low > high) issue(ctx, path, 'ConfigMinAboveMax');
};
const unique = <T>(ctx: Ctx, list: T[], key: (item: T) => string, field: (i: number) => Path) => {
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) issue(ctx, field(i), 'ConfigDuplicate');
    seen.add(k);
  });
};

/**
 * Runs a cross-field check. Zod runs it even when some field failed its own schema; a check that
 * then meets a missing or malformed part stops quietly (that field's own issue is reported).
 */
const guarded =
  <T>(check: (value: T, ctx: Ctx) => void) =>
  (value: T, ctx: Ctx) => {
    try {
      check(value, ctx);
    } catch {
      // the shape is wrong: the field schemas already report it
    }
  };

/** Cross-field sanity of each section (the field schemas check each value on its own). */
const checks = {
  wallet: (s: z.infer<typeof walletSettingsSchema>, ctx: Ctx) => {
    const g = s.recharge.gateway;
    positive(ctx, ['recharge', 'gateway', 'minAmount'], g.minAmount);
    notAbove(ctx, ['recharge', 'gateway', 'minAmount'], g.minAmount, g.maxAmount);
    g.quickAmounts.forEach((a, i) => {
      positive(ctx, ['recharge', 'gateway', 'quickAmounts', i], a);
      notAbove(ctx, ['recharge', 'gateway', 'quickAmounts', i], a, g.maxAmount);
    });
    positive(ctx, ['recharge', 'usdt', 'rate'], s.recharge.usdt.rate);
    positive(ctx, ['withdrawal', 'minAmount'], s.withdrawal.minAmount);
    if (s.banks)
      unique(
        ctx,
        s.banks,
        (b) => b.code,
        (i) => ['banks', i, 'code'],
      );
  },
  membership: (s: z.infer<typeof membershipSettingsSchema>, ctx: Ctx) => {
    s.tiers.forEach((t, i) => {
      if (t.tier !== MEMBERSHIP_TIERS[i]) issue(ctx, ['tiers', i, 'tier'], 'ConfigTierOrder');
      positive(ctx, ['tiers', i, 'price'], t.price);
    });
  },
  team: (s: z.infer<typeof teamSettingsSchema>, ctx: Ctx) => {
    s.salaryLevels.forEach((l, i) => {
      if (l.level !== i + 1) issue(ctx, ['salaryLevels', i, 'level'], 'ValidationFailed');
      positive(ctx, ['salaryLevels', i, 'amount'], l.amount);
      const prev = s.salaryLevels[i - 1];
      if (prev && (l.directStarMembers < prev.directStarMembers || l.teamStarMembers < prev.teamStarMembers))
        issue(ctx, ['salaryLevels', i, 'directStarMembers'], 'ConfigMinAboveMax');
    });
    positive(ctx, ['dividend', 'shareUnit'], s.dividend.shareUnit);
    positive(ctx, ['leaderGoal'], s.leaderGoal);
  },
  earn: (s: z.infer<typeof earnSettingsSchema>, ctx: Ctx) => {
    unique(
      ctx,
      s.tasks,
      (t) => t.code,
      (i) => ['tasks', i, 'code'],
    );
    positive(ctx, ['redPacket', 'minShare'], s.redPacket.minShare);
    notAbove(ctx, ['redPacket', 'minShare'], s.redPacket.minShare, s.redPacket.maxAmount);
  },
};

export const sectionChecks = {
  wallet: guarded(checks.wallet),
  membership: guarded(checks.membership),
  team: guarded(checks.team),
  earn: guarded(checks.earn),
};

/** A section's settings with the cross-field checks. */
export const sectionSchemas = {
  wallet: walletSettingsSchema.superRefine(sectionChecks.wallet),
  membership: membershipSettingsSchema.superRefine(sectionChecks.membership),
  team: teamSettingsSchema.superRefine(sectionChecks.team),
  earn: earnSettingsSchema.superRefine(sectionChecks.earn),
};

/** One section as the console shows it: the effective value and whether it is the default. */
const section = <S extends z.ZodType>(value: S) => z.object({ value, isDefault: z.boolean() });

export const adminTenantConfig = lazySchema(() =>
  z.object({
    tenantId: z.string(),
    general: generalSettingsSchema,
    /** Wallet accounts of the tenant in the ledger: while there are any, the currency is fixed. */
    ledgerAccounts: z.number().int(),
    wallet: section(walletSettingsSchema).extend({
      /**
       * Recharge channels switched on that users are not offered: a production server does not
       * offer one whose details are still the demo's (`channelsOnDemoDetails`). Empty elsewhere.
       */
      hiddenChannels: z.array(z.enum(DETAILED_RECHARGE_CHANNELS)),
    }),
    membership: section(membershipSettingsSchema),
    team: section(teamSettingsSchema),
    earn: section(earnSettingsSchema),
    updatedAt: z.string(),
  }),
);
export type AdminTenantConfig = z.infer<typeof adminTenantConfig>;

// ---------------------------------------------------------------------------------------------
// Copyright products
// ---------------------------------------------------------------------------------------------

const isoDate = dateTimeSchema;

export const adminCopyrightProduct = lazySchema(() =>
  z.object({
    id: z.string(),
    tenantId: z.string(),
    code: z.string(),
    title: z.object({ en: z.string(), vn: z.string(), id: z.string() }),
    cover: z.string().nullable(),
    seriesId: z.number().int().nullable(),
    currency: z.enum(CURRENCY_KEYS),
    totalQuantity: z.number().int(),
    sold: z.number().int(),
    price: z.string(),
    dailyProfit: z.string(),
    termDays: z.number().int(),
    perUserMax: z.number().int(),
    startsAt: z.string(),
    endsAt: z.string(),
    closedAt: z.string().nullable(),
    state: z.enum(['upcoming', 'open', 'sold_out', 'ended']),
  }),
);
export type AdminCopyrightProduct = z.infer<typeof adminCopyrightProduct>;

export const copyrightProductForm = lazySchema(() =>
  z
    .object({
      tenantId,
      /** Absent: a new product. */
      id: text()
        .regex(/^\d{1,18}$/)
        .optional(),
      code: text()
        .trim()
        .regex(/^[a-z0-9-]{2,60}$/),
      title: z.object({
        en: text().trim().min(1).max(120),
        vn: text().trim().min(1).max(120),
        id: text().trim().min(1).max(120),
      }),
      cover: text().trim().max(300).nullable().default(null),
      seriesId: z.number().int().min(1).nullable().default(null),
      totalQuantity: z.number().int().min(1).max(10_000_000),
      /** Applies to purchases from now on; units already sold keep what they were bought for. */
      price: amountSchema,
      dailyProfit: amountSchema,
      termDays: z.number().int().min(1).max(3650),
      perUserMax: z.number().int().min(1).max(1_000_000),
      startsAt: isoDate,
      endsAt: isoDate,
    })
    .superRefine(
      guarded((f, ctx) => {
        positive(ctx, ['price'], f.price);
        positive(ctx, ['dailyProfit'], f.dailyProfit);
        if (Date.parse(f.startsAt) >= Date.parse(f.endsAt)) issue(ctx, ['startsAt'], 'ConfigMinAboveMax');
      }),
    ),
);

// ---------------------------------------------------------------------------------------------
// Tenants
// ---------------------------------------------------------------------------------------------

export const adminTenant = lazySchema(() =>
  z.object({
    tenantId: z.string(),
    name: z.string(),
    currency: z.enum(CURRENCY_KEYS),
    defaultLanguage: z.enum(LANGUAGE_KEYS),
    timeZone: z.string(),
    earnEnabled: z.boolean(),
    domains: z.array(z.string()),
    createdAt: z.string(),
  }),
);
export type AdminTenant = z.infer<typeof adminTenant>;

export const createTenantForm = lazySchema(() =>
  z.object({
    /** The new tenant's id: 6 digits. */
    tenantId,
    name: text().trim().min(1).max(60),
    currency: z.enum(CURRENCY_KEYS),
    defaultLanguage: z.enum(LANGUAGE_KEYS),
    timeZone: timeZoneSchema,
    domains: domainList.min(1),
  }),
);

const sectionQuery = lazySchema(() => z.object({ tenantId }));

export const adminConfigApi = {
  /** A tenant's whole configuration: effective values and a default flag per section. */
  tenantConfig: defineCall({
    path: '/config/tenant',
    auth: 'operator',
    roles: ROLES.admins,
    query: sectionQuery,
    response: adminTenantConfig,
  }),
  /** Name, domains, currency (only while the tenant has no wallet accounts), language, time zone… */
  updateGeneral: defineCall({
    path: '/config/general',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => generalSettingsSchema.extend({ tenantId })),
    response: adminTenantConfig,
  }),
  updateWallet: defineCall({
    path: '/config/wallet',
    auth: 'operator',
    roles: ROLES.admins,
    /**
     * Changing where users pay (the collection bank account, the USDT deposit address) needs the
     * operator's authenticator code again (`totpCode`; 409 `TotpRequired` without it).
     */
    body: lazySchema(() =>
      walletSettingsSchema
        .extend({ tenantId, totpCode: totpCodeSchema.optional() })
        .superRefine(sectionChecks.wallet),
    ),
    response: adminTenantConfig,
  }),
  updateMembership: defineCall({
    path: '/config/membership',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() =>
      membershipSettingsSchema.extend({ tenantId }).superRefine(sectionChecks.membership),
    ),
    response: adminTenantConfig,
  }),
  updateTeam: defineCall({
    path: '/config/team',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => teamSettingsSchema.extend({ tenantId }).superRefine(sectionChecks.team)),
    response: adminTenantConfig,
  }),
  updateEarn: defineCall({
    path: '/config/earn',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => earnSettingsSchema.extend({ tenantId }).superRefine(sectionChecks.earn)),
    response: adminTenantConfig,
  }),
  /** Forgets a section's overrides: the tenant uses its currency's defaults again. */
  resetSection: defineCall({
    path: '/config/reset',
    auth: 'operator',
    roles: ROLES.admins,
    /** Resetting the wallet moves where users pay back to the defaults: `totpCode` as on a save. */
    body: lazySchema(() =>
      z.object({ tenantId, section: z.enum(CONFIG_SECTIONS), totpCode: totpCodeSchema.optional() }),
    ),
    response: adminTenantConfig,
  }),
  copyrights: defineCall({
    path: '/config/copyrights',
    auth: 'operator',
    roles: ROLES.admins,
    query: sectionQuery,
    response: lazySchema(() => z.object({ list: z.array(adminCopyrightProduct) })),
  }),
  /** Creates (no id) or edits a copyright product; sold units keep their price and revenue. */
  saveCopyright: defineCall({
    path: '/config/copyrights/save',
    auth: 'operator',
    roles: ROLES.admins,
    body: copyrightProductForm,
    response: adminCopyrightProduct,
  }),
  /** Ends sales of a product now (holdings keep paying their revenue to the end of their term). */
  retireCopyright: defineCall({
    path: '/config/copyrights/retire',
    auth: 'operator',
    roles: ROLES.admins,
    body: lazySchema(() => z.object({ id: text().regex(/^\d{1,18}$/) })),
    response: adminCopyrightProduct,
  }),
  tenants: defineCall({
    path: '/tenants',
    auth: 'operator',
    roles: ROLES.owner,
    response: lazySchema(() => z.object({ list: z.array(adminTenant) })),
  }),
  createTenant: defineCall({
    path: '/tenants/create',
    auth: 'operator',
    roles: ROLES.owner,
    body: createTenantForm,
    response: adminTenant,
  }),
  /** Replaces a tenant's host names (a domain of another tenant: 409 DomainTaken). */
  tenantDomains: defineCall({
    path: '/tenants/domains',
    auth: 'operator',
    roles: ROLES.owner,
    body: lazySchema(() => z.object({ tenantId, domains: domainList.min(1) })),
    response: adminTenant,
  }),
};
