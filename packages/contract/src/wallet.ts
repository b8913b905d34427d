/**
 * Recharge channels, withdrawal rules and the records they make: the shapes the server answers and
 * the apps show, and the per-tenant wallet settings (operators edit them in the console).
 */
import { z } from 'zod';
import { CURRENCIES, CURRENCY_KEYS, type CurrencyKey, MEMBERSHIP_TIERS } from './constants.js';
import type { MessageKey } from './messages.js';
import { toMajor, toMinor } from './money.js';
import { payPasswordSchema, text } from './validation.js';
import { lazySchema } from './lazy-schema.js';

const m = (key: MessageKey) => ({ error: key });

/** A non-negative decimal amount in major units as typed by a person ("1250", "99.5"). */
export const amountSchema = lazySchema(() =>
  text('InvalidAmount')
    .trim()
    .regex(/^\d{1,15}(\.\d{1,6})?$/, m('InvalidAmount')),
);

/** A client-made id (UUID) that makes a money request idempotent: the same id never acts twice. */
export const requestIdSchema = lazySchema(() =>
  text('ValidationFailed')
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, m('ValidationFailed')),
);

export const RECHARGE_CHANNELS = ['gateway', 'official', 'usdt'] as const;
export type RechargeChannel = (typeof RECHARGE_CHANNELS)[number];
export const WITHDRAWAL_CHANNELS = ['bank', 'usdt'] as const;
export type WithdrawalChannel = (typeof WITHDRAWAL_CHANNELS)[number];

/** USDT addresses on TRON (TRC20): T + 33 base58 characters. */
export const usdtAddressSchema = lazySchema(() =>
  text('InvalidUsdtAddress')
    .trim()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, m('InvalidUsdtAddress')),
);
/** A TRON transaction id: 64 hex digits (an optional 0x is dropped). */
export const txHashSchema = lazySchema(() =>
  text('InvalidTxHash')
    .trim()
    .transform((v) => v.replace(/^0x/i, '').toLowerCase())
    .pipe(text().regex(/^[0-9a-f]{64}$/, m('InvalidTxHash'))),
);

// ---------------------------------------------------------------------------------------------
// Tenant wallet settings
// ---------------------------------------------------------------------------------------------

/** The highest fee a withdrawal may carry: 5,000 bps = 50 %. */
export const MAX_FEE_BPS = 5_000;

/**
 * A fee in basis points (100 = 1 %), from 0 to MAX_FEE_BPS. Out of range is refused with
 * `ConfigFeeRange` (the range in words), never clamped.
 */
export const feeBpsSchema = lazySchema(() =>
  z
    .number(m('ConfigFeeRange'))
    .int(m('ConfigFeeRange'))
    .min(0, m('ConfigFeeRange'))
    .max(MAX_FEE_BPS, m('ConfigFeeRange')),
);

export const walletSettingsSchema = lazySchema(() =>
  z.object({
    recharge: z.object({
      gateway: z.object({
        enabled: z.boolean(),
        minAmount: amountSchema,
        maxAmount: amountSchema,
        quickAmounts: z.array(amountSchema).max(8),
      }),
      official: z.object({
        enabled: z.boolean(),
        /** Smallest order (the spec: Vietnam only for orders of 100 million VND and more). */
        minAmount: amountSchema,
        /** The transfer must be made within this many minutes of creating the order (spec: 5). */
        windowMinutes: z
          .number(m('ConfigWindowRange'))
          .int(m('ConfigWindowRange'))
          .min(1, m('ConfigWindowRange'))
          .max(60, m('ConfigWindowRange')),
        bankName: text().min(1).max(80),
        accountName: text().min(1).max(80),
        accountNumber: text().min(1).max(40),
      }),
      usdt: z.object({
        enabled: z.boolean(),
        network: z.literal('TRC20'),
        address: usdtAddressSchema,
        /** Smallest deposit in USDT. */
        minAmount: amountSchema,
        /** Tenant-currency units credited per 1 USDT (shown before the user pays). */
        rate: amountSchema,
      }),
    }),
    withdrawal: z.object({
      minAmount: amountSchema,
      /** Amounts must be whole multiples of this (major units; the spec: 100). */
      divisibleBy: z.number(m('ConfigStepRange')).int(m('ConfigStepRange')).min(1, m('ConfigStepRange')),
      /** Fee of a bank withdrawal in basis points (spec: 5 % = 500). */
      bankFeeBps: feeBpsSchema,
      /** Withdrawals in USDT to a TRC20 address (only where the tenant's currency is USDT). */
      usdtEnabled: z.boolean(),
      usdtFeeBps: feeBpsSchema,
      usdtMinFee: amountSchema,
      /** Quick amounts on the withdraw page; "all" = the most the balance allows with its fee. */
      quickAmounts: z.array(z.union([amountSchema, z.literal('all')])).max(8),
    }),
    /**
     * The banks and e-wallets withdrawals go to (`/appConfig/bankConfig`); absent = the currency's
     * list (server `modules/wallet/banks.ts`). Operators edit it in the console.
     */
    banks: z
      .array(
        z.object({
          code: text()
            .trim()
            .regex(/^[A-Z0-9_]{2,20}$/),
          name: text()
            .trim()
            .regex(/^[A-Za-z][A-Za-z0-9 .&'-]{1,59}$/),
        }),
      )
      .min(1)
      .max(50)
      .optional(),
  }),
);
export type WalletSettings = z.infer<typeof walletSettingsSchema>;

/** The demo deposit address (a well-formed TRC20 address; operators set their own). */
export const DEMO_USDT_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
/** The demo collection account of the bank-transfer channel (operators set their own). */
export const DEMO_BANK_ACCOUNT = {
  bankName: 'DramaStar Demo Bank',
  accountName: 'DRAMASTAR COLLECTIONS',
  accountNumber: '000123456789',
} as const;

/** The recharge channels that pay into details of the tenant's own (a bank account, an address). */
export const DETAILED_RECHARGE_CHANNELS = ['official', 'usdt'] as const;
export type DetailedRechargeChannel = (typeof DETAILED_RECHARGE_CHANNELS)[number];

/**
 * The channels of these settings that are switched on but still pay into the demo's details
 * (the defaults', never changed: the demo bank's name or account number, the demo USDT address).
 * A production server does not offer them (`CollectionAccountMissing`, `UsdtAddressMissing`);
 * development and demos do.
 */
export function channelsOnDemoDetails(settings: WalletSettings): DetailedRechargeChannel[] {
  const { official, usdt } = settings.recharge;
  const list: DetailedRechargeChannel[] = [];
  if (
    official.enabled &&
    (official.bankName.trim() === DEMO_BANK_ACCOUNT.bankName ||
      official.accountNumber.trim() === DEMO_BANK_ACCOUNT.accountNumber)
  )
    list.push('official');
  if (usdt.enabled && usdt.address === DEMO_USDT_ADDRESS) list.push('usdt');
  return list;
}

/** Why a production server does not offer a channel still on the demo's details. */
export const DEMO_DETAILS_REFUSAL = {
  official: 'CollectionAccountMissing',
  usdt: 'UsdtAddressMissing',
} as const satisfies Record<DetailedRechargeChannel, MessageKey>;

/** Defaults per currency (spec section 9 where it names a figure; documented in docs/wallet.md). */
export function defaultWalletSettings(currency: CurrencyKey): WalletSettings {
  const table: Record<
    CurrencyKey,
    {
      gateway: [string, string, string[]];
      official: string | null;
      rate: string;
      withdraw: [string, number, string[]];
    }
  > = {
    PHP: {
      gateway: ['100', '50000', ['100', '200', '500', '1000', '2000', '5000']],
      official: '5000',
      rate: '57',
      withdraw: ['110', 10, ['110', '200', '500']],
    },
    VND: {
      gateway: ['50000', '100000000', ['50000', '100000', '200000', '500000', '1000000', '2000000']],
      official: '100000000',
      rate: '25000',
      withdraw: ['6000', 100, ['50000', '100000', '200000']],
    },
    PKR: {
      gateway: ['300', '500000', ['300', '500', '1000', '2000', '5000', '10000']],
      official: '50000',
      rate: '280',
      withdraw: ['300', 100, ['300', '500', '1000']],
    },
    IDR: {
      gateway: ['10000', '50000000', ['10000', '20000', '50000', '100000', '200000', '500000']],
      official: '5000000',
      rate: '16000',
      withdraw: ['50000', 100, ['50000', '100000', '200000']],
    },
    USDT: {
      gateway: ['10', '10000', ['10', '20', '50', '100', '200', '500']],
      official: null,
      rate: '1',
      withdraw: ['10', 1, ['10', '50', '100']],
    },
  };
  const t = table[currency];
  return {
    recharge: {
      gateway: {
        enabled: true,
        minAmount: t.gateway[0],
        maxAmount: t.gateway[1],
        quickAmounts: t.gateway[2],
      },
      official: {
        enabled: t.official !== null,
        minAmount: t.official ?? '0',
        windowMinutes: 5,
        ...DEMO_BANK_ACCOUNT,
      },
      usdt: { enabled: true, network: 'TRC20', address: DEMO_USDT_ADDRESS, minAmount: '10', rate: t.rate },
    },
    withdrawal: {
      minAmount: t.withdraw[0],
      divisibleBy: t.withdraw[1],
      bankFeeBps: 500,
      usdtEnabled: currency === 'USDT',
      usdtFeeBps: 200,
      usdtMinFee: '1',
      quickAmounts: [...t.withdraw[2], 'all'],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Fees and amounts (integer minor units only)
// ---------------------------------------------------------------------------------------------

/** Fee in minor units: amount × bps / 10 000, rounded half up, at least `minFee`. */
export function withdrawalFee(amount: bigint, feeBps: number, minFee = 0n): bigint {
  const fee = (amount * BigInt(feeBps) + 5_000n) / 10_000n;
  return fee > minFee ? fee : minFee;
}

/**
 * The largest withdrawal the balance allows with its fee, a multiple of the step (minor units),
 * or 0 when even the minimum does not fit.
 */
export function maxWithdrawal(
  balance: bigint,
  rule: { step: bigint; min: bigint; feeBps: number; minFee?: bigint },
): bigint {
  let amount = (balance * 10_000n) / (10_000n + BigInt(rule.feeBps));
  amount -= amount % rule.step;
  while (amount > 0n && amount + withdrawalFee(amount, rule.feeBps, rule.minFee) > balance)
    amount -= rule.step;
  return amount >= rule.min ? amount : 0n;
}

/** USDT paid × rate = what the wallet is credited, in the tenant's minor units (rounded down). */
export function usdtCredit(usdtAmount: string, rate: string, currency: CurrencyKey): bigint {
  const usdtMicros = toMinor(usdtAmount, 'USDT');
  const rateMicros = toMinor(rate, 'USDT');
  const scale = 10n ** BigInt(CURRENCIES[currency].minorDigits);
  return (usdtMicros * rateMicros * scale) / 1_000_000_000_000n;
}

export function formatAmount(minor: bigint, currency: CurrencyKey): string {
  return toMajor(minor, currency);
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const currencyKey = lazySchema(() => z.enum(CURRENCY_KEYS));

export const paymentChannel = lazySchema(() =>
  z.object({
    code: z.enum(RECHARGE_CHANNELS),
    /** In the tenant's currency, or in USDT for the usdt channel. */
    minAmount: z.string(),
    maxAmount: z.string().nullable(),
    quickAmounts: z.array(z.string()),
    /** Recharges cost nothing: the amount paid is the amount credited (the fee is always 0). */
    fee: z.string(),
    windowMinutes: z.number().int().nullable(),
    usdt: z.object({ network: z.string(), address: z.string(), rate: z.string() }).nullable(),
    /**
     * Present when the channel is listed but cannot take orders now (an order on it is refused with
     * this error key): the card channel with no payment provider configured. The app greys it out.
     */
    unavailable: z.enum(['PaymentProviderMissing']).optional(),
    /**
     * The card channel: the payment providers this tenant offers (configured in the console with
     * every key), each with its methods (e.g. card, gcash); an order may name one (`provider`).
     */
    providers: z.array(z.object({ provider: z.string(), methods: z.array(z.string()) })).optional(),
  }),
);
export type PaymentChannel = z.infer<typeof paymentChannel>;

export const RECHARGE_STATUSES = [
  'pending',
  'submitted',
  'credited',
  'failed',
  'expired',
  'rejected',
] as const;
export type RechargeStatus = (typeof RECHARGE_STATUSES)[number];

export const rechargeOrder = lazySchema(() =>
  z.object({
    orderNo: z.string(),
    channel: z.enum(RECHARGE_CHANNELS),
    status: z.enum(RECHARGE_STATUSES),
    /** What the user pays: tenant currency, or USDT for the usdt channel. */
    amount: z.string(),
    payCurrency: currencyKey,
    /** What the wallet receives, in the tenant's currency. */
    creditAmount: z.string(),
    currency: currencyKey,
    createdAt: z.string(),
    /** Official transfers: pay before this moment. */
    expiresAt: z.string().nullable(),
    creditedAt: z.string().nullable(),
    /** The sandbox (or a real) gateway's payment page. */
    payUrl: z.string().nullable(),
    /** Gateway: which provider takes the payment. */
    provider: z.string().nullable().optional(),
    /** A form the browser must POST to reach the provider's page (JazzCash) instead of `payUrl`. */
    payForm: z
      .object({ action: z.string(), fields: z.record(z.string(), z.string()) })
      .nullable()
      .optional(),
    official: z
      .object({
        bankName: z.string(),
        accountName: z.string(),
        accountNumber: z.string(),
        reference: z.string(),
      })
      .nullable(),
    usdt: z
      .object({ network: z.string(), address: z.string(), rate: z.string(), txHash: z.string().nullable() })
      .nullable(),
    /** Why an operator rejected it or the gateway declined it (or why its purchase was not made). */
    reason: z.string().nullable(),
    /** What the money buys beyond the wallet: a Star Card bought when it is credited. */
    purpose: z.object({ kind: z.literal('membership'), tier: z.enum(MEMBERSHIP_TIERS) }).nullable(),
  }),
);
export type RechargeOrder = z.infer<typeof rechargeOrder>;

/** A card-channel provider an order names (one the channel lists); none: the first listed. */
export const providerChoice = lazySchema(() => text().trim().min(1).max(20).optional());

export const addBalanceForm = lazySchema(() =>
  z.object({
    channel: z.enum(RECHARGE_CHANNELS, m('PleaseSelectPaymentMethod')),
    amount: amountSchema,
    requestId: requestIdSchema,
    /** The card channel's provider (one the channel lists); by default the first listed. */
    provider: providerChoice,
  }),
);

export const verifyRechargeForm = lazySchema(() =>
  z.object({
    orderNo: text().trim().min(1).max(40),
    /** USDT: the transaction hash of the deposit. */
    txHash: txHashSchema.optional(),
  }),
);

export const WITHDRAWAL_STAGES = ['applied', 'approved', 'processing', 'paid', 'failed', 'rejected'] as const;
export type WithdrawalStage = (typeof WITHDRAWAL_STAGES)[number];

export const withdrawalDestination = lazySchema(() =>
  z.object({
    channel: z.enum(WITHDRAWAL_CHANNELS),
    bank: z.string().nullable(),
    bankName: z.string().nullable(),
    accountName: z.string().nullable(),
    /** Masked: `•••• 6789`, or the USDT address. */
    account: z.string(),
  }),
);

export const withdrawal = lazySchema(() =>
  z.object({
    orderNo: z.string(),
    status: z.enum(WITHDRAWAL_STAGES),
    amount: z.string(),
    fee: z.string(),
    /** amount + fee: what left the spendable balance. */
    total: z.string(),
    currency: currencyKey,
    destination: withdrawalDestination,
    createdAt: z.string(),
    /** Stages reached so far, oldest first. */
    stages: z.array(z.object({ stage: z.enum(WITHDRAWAL_STAGES), at: z.string() })),
    reason: z.string().nullable(),
  }),
);
export type Withdrawal = z.infer<typeof withdrawal>;

export const applyWithdrawalForm = lazySchema(() =>
  z
    .object({
      amount: amountSchema,
      channel: z.enum(WITHDRAWAL_CHANNELS).default('bank'),
      bankCardId: text()
        .regex(/^\d{1,18}$/)
        .optional(),
      usdtAddress: usdtAddressSchema.optional(),
      payPassword: payPasswordSchema,
      requestId: requestIdSchema,
    })
    .refine((f) => f.channel !== 'usdt' || f.usdtAddress !== undefined, {
      path: ['usdtAddress'],
      message: 'InvalidUsdtAddress',
    }),
);

export const withdrawalRules = lazySchema(() =>
  z.object({
    currency: currencyKey,
    balance: z.string(),
    minAmount: z.string(),
    divisibleBy: z.string(),
    bankFeeBps: z.number().int(),
    usdtEnabled: z.boolean(),
    usdtFeeBps: z.number().int(),
    usdtMinFee: z.string(),
    quickAmounts: z.array(z.string()),
    /** The most the balance allows by bank with its fee ("all"); "0" when the minimum does not fit. */
    maxBankAmount: z.string(),
    maxUsdtAmount: z.string(),
    /** The three things withdrawing needs (spec section 6). */
    membershipActive: z.boolean(),
    payPasswordSet: z.boolean(),
    bankCardCount: z.number().int(),
  }),
);
export type WithdrawalRules = z.infer<typeof withdrawalRules>;
