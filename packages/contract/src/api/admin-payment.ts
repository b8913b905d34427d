import { z } from 'zod';
import { defineCall } from '../call.js';
import { ROLES } from '../constants.js';
import { text } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';
import { totpCodeSchema } from './admin-access.js';

const tenantId = lazySchema(() => text().regex(/^\d{6}$/));

/** A tenant's payment provider account as the console shows it (secrets only masked). */
export const paymentProviderView = lazySchema(() =>
  z.object({
    provider: z.string(),
    /** The wallet currencies the provider takes. */
    currencies: z.array(z.string()),
    /** Payment methods the tenant may offer with it. */
    methodChoices: z.array(z.string()),
    /** Its public settings and their allowed values (null: free text). */
    settingChoices: z.record(z.string(), z.array(z.string()).nullable()),
    enabled: z.boolean(),
    methods: z.array(z.string()),
    settings: z.record(z.string(), z.string()),
    /** Each secret masked (`••••` and at most its last 4 characters), or null when not set. */
    secrets: z.record(z.string(), z.string().nullable()),
    /** Enabled, every key set, the tenant's currency taken: the app lists it. */
    offered: z.boolean(),
    updatedAt: z.string().nullable(),
    /** Where the provider must send its callbacks, per domain of the tenant. */
    callbackUrls: z.array(z.string()),
  }),
);
export type PaymentProviderView = z.infer<typeof paymentProviderView>;

export const paymentProviderUpdate = lazySchema(() =>
  z.object({
    tenantId,
    provider: text().min(1).max(20),
    enabled: z.boolean(),
    methods: z.array(text().min(1).max(40)).max(30),
    settings: z.record(text().max(40), text().max(200)),
    /** New secret values; a field left out or empty keeps its value. */
    secrets: z.record(text().max(40), text().max(500).optional()),
    /** The operator's authenticator code: asked again when a key changes (409 `TotpRequired`). */
    totpCode: totpCodeSchema.optional(),
  }),
);

export const gatewayReconciliation = lazySchema(() =>
  z.object({
    checked: z.number().int(),
    credited: z.number().int(),
    declined: z.number().int(),
    pending: z.number().int(),
    errors: z.number().int(),
  }),
);

/** Payment providers per tenant (admins) and the status query of unfinished card payments (finance). */
export const adminPaymentApi = {
  paymentProviders: defineCall({
    path: '/config/payment-providers',
    auth: 'operator',
    roles: ROLES.admins,
    query: lazySchema(() => z.object({ tenantId })),
    response: lazySchema(() => z.array(paymentProviderView)),
  }),
  savePaymentProvider: defineCall({
    path: '/config/payment-providers/save',
    auth: 'operator',
    roles: ROLES.admins,
    body: paymentProviderUpdate,
    response: lazySchema(() => z.array(paymentProviderView)),
  }),
  /** Asks the providers about pending card payments older than `olderThanMinutes` and applies the answers. */
  reconcileGateway: defineCall({
    path: '/finance/gateway/reconcile',
    auth: 'operator',
    roles: ROLES.finance,
    body: lazySchema(() =>
      z.object({
        tenantId: tenantId.optional(),
        olderThanMinutes: z
          .number()
          .int()
          .min(1)
          .max(7 * 24 * 60)
          .default(15),
      }),
    ),
    response: gatewayReconciliation,
  }),
};
