import { boolean, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenant', {
  id: varchar('id', { length: 6 }).primaryKey(),
  /** Product name shown as the page title. */
  name: varchar('name', { length: 60 }).notNull(),
  currency: varchar('currency', { length: 8 }).notNull(),
  defaultLanguage: varchar('default_language', { length: 2 }).notNull(),
  /** IANA time zone of the tenant's business day. */
  timeZone: text('time_zone').notNull(),
  inviteUrl: text('invite_url').notNull(),
  /** The tenant's website (the login page's Home button with `isMobile=1`); null: the app itself. */
  websiteUrl: text('website_url'),
  earnEnabled: boolean('earn_enabled').notNull().default(true),
  /** Recharge channels and withdrawal rules (contract `walletSettings`); null = the currency's defaults. */
  walletSettings: jsonb('wallet_settings'),
  /** Card tiers, prices, days and trial-card rules (contract `membershipSettings`); null = defaults. */
  membershipSettings: jsonb('membership_settings'),
  /** Team reward rates, salary levels, dividend and leader rules (contract `teamSettings`); null = defaults. */
  teamSettings: jsonb('team_settings'),
  /** Check-in rewards, tasks, red-packet limits, daily award and support contacts (contract `earnSettings`). */
  earnSettings: jsonb('earn_settings'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Host names that resolve to a tenant (`/appConfig/queryTenantId`). */
export const tenantDomains = pgTable(
  'tenant_domain',
  {
    domain: varchar('domain', { length: 253 }).primaryKey(),
    tenantId: varchar('tenant_id', { length: 6 })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
  },
  (t) => [index('tenant_domain_tenant_idx').on(t.tenantId)],
);
