import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, LANGUAGE_KEYS } from '../constants.js';
import { tenantIdSchema, text } from '../validation.js';
import { paymentChannel } from '../wallet.js';
import { customerService, taskList } from '../earn.js';
import { lazySchema } from '../lazy-schema.js';

/** What a browser needs to know about the tenant it is on. */
export const tenantSummary = lazySchema(() =>
  z.object({
    tenantId: z.string(),
    /** Product name shown as the page title. */
    name: z.string(),
    currency: z.enum(CURRENCY_KEYS),
    /** Base of invitation links; a user's link is `${inviteUrl}?inviteCode=CODE`. */
    inviteUrl: z.string(),
    defaultLanguage: z.enum(LANGUAGE_KEYS),
  }),
);
export type TenantSummary = z.infer<typeof tenantSummary>;

export const tenantConfig = lazySchema(() =>
  tenantSummary.extend({
    /** IANA time zone in which "a day" (check-ins, daily revenue) is counted. */
    timeZone: z.string(),
    earnEnabled: z.boolean(),
    appVersion: z.string(),
    appVersionCode: z.number().int(),
    /** Google sign-in is configured on this server (else the Google buttons are hidden). */
    googleLogin: z.boolean(),
    /** Outside production without SMTP: the page that shows sent e-mails (codes), else null. */
    devMailbox: z.string().nullable(),
    /** The tenant's host names (its app and website): the only pages an embedded login hands a session to. */
    domains: z.array(z.string()),
    /** The tenant's website (the login page's Home button with `isMobile=1`); null: the app itself. */
    websiteUrl: z.string().nullable(),
  }),
);
export type TenantConfig = z.infer<typeof tenantConfig>;

const tenantQuery = lazySchema(() => z.object({ tenantId: tenantIdSchema.optional() }));

export const configCalls = {
  queryEarnSwitch: defineCall({
    path: '/appConfig/queryEarnSwitch',
    auth: 'guest',
    query: tenantQuery,
    response: lazySchema(() => z.object({ enabled: z.boolean() })),
  }),
  /** Resolves the tenant of a host name; the request carries `domain` = the page's host. */
  queryTenantId: defineCall({
    path: '/appConfig/queryTenantId',
    auth: 'guest',
    query: lazySchema(() => z.object({ domain: text().trim().max(253).optional() })),
    response: tenantSummary,
  }),
  tenantConfig: defineCall({
    path: '/appConfig/tenantConfig',
    auth: 'guest',
    query: tenantQuery,
    response: tenantConfig,
  }),
  /** The banks a withdrawal can go to in the user's tenant (by its currency). */
  bankConfig: defineCall({
    path: '/appConfig/bankConfig',
    auth: 'user',
    response: lazySchema(() =>
      z.object({ banks: z.array(z.object({ code: z.string(), name: z.string() })) }),
    ),
  }),
  /** The tenant's tasks with the user's progress (the same answer as /appTask/queryFinish). */
  queryTask: defineCall({ path: '/appConfig/queryTask', auth: 'user', response: taskList }),
  /** The tenant's support contacts (ours). */
  customerService: defineCall({
    path: '/appConfig/customerService',
    auth: 'guest',
    query: tenantQuery,
    response: customerService,
  }),
  /** The tenant's recharge channels with their limits, quick amounts and (USDT) deposit address. */
  queryPc: defineCall({
    path: '/appConfig/queryPc',
    auth: 'user',
    response: lazySchema(() =>
      z.object({ currency: z.enum(CURRENCY_KEYS), channels: z.array(paymentChannel) }),
    ),
  }),
  queryTgAgent: defineCall({
    path: '/appConfig/queryTgAgent',
    auth: 'guest',
    query: lazySchema(() => z.object({ domain: text().trim().max(253).optional() })),
    response: lazySchema(() => z.object({ url: z.string().nullable() })),
  }),
};
