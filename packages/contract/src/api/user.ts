import { z } from 'zod';
import { defineCall } from '../call.js';
import {
  AVATAR_MAX_BYTES,
  bindEmailForm,
  bindUserNameForm,
  changePasswordForm,
  inviteCodeSchema,
  nicknameSchema,
  tenantIdSchema,
  text,
} from '../validation.js';
import { addBalanceForm, rechargeOrder, verifyRechargeForm, withdrawalRules } from '../wallet.js';
import { CURRENCY_KEYS, MEMBERSHIP_TIERS } from '../constants.js';
import { checkinStatus } from '../earn.js';
import {
  buyCardByChannelForm,
  buyCardForm,
  canSendTrialCard,
  getTrialCardForm,
  membershipStatus,
  pointEntry,
  pointsRulesSchema,
  purchaseResult,
  sendTrialCardForm,
  tierOffer,
  trialCards,
} from '../membership.js';
import { lazySchema } from '../lazy-schema.js';

export const LOGIN_METHODS = ['email', 'username', 'google'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const userInfo = lazySchema(() =>
  z.object({
    /** The user's ID as shown on the profile (digits). */
    userId: z.string(),
    tenantId: z.string(),
    nickname: z.string(),
    /** Avatar image path, or null for the default picture. */
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    userName: z.string().nullable(),
    areaCode: z.string().nullable(),
    phone: z.string().nullable(),
    /** The user's own 8-character invite code and link. */
    inviteCode: z.string(),
    inviteLink: z.string(),
    /** The inviter's code once bound (then it can never change), else null. */
    inviterCode: z.string().nullable(),
    loginMethods: z.array(z.enum(LOGIN_METHODS)),
    hasPassword: z.boolean(),
    createdAt: z.string(),
  }),
);
export type UserInfo = z.infer<typeof userInfo>;

export const accountMessage = lazySchema(() =>
  z.object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    content: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
  }),
);

export const loginMethodStatus = lazySchema(() =>
  z.object({
    method: z.enum(LOGIN_METHODS),
    bound: z.boolean(),
    /** What identifies it, masked: `a***@example.com`, the user name, the Google e-mail. */
    detail: z.string().nullable(),
    /** False when it is the last way to log in. */
    canUnbind: z.boolean(),
  }),
);

const pageQuery = lazySchema(() =>
  z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
);

const inviterResult = lazySchema(() => z.object({ inviterCode: z.string() }));

export const userCalls = {
  info: defineCall({ path: '/user/info', auth: 'user', response: userInfo }),
  /** Binds the inviter by a system (operator or agent) invite code. */
  setSysUser: defineCall({
    path: '/user/setSysUser',
    auth: 'user',
    query: lazySchema(() =>
      z.object({ sysInviteCode: inviteCodeSchema.min(1, { error: 'InvalidInviteCode' }) }),
    ),
    response: inviterResult,
  }),
  update: defineCall({
    path: '/user/update',
    auth: 'user',
    body: lazySchema(() =>
      z.object({
        nickname: nicknameSchema.optional(),
        /** A path returned by /user/uploadAvatar. */
        avatar: text().max(300).nullable().optional(),
      }),
    ),
    response: userInfo,
  }),
  /** The avatar image as a data URL (PNG, JPEG or WebP, at most 2 MB). */
  uploadAvatar: defineCall({
    path: '/user/uploadAvatar',
    auth: 'user',
    body: lazySchema(() =>
      z.object({
        image: text().max(Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100, { error: 'ImageTooLarge' }),
      }),
    ),
    response: lazySchema(() => z.object({ avatar: z.string() })),
    bodyLimit: 4 * 1024 * 1024,
  }),
  /** Whether a payment password is set (the spec's spelling), and until when it is locked. */
  exitsPayPass: defineCall({
    path: '/user/exitsPayPass',
    auth: 'user',
    response: lazySchema(() => z.object({ exists: z.boolean(), lockedUntil: z.string().nullable() })),
  }),
  /** Binds the inviter once; never oneself or someone of one's own team. */
  setInviteCode: defineCall({
    path: '/user/setInviteCode',
    auth: 'user',
    query: lazySchema(() =>
      z.object({ inviteCode: inviteCodeSchema.min(1, { error: 'InvalidInviteCode' }) }),
    ),
    response: inviterResult,
  }),
  /** Gives a trial card to a team member (by invite code) or as a code any friend can claim. */
  sendTrialCard: defineCall({
    path: '/user/sendTrialCard',
    auth: 'user',
    body: sendTrialCardForm,
    response: trialCards,
  }),
  /** Claims a gifted card by code, or activates one's own unused card (72 hours of free viewing). */
  getTrialCard: defineCall({
    path: '/user/getTrialCard',
    auth: 'user',
    body: getTrialCardForm,
    response: trialCards,
  }),
  /** Whether the user may gift trial cards now, and how many are left this period. */
  queryCanSendTrialCard: defineCall({
    path: '/user/queryCanSendTrialCard',
    auth: 'user',
    response: canSendTrialCard,
  }),
  /** The trial cards owned and sent (ours: the page needs the list). */
  trialCards: defineCall({ path: '/user/trialCards', auth: 'user', response: trialCards }),
  /** Points balance and history, newest first, with the tenant's points rules (what each event pays). */
  queryVideoPoint: defineCall({
    path: '/user/queryVideoPoint',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() =>
      z.object({
        balance: z.number().int(),
        list: z.array(pointEntry),
        total: z.number().int(),
        rules: pointsRulesSchema,
      }),
    ),
  }),
  /** Today's check-in (once per day in the tenant's time zone); pays the streak day's reward. */
  signin: defineCall({
    path: '/user/signin',
    auth: 'user',
    response: lazySchema(() => checkinStatus.extend({ reward: z.string(), balance: z.string() })),
  }),
  querySigninDayNum: defineCall({ path: '/user/querySigninDayNum', auth: 'user', response: checkinStatus }),
  /** Creates a recharge order on a channel (gateway, official transfer, USDT); idempotent by requestId. */
  addBalance: defineCall({
    path: '/user/addBalance',
    auth: 'user',
    body: addBalanceForm,
    response: rechargeOrder,
  }),
  /** Account messages, newest first. */
  getMessage: defineCall({
    path: '/user/getMessage',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() =>
      z.object({ list: z.array(accountMessage), total: z.number().int(), unread: z.number().int() }),
    ),
  }),
  readMessages: defineCall({
    path: '/user/readMessages',
    auth: 'user',
    body: lazySchema(() => z.object({ ids: z.array(text().regex(/^\d+$/)).max(100).optional() })),
    response: lazySchema(() => z.object({ unread: z.number().int() })),
  }),
  /**
   * A recharge order's state; with `txHash` it submits the USDT deposit's hash, and for an official
   * transfer it records "I have transferred" (inside the 5-minute window).
   */
  addAccountBalanceVerify: defineCall({
    path: '/user/addAccountBalanceVerify',
    auth: 'user',
    body: verifyRechargeForm,
    response: rechargeOrder,
  }),
  /**
   * The withdraw page's rules and what withdrawing needs and whether the user has it (membership,
   * bank card, payment password); the app's one call for them.
   */
  queryMustBankCardMsg: defineCall({
    path: '/user/queryMustBankCardMsg',
    auth: 'user',
    response: withdrawalRules,
  }),
  /** Buys a card through a recharge channel: the order's confirmation credits and activates it. */
  openvip: defineCall({
    path: '/user/openvip',
    auth: 'user',
    body: buyCardByChannelForm,
    response: rechargeOrder,
  }),
  /** Buys, renews or upgrades a card from the wallet (idempotent by requestId). */
  openvipByBalance: defineCall({
    path: '/user/openvipByBalance',
    auth: 'user',
    body: buyCardForm,
    response: purchaseResult,
  }),
  /** The user's highest active card and every tier with what buying it now would cost. */
  queryGreatestVipcard: defineCall({
    path: '/user/queryGreatestVipcard',
    auth: 'user',
    response: membershipStatus,
  }),
  /**
   * The tenant's Star Card tiers with price, days and what each unlocks, for anyone (a guest sees
   * every price before signing in); the quote is a first purchase.
   */
  starCardTiers: defineCall({
    path: '/user/starCardTiers',
    auth: 'guest',
    query: lazySchema(() => z.object({ tenantId: tenantIdSchema.optional() })),
    response: lazySchema(() => z.object({ currency: z.enum(CURRENCY_KEYS), tiers: z.array(tierOffer) })),
  }),
  /** The tiers above the current one and what upgrading costs (remaining value credited). */
  queryVipLevelUpQualification: defineCall({
    path: '/user/queryVipLevelUpQualification',
    auth: 'user',
    response: lazySchema(() =>
      z.object({ current: z.enum(MEMBERSHIP_TIERS).nullable(), upgrades: z.array(tierOffer) }),
    ),
  }),
  loginMethods: defineCall({
    path: '/user/loginMethods',
    auth: 'user',
    response: lazySchema(() => z.object({ methods: z.array(loginMethodStatus), googleEnabled: z.boolean() })),
  }),
  bindEmail: defineCall({ path: '/user/bindEmail', auth: 'user', body: bindEmailForm, response: userInfo }),
  bindUserName: defineCall({
    path: '/user/bindUserName',
    auth: 'user',
    body: bindUserNameForm,
    response: userInfo,
  }),
  unbind: defineCall({
    path: '/user/unbind',
    auth: 'user',
    body: lazySchema(() => z.object({ method: z.enum(['email', 'google']) })),
    response: userInfo,
  }),
  /** A single-use ticket (2 minutes) that signs the same user in elsewhere (`/auth/loginByTicket`). */
  handoffTicket: defineCall({
    path: '/user/handoffTicket',
    auth: 'user',
    response: lazySchema(() => z.object({ ticket: z.string() })),
  }),
  /** A single-use ticket (5 minutes) for the browser navigation that links Google. */
  bindTicket: defineCall({
    path: '/user/bindTicket',
    auth: 'user',
    response: lazySchema(() => z.object({ ticket: z.string() })),
  }),
  /** Changes the password; every session ends and a new one is returned. */
  changePassword: defineCall({
    path: '/user/changePassword',
    auth: 'user',
    body: changePasswordForm,
    response: lazySchema(() => z.object({ access_token: z.string() })),
  }),
  /**
   * Cancels the account for good: sessions end, personal data is erased. Proof it is the owner:
   * the password when the account has one, else a code sent to its e-mail (`type: 'cancel'`).
   */
  cancelAccount: defineCall({
    path: '/user/cancelAccount',
    auth: 'user',
    body: lazySchema(() =>
      z.object({
        password: text().max(40).optional(),
        verifyCode: text().trim().max(6).optional(),
      }),
    ),
    response: lazySchema(() => z.null()),
  }),
};
