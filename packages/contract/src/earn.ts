/**
 * Earn: daily check-in, tasks, red packets, the rank board, the daily award and customer service:
 * tenant settings and the shapes the server answers.
 */
import { z } from 'zod';
import { CURRENCY_KEYS, type CurrencyKey } from './constants.js';
import type { MessageKey } from './messages.js';
import { amountSchema, requestIdSchema } from './wallet.js';
import { text, dateSchema } from './validation.js';
import { lazySchema } from './lazy-schema.js';

const m = (key: MessageKey) => ({ error: key });
const currencyKey = lazySchema(() => z.enum(CURRENCY_KEYS));

export const TASK_KINDS = [
  'watch_episodes',
  'invite_friends',
  'buy_card',
  'buy_copyright',
  'recharge',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export const TASK_PERIODS = ['daily', 'once'] as const;

export const earnSettingsSchema = lazySchema(() =>
  z.object({
    /** Check-in reward by streak day 1..n; from day n on the last one repeats. */
    checkinRewards: z.array(amountSchema).min(1).max(31),
    tasks: z
      .array(
        z.object({
          code: text().regex(/^[a-z0-9_]{2,40}$/),
          kind: z.enum(TASK_KINDS),
          target: z.number().int().min(1),
          reward: amountSchema,
          period: z.enum(TASK_PERIODS),
        }),
      )
      .max(30),
    redPacket: z.object({
      minShare: amountSchema,
      maxAmount: amountSchema,
      maxShares: z.number().int().min(1).max(500),
      expiryHours: z
        .number()
        .int()
        .min(1)
        .max(24 * 7),
    }),
    /** Daily award of Star Card holders, by tier (Primary, Premium, Director). */
    dailyAward: z.object({ primary: amountSchema, premium: amountSchema, director: amountSchema }),
    customerService: z
      .array(
        z.object({
          kind: z.enum(['telegram', 'whatsapp', 'email', 'chat']),
          label: text().min(1).max(60),
          /** A link (https://t.me/…, https://wa.me/…, mailto:…) or, for chat, the in-app chat route. */
          url: text().min(1).max(300),
        }),
      )
      .max(10),
    /** Telegram agents by host name (`/appConfig/queryTgAgent`); `*` is the fallback. */
    telegramAgents: z.record(text(), text()),
  }),
);
export type EarnSettings = z.infer<typeof earnSettingsSchema>;

export function defaultEarnSettings(currency: CurrencyKey): EarnSettings {
  const money: Record<
    CurrencyKey,
    {
      checkin: string[];
      task: [string, string, string, string, string];
      rp: [string, string];
      award: [string, string, string];
    }
  > = {
    PHP: {
      checkin: ['1', '1', '2', '2', '3', '3', '5'],
      task: ['2', '10', '20', '10', '5'],
      rp: ['1', '10000'],
      award: ['1', '3', '10'],
    },
    VND: {
      checkin: ['400', '400', '800', '800', '1200', '1200', '2000'],
      task: ['800', '4000', '8000', '4000', '2000'],
      rp: ['400', '4000000'],
      award: ['400', '1200', '4000'],
    },
    PKR: {
      checkin: ['5', '5', '10', '10', '15', '15', '25'],
      task: ['10', '50', '100', '50', '25'],
      rp: ['5', '50000'],
      award: ['5', '15', '50'],
    },
    IDR: {
      checkin: ['300', '300', '600', '600', '900', '900', '1500'],
      task: ['600', '3000', '6000', '3000', '1500'],
      rp: ['300', '3000000'],
      award: ['300', '900', '3000'],
    },
    USDT: {
      checkin: ['0.02', '0.02', '0.04', '0.04', '0.06', '0.06', '0.1'],
      task: ['0.04', '0.2', '0.4', '0.2', '0.1'],
      rp: ['0.02', '200'],
      award: ['0.02', '0.06', '0.2'],
    },
  };
  const c = money[currency];
  return {
    checkinRewards: c.checkin,
    tasks: [
      { code: 'watch_5', kind: 'watch_episodes', target: 5, reward: c.task[0], period: 'daily' },
      { code: 'invite_1', kind: 'invite_friends', target: 1, reward: c.task[1], period: 'daily' },
      { code: 'first_card', kind: 'buy_card', target: 1, reward: c.task[2], period: 'once' },
      { code: 'first_copyright', kind: 'buy_copyright', target: 1, reward: c.task[3], period: 'once' },
      { code: 'first_recharge', kind: 'recharge', target: 1, reward: c.task[4], period: 'once' },
    ],
    redPacket: { minShare: c.rp[0], maxAmount: c.rp[1], maxShares: 100, expiryHours: 24 },
    dailyAward: { primary: c.award[0], premium: c.award[1], director: c.award[2] },
    customerService: [
      { kind: 'chat', label: 'Live chat', url: '/pages/profile/chat/index' },
      { kind: 'telegram', label: 'Telegram support', url: 'https://t.me/dramastar_support' },
      { kind: 'email', label: 'E-mail', url: 'mailto:support@dramastar.example' },
    ],
    telegramAgents: { '*': 'https://t.me/dramastar_agent' },
  };
}

// ---------------------------------------------------------------------------------------------

export const checkinStatus = lazySchema(() =>
  z.object({
    currency: currencyKey,
    /** Days in a row up to today (0 when the streak was broken). */
    streak: z.number().int(),
    checkedToday: z.boolean(),
    /** What today's (or the next) check-in pays. */
    nextReward: z.string(),
    rewards: z.array(z.string()),
    /** The tenant's day of this answer (YYYY-MM-DD). */
    today: z.string(),
  }),
);

export const taskState = lazySchema(() =>
  z.object({
    code: z.string(),
    kind: z.enum(TASK_KINDS),
    period: z.enum(TASK_PERIODS),
    target: z.number().int(),
    progress: z.number().int(),
    reward: z.string(),
    /** done: reached, claimable; claimed: paid this period. */
    status: z.enum(['open', 'done', 'claimed']),
  }),
);
export const taskList = lazySchema(() => z.object({ currency: currencyKey, tasks: z.array(taskState) }));

export const RED_PACKET_STATES = ['opened', 'claimed', 'expired'] as const;
export const redPacket = lazySchema(() =>
  z.object({
    id: z.string(),
    sender: z.string(),
    senderAvatar: z.string().nullable(),
    greeting: z.string(),
    currency: currencyKey,
    amount: z.string(),
    shares: z.number().int(),
    split: z.enum(['equal', 'random']),
    claimedShares: z.number().int(),
    claimedAmount: z.string(),
    /** opened: shares left; claimed: all taken; expired: past its time (the rest went back). */
    state: z.enum(RED_PACKET_STATES),
    refunded: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
    mine: z.boolean(),
    /** The viewer's share, when they claimed one. */
    myClaim: z.string().nullable(),
    claims: z.array(z.object({ nickname: z.string(), amount: z.string(), at: z.string() })),
  }),
);
export type RedPacket = z.infer<typeof redPacket>;

export const createRedPacketForm = lazySchema(() =>
  z.object({
    amount: amountSchema,
    shares: z.coerce
      .number()
      .int(m('ValidationFailed'))
      .min(1, m('ValidationFailed'))
      .max(500, m('ValidationFailed')),
    split: z.enum(['equal', 'random']).default('random'),
    greeting: text().trim().max(60).default(''),
    requestId: requestIdSchema,
  }),
);

export const rankingQuery = lazySchema(() =>
  z.object({
    type: z.enum(['earnings', 'invites']).default('earnings'),
    /** YYYY-MM-DD in the tenant's time zone (rankingByDay); default today. */
    day: dateSchema.optional(),
    tenantId: text()
      .regex(/^\d{6}$/)
      .optional(),
  }),
);
export const ranking = lazySchema(() =>
  z.object({
    currency: currencyKey,
    type: z.enum(['earnings', 'invites']),
    day: z.string().nullable(),
    list: z.array(
      z.object({
        rank: z.number().int(),
        nickname: z.string(),
        avatar: z.string().nullable(),
        value: z.string(),
      }),
    ),
    /** The viewer's own place (null for guests, or value 0 without a place). */
    me: z.object({ rank: z.number().int().nullable(), value: z.string() }).nullable(),
  }),
);

export const dailyAward = lazySchema(() =>
  z.object({
    currency: currencyKey,
    tier: z.string().nullable(),
    amount: z.string(),
    claimedToday: z.boolean(),
    today: z.string(),
  }),
);

export const customerService = lazySchema(() =>
  z.object({
    currency: currencyKey,
    contacts: z.array(
      z.object({
        kind: z.enum(['telegram', 'whatsapp', 'email', 'chat']),
        label: z.string(),
        url: z.string(),
      }),
    ),
  }),
);
