import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { paymentProviders } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Sealer } from '../../sealing.js';
import type { PaymentGateway } from './gateway.js';
import { createPayMongoGateway, PAYMONGO_METHODS } from './providers/paymongo.js';
import { createJazzcashGateway, JAZZCASH_METHODS } from './providers/jazzcash.js';
import { createVnpayGateway } from './providers/vnpay.js';
import { createXenditGateway, XENDIT_METHODS } from './providers/xendit.js';

/** What building an adapter gets from a tenant's row (and, in tests, where its fake listens). */
export interface ProviderBuild {
  secrets: Record<string, string>;
  settings: Record<string, string>;
  methods: string[];
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** A provider the console can configure: its fields, the methods it offers, and its factory. */
export interface ProviderSpec {
  provider: string;
  currencies: readonly string[];
  /** Payment methods a tenant may pick (an empty pick: the provider's own default). */
  methods: readonly string[];
  /** Secret fields, all needed before the provider is offered. */
  secrets: readonly string[];
  /** Public fields with their allowed values (null: free text), all needed. */
  settings: Readonly<Record<string, readonly string[] | null>>;
  build(c: ProviderBuild): PaymentGateway;
}

export const PROVIDER_SPECS: readonly ProviderSpec[] = [
  {
    provider: 'paymongo',
    currencies: ['PHP'],
    methods: PAYMONGO_METHODS,
    secrets: ['secretKey', 'webhookSecret'],
    settings: { mode: ['test', 'live'] },
    build: (c) =>
      createPayMongoGateway({
        secretKey: c.secrets.secretKey ?? '',
        webhookSecret: c.secrets.webhookSecret ?? '',
        mode: c.settings.mode === 'live' ? 'live' : 'test',
        // PayMongo's checkout needs at least one method.
        methods: c.methods.length ? c.methods : ['card', 'gcash', 'paymaya'],
        ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
        ...(c.fetch ? { fetch: c.fetch } : {}),
      }),
  },
  {
    provider: 'xendit',
    currencies: ['IDR', 'PHP'],
    methods: XENDIT_METHODS,
    secrets: ['secretKey', 'callbackToken'],
    settings: {},
    build: (c) =>
      createXenditGateway({
        secretKey: c.secrets.secretKey ?? '',
        callbackToken: c.secrets.callbackToken ?? '',
        methods: c.methods,
        ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
        ...(c.fetch ? { fetch: c.fetch } : {}),
      }),
  },
  {
    provider: 'vnpay',
    currencies: ['VND'],
    // VNPay's own page offers the payer its methods (QR, domestic and international cards).
    methods: [],
    secrets: ['hashSecret'],
    settings: { tmnCode: null, mode: ['sandbox', 'live'] },
    build: (c) =>
      createVnpayGateway({
        tmnCode: c.settings.tmnCode ?? '',
        hashSecret: c.secrets.hashSecret ?? '',
        mode: c.settings.mode === 'live' ? 'live' : 'sandbox',
        ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
        ...(c.fetch ? { fetch: c.fetch } : {}),
      }),
  },
  {
    provider: 'jazzcash',
    currencies: ['PKR'],
    // One method picked: the payer goes straight to it; none or both: JazzCash's page asks.
    methods: JAZZCASH_METHODS,
    secrets: ['password', 'integritySalt'],
    settings: { merchantId: null, mode: ['sandbox', 'live'] },
    build: (c) => ({
      // Its result comes back through the payer's browser.
      returnsBrowser: true,
      ...createJazzcashGateway({
        merchantId: c.settings.merchantId ?? '',
        password: c.secrets.password ?? '',
        integritySalt: c.secrets.integritySalt ?? '',
        txnType: c.methods.length === 1 ? (c.methods[0] ?? '') : '',
        mode: c.settings.mode === 'live' ? 'live' : 'sandbox',
        ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
        ...(c.fetch ? { fetch: c.fetch } : {}),
      }),
    }),
  },
];

/** A secret as the console shows it: its last 4 characters at most, never the whole. */
export function maskSecret(value: string): string {
  const tail = value.length >= 12 ? value.slice(-4) : '';
  return `••••${tail}`;
}

export interface ProviderView {
  provider: string;
  currencies: string[];
  methodChoices: string[];
  settingChoices: Record<string, string[] | null>;
  enabled: boolean;
  methods: string[];
  settings: Record<string, string>;
  /** Each secret field masked, or null when not set. */
  secrets: Record<string, string | null>;
  /** Enabled, every key set and the tenant's currency taken: the app offers it. */
  offered: boolean;
  updatedAt: string | null;
}

export interface ProviderUpdate {
  provider: string;
  enabled: boolean;
  methods: string[];
  settings: Record<string, string>;
  /** New values; a field left out or empty keeps the value it had. */
  secrets: Record<string, string | undefined>;
}

/** The gateways of a tenant, per request (a tenant's keys can change at any time). */
export interface GatewayRegistry {
  /** What the app offers for a tenant whose wallet is in `currency`, in the console's order. */
  offered(tenantId: string, currency: string): Promise<{ provider: string; methods: string[] }[]>;
  /** The tenant's adapter for `provider` when its keys are set (offered or not: late callbacks). */
  gateway(tenantId: string, provider: string): Promise<PaymentGateway | undefined>;
}

type Row = typeof paymentProviders.$inferSelect;

const invalid = (field: string) =>
  new AppError('ValidationFailed', { status: 400, field, params: { field } });

/**
 * Per-tenant provider accounts: which providers and methods a tenant offers and their keys,
 * sealed with the data key and shown masked. `sandbox`, when given (never in production), is
 * offered to every tenant beside them.
 */
export function createPaymentProviders(deps: {
  db: Db;
  clock: Clock;
  sealer: Sealer;
  sandbox?: PaymentGateway | undefined;
  specs?: readonly ProviderSpec[];
  /** Tests: where each provider's fake listens, and the fetch to reach it. */
  baseUrls?: Record<string, string>;
  fetch?: typeof fetch;
}) {
  const { db, clock, sealer, sandbox } = deps;
  const specs = deps.specs ?? PROVIDER_SPECS;
  const specOf = (provider: string) => specs.find((s) => s.provider === provider);

  const secretsOf = (row: Row): Record<string, string> =>
    JSON.parse(sealer.open(row.secrets)) as Record<string, string>;
  const complete = (spec: ProviderSpec, row: Row, secrets: Record<string, string>) =>
    spec.secrets.every((k) => !!secrets[k]) && Object.keys(spec.settings).every((k) => !!row.settings[k]);

  async function rows(db: DbOrTx, tenantId: string): Promise<Row[]> {
    return db.select().from(paymentProviders).where(eq(paymentProviders.tenantId, tenantId));
  }

  function build(spec: ProviderSpec, row: Row, secrets: Record<string, string>): PaymentGateway {
    const baseUrl = deps.baseUrls?.[spec.provider];
    return spec.build({
      secrets,
      settings: row.settings,
      methods: row.methods,
      ...(baseUrl ? { baseUrl } : {}),
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
  }

  function view(spec: ProviderSpec, row: Row | undefined, currency: string | null): ProviderView {
    const secrets = row ? secretsOf(row) : {};
    return {
      provider: spec.provider,
      currencies: [...spec.currencies],
      methodChoices: [...spec.methods],
      settingChoices: Object.fromEntries(
        Object.entries(spec.settings).map(([k, v]) => [k, v ? [...v] : null]),
      ),
      enabled: row?.enabled ?? false,
      methods: row?.methods ?? [],
      settings: row?.settings ?? {},
      secrets: Object.fromEntries(spec.secrets.map((k) => [k, secrets[k] ? maskSecret(secrets[k]) : null])),
      offered:
        !!row &&
        row.enabled &&
        complete(spec, row, secrets) &&
        (currency === null || spec.currencies.includes(currency)),
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  const registry: GatewayRegistry = {
    async offered(tenantId, currency) {
      const found = await rows(db, tenantId);
      const list: { provider: string; methods: string[] }[] = [];
      for (const spec of specs) {
        const row = found.find((r) => r.provider === spec.provider);
        if (row && view(spec, row, currency).offered)
          list.push({ provider: spec.provider, methods: row.methods });
      }
      if (sandbox && sandbox.currencies.includes(currency)) list.push({ provider: 'sandbox', methods: [] });
      return list;
    },

    async gateway(tenantId, provider) {
      if (provider === 'sandbox') return sandbox;
      const spec = specOf(provider);
      if (!spec) return undefined;
      const [row] = await db
        .select()
        .from(paymentProviders)
        .where(and(eq(paymentProviders.tenantId, tenantId), eq(paymentProviders.provider, provider)));
      if (!row) return undefined;
      const secrets = secretsOf(row);
      return complete(spec, row, secrets) ? build(spec, row, secrets) : undefined;
    },
  };

  return {
    registry,
    specs,

    /** The console's list for a tenant: every provider, configured or not, secrets masked. */
    async list(tenantId: string, currency: string | null): Promise<ProviderView[]> {
      const found = await rows(db, tenantId);
      return specs.map((spec) =>
        view(
          spec,
          found.find((r) => r.provider === spec.provider),
          currency,
        ),
      );
    },

    /**
     * Saves a tenant's provider account (in the caller's transaction, which writes the audit
     * entry): the masked views before and after. Refusals name the field.
     */
    async save(tx: Tx, tenantId: string, update: ProviderUpdate, currency: string | null) {
      const spec = specOf(update.provider);
      if (!spec) throw invalid('provider');
      for (const m of update.methods) if (!spec.methods.includes(m)) throw invalid('methods');
      const settings: Record<string, string> = {};
      for (const [key, choices] of Object.entries(spec.settings)) {
        const value = (update.settings[key] ?? '').trim();
        if (value && choices && !choices.includes(value)) throw invalid(key);
        if (value) settings[key] = value;
      }
      const [before] = await tx
        .select()
        .from(paymentProviders)
        .where(and(eq(paymentProviders.tenantId, tenantId), eq(paymentProviders.provider, spec.provider)))
        .for('update');
      const secrets = before ? secretsOf(before) : {};
      for (const key of spec.secrets) {
        const value = update.secrets[key]?.trim();
        if (value) secrets[key] = value;
      }
      const values = {
        enabled: update.enabled,
        methods: [...new Set(update.methods)],
        settings,
        secrets: sealer.seal(JSON.stringify(secrets)),
        updatedAt: clock.now(),
      };
      const [after] = await tx
        .insert(paymentProviders)
        .values({ tenantId, provider: spec.provider, ...values })
        .onConflictDoUpdate({ target: [paymentProviders.tenantId, paymentProviders.provider], set: values })
        .returning();
      if (!after) throw new Error('payment provider not saved');
      const afterView = view(spec, after, currency);
      if (update.enabled && !complete(spec, after, secrets)) {
        // Offered only with every key: saying "enabled" without them is refused, nothing saved.
        const missing = [
          ...spec.secrets.filter((k) => !secrets[k]),
          ...Object.keys(spec.settings).filter((k) => !settings[k]),
        ];
        throw invalid(missing[0] ?? 'secrets');
      }
      return { before: before ? view(spec, before, currency) : null, after: afterView };
    },
  };
}

export type PaymentProviders = ReturnType<typeof createPaymentProviders>;
