/**
 * Star Cards (memberships), trial cards and points: the tiers a tenant sells, what each unlocks,
 * and the shapes the server answers.
 */
import { z } from 'zod';
import {
  CURRENCY_KEYS,
  type CurrencyKey,
  LIMITS,
  MEMBERSHIP_TIERS,
  type MembershipTier,
} from './constants.js';
import type { MessageKey } from './messages.js';
import { amountSchema, providerChoice, RECHARGE_CHANNELS, requestIdSchema } from './wallet.js';
import { text } from './validation.js';
import { lazySchema } from './lazy-schema.js';

const m = (key: MessageKey) => ({ error: key });

/** Star Cards are the tiers from Primary up (the spec's user types 1-3); the Week Card is viewing only. */
export const STAR_TIERS = ['primary', 'premium', 'director'] as const satisfies readonly MembershipTier[];
export const tierRank = (tier: MembershipTier) => MEMBERSHIP_TIERS.indexOf(tier);
export const isStarTier = (tier: MembershipTier) => tierRank(tier) >= tierRank('primary');

export const tierSettings = lazySchema(() =>
  z.object({
    tier: z.enum(MEMBERSHIP_TIERS),
    enabled: z.boolean(),
    price: amountSchema,
    days: z.number().int().min(1).max(3650),
    /** How many team levels below the holder pay them referral and welfare rewards (0-5). */
    rewardLevels: z.number().int().min(0).max(5),
  }),
);
/** Points paid per event (spec section 9); 0 turns an event's points off. */
export const pointsRulesSchema = lazySchema(() =>
  z.object({
    /** To the viewer, the first time they play a paid episode. */
    paidEpisode: z.number().int().min(0).max(1_000_000),
    /** To the inviter when a new user registers with their invite code. */
    shareToNewUser: z.number().int().min(0).max(1_000_000),
    /** To the inviter when that user first buys a Primary / Premium / Director card. */
    sharePrimaryCard: z.number().int().min(0).max(1_000_000),
    sharePremiumCard: z.number().int().min(0).max(1_000_000),
    shareDirectorCard: z.number().int().min(0).max(1_000_000),
  }),
);
export type PointsRules = z.infer<typeof pointsRulesSchema>;
export const defaultPointsRules = (): PointsRules => ({ ...LIMITS.points });

export const membershipSettingsSchema = lazySchema(() =>
  z.object({
    tiers: z.array(tierSettings).length(MEMBERSHIP_TIERS.length),
    /** Trial cards a Star Card holder may gift per period, and the period in days. */
    giftTrialCards: z.number().int().min(0).max(100),
    giftPeriodDays: z.number().int().min(1).max(365),
    trialCardHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    /** Optional in what is stored (settings saved before it existed): absent = the defaults. */
    points: pointsRulesSchema.default(defaultPointsRules),
  }),
);
export type MembershipSettings = z.infer<typeof membershipSettingsSchema>;

export function defaultMembershipSettings(currency: CurrencyKey): MembershipSettings {
  const prices: Record<CurrencyKey, [string, string, string, string]> = {
    PHP: ['49', '299', '999', '2999'],
    VND: ['20000', '129000', '429000', '1290000'],
    PKR: ['149', '899', '2999', '8999'],
    IDR: ['14900', '99000', '329000', '990000'],
    USDT: ['0.99', '4.99', '16.99', '49.99'],
  };
  const p = prices[currency];
  return {
    tiers: [
      { tier: 'week', enabled: true, price: p[0], days: 7, rewardLevels: 0 },
      { tier: 'primary', enabled: true, price: p[1], days: 30, rewardLevels: 2 },
      { tier: 'premium', enabled: true, price: p[2], days: 30, rewardLevels: 3 },
      { tier: 'director', enabled: true, price: p[3], days: 30, rewardLevels: 5 },
    ],
    giftTrialCards: LIMITS.freeTrialCardsPerPeriod,
    giftPeriodDays: 30,
    trialCardHours: LIMITS.trialCardHours,
    points: defaultPointsRules(),
  };
}

/** What a tier gives (for the privilege page); derived, not configured, so it never lies. */
export const PRIVILEGES = ['viewing', 'welfare', 'referral', 'trialCards', 'gifting', 'withdrawal'] as const;
export type Privilege = (typeof PRIVILEGES)[number];
export function privilegesOf(tier: MembershipTier): Privilege[] {
  return isStarTier(tier) ? [...PRIVILEGES] : ['viewing'];
}

const currencyKey = lazySchema(() => z.enum(CURRENCY_KEYS));

export const membershipCard = lazySchema(() =>
  z.object({
    tier: z.enum(MEMBERSHIP_TIERS),
    startsAt: z.string(),
    endsAt: z.string(),
  }),
);

export const tierOffer = lazySchema(() =>
  z.object({
    tier: z.enum(MEMBERSHIP_TIERS),
    /** 1-3 for Star Cards (the spec's user types), 0 for the Week Card. */
    level: z.number().int(),
    price: z.string(),
    currency: currencyKey,
    days: z.number().int(),
    privileges: z.array(z.enum(PRIVILEGES)),
    trialCardsPerPeriod: z.number().int(),
    rewardLevels: z.number().int(),
    /** What buying it now costs this user and does (renew, upgrade with credit, or refused). */
    quote: z.object({
      action: z.enum(['buy', 'renew', 'upgrade', 'lower']),
      /** Credit for the unused days of the card being replaced (upgrade), else "0". */
      credit: z.string(),
      /** price - credit: what leaves the wallet. */
      pay: z.string(),
      /** When the card would end if bought now. */
      endsAt: z.string(),
    }),
  }),
);
export type TierOffer = z.infer<typeof tierOffer>;

export const membershipStatus = lazySchema(() =>
  z.object({
    currency: currencyKey,
    /** The highest active card, or null for an ordinary user. */
    active: membershipCard.nullable(),
    /** 0 ordinary user, then week, 1-3 Star Cards. */
    userType: z.number().int(),
    trial: z.object({ activeUntil: z.string().nullable() }),
    tiers: z.array(tierOffer),
  }),
);
export type MembershipStatus = z.infer<typeof membershipStatus>;

export const buyCardForm = lazySchema(() =>
  z.object({
    tier: z.enum(MEMBERSHIP_TIERS, m('ValidationFailed')),
    requestId: requestIdSchema,
  }),
);
export const buyCardByChannelForm = lazySchema(() =>
  buyCardForm.extend({
    channel: z.enum(RECHARGE_CHANNELS, m('PleaseSelectPaymentMethod')),
    /** The card channel's provider (one the channel lists); none: the first listed. */
    provider: providerChoice,
  }),
);

export const purchaseResult = lazySchema(() =>
  z.object({
    card: membershipCard,
    action: z.enum(['buy', 'renew', 'upgrade']),
    paid: z.string(),
    credit: z.string(),
    balance: z.string(),
  }),
);

export const TRIAL_CARD_STATES = ['unused', 'active', 'expired', 'gifted'] as const;
export const trialCard = lazySchema(() =>
  z.object({
    id: z.string(),
    /** signup (every new user's own), gift (received), or issued (a member's gift not yet claimed). */
    source: z.enum(['signup', 'gift', 'issued']),
    status: z.enum(TRIAL_CARD_STATES),
    /** For an issued gift: the code the friend enters. */
    code: z.string().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    activatedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export const trialCards = lazySchema(() =>
  z.object({
    hours: z.number().int(),
    /** The trial card now giving free viewing, if any. */
    activeUntil: z.string().nullable(),
    owned: z.array(trialCard),
    sent: z.array(trialCard),
  }),
);
export const canSendTrialCard = lazySchema(() =>
  z.object({
    allowed: z.boolean(),
    /** Why not, when not allowed: MembershipRequired or TrialCardGiftLimit. */
    reason: z.string().nullable(),
    perPeriod: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    periodDays: z.number().int(),
  }),
);
export const sendTrialCardForm = lazySchema(() =>
  z.object({
    /** The friend's invite code (a member of one's team); omitted: a code any friend can redeem. */
    inviteCode: text().trim().toUpperCase().length(8, m('InvalidInviteCode')).optional(),
    requestId: requestIdSchema,
  }),
);
export const getTrialCardForm = lazySchema(() =>
  z.object({
    /** A gift code to claim; omitted: activate one's own unused card. */
    code: text()
      .trim()
      .toUpperCase()
      .regex(/^TC[A-Z2-9]{8}$/, m('TrialCardCodeInvalid'))
      .optional(),
  }),
);

export const pointEntry = lazySchema(() =>
  z.object({
    id: z.string(),
    amount: z.number().int(),
    kind: z.string(),
    createdAt: z.string(),
  }),
);
