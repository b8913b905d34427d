import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS } from '../constants.js';
import { bankCardForm, setPayPasswordForm, text } from '../validation.js';
import { membershipCard } from '../membership.js';
import { dailyAward, redPacket } from '../earn.js';
import {
  levelCount,
  levelStatus,
  revenueDetail,
  revenueDetailQuery,
  teamMember,
  teamMembersQuery,
  teamStatus,
} from '../team.js';
import { applyWithdrawalForm, rechargeOrder, withdrawal } from '../wallet.js';
import { lazySchema } from '../lazy-schema.js';

const pageQuery = lazySchema(() =>
  z.object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
);

/** Kinds of wallet movements (`type` of a wallet record and its filter). */
export const WALLET_RECORD_TYPES = [
  'recharge',
  'withdrawal',
  'withdrawal_refund',
  'fee',
  'membership',
  'copyright_purchase',
  'copyright_revenue',
  'referral_reward',
  'welfare',
  'red_packet',
  'task_reward',
  'checkin',
  'daily_award',
  'red_packet_refund',
  'membership_refund',
  'salary',
  'dividend',
  /** Support's or finance's refund to the wallet (a credit with a reason). */
  'refund_credit',
  /** A goodwill credit from support or finance. */
  'goodwill_credit',
] as const;
export type WalletRecordType = (typeof WALLET_RECORD_TYPES)[number];

/**
 * Every kind of ledger transfer: the wallet's kinds, and the two that move money between the
 * platform's own accounts only (a withdrawal paid out, its fee taken as income).
 */
export const TRANSFER_KINDS = [...WALLET_RECORD_TYPES, 'payout', 'fee_income'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const walletRecord = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(TRANSFER_KINDS),
    /** Signed decimal string in major units: + money in, - money out. */
    amount: z.string(),
    currency: z.enum(CURRENCY_KEYS),
    reference: z.string(),
    createdAt: z.string(),
  }),
);

export const bankCard = lazySchema(() =>
  z.object({
    id: z.string(),
    bank: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    /** Only the last 4 digits shown: `•••• 6789`. */
    cardNumber: z.string(),
    createdAt: z.string(),
  }),
);

export const accountCalls = {
  /** The wallet: spendable balance as a decimal string in the tenant's currency. */
  accountInfo: defineCall({
    path: '/account/accountInfo',
    auth: 'user',
    response: lazySchema(() => z.object({ currency: z.enum(CURRENCY_KEYS), balance: z.string() })),
  }),
  /** The wallet's movements from the ledger, newest first; `type` filters by kind. */
  walletRecords: defineCall({
    path: '/account/walletRecords',
    auth: 'user',
    query: lazySchema(() => pageQuery.extend({ type: z.enum(WALLET_RECORD_TYPES).optional() })),
    response: lazySchema(() => z.object({ list: z.array(walletRecord), total: z.number().int() })),
  }),
  /** The user's bank cards, numbers masked. */
  queryBankCard: defineCall({
    path: '/account/queryBankCard',
    auth: 'user',
    response: lazySchema(() => z.object({ list: z.array(bankCard) })),
  }),
  addBankCard: defineCall({
    path: '/account/addBankCard',
    auth: 'user',
    body: bankCardForm,
    response: lazySchema(() => z.object({ list: z.array(bankCard) })),
  }),
  delBankCard: defineCall({
    path: '/account/delBankCard',
    auth: 'user',
    body: lazySchema(() => z.object({ id: text().regex(/^\d{1,18}$/) })),
    response: lazySchema(() => z.object({ list: z.array(bankCard) })),
  }),
  /**
   * Moves amount + fee out of the spendable balance into withdrawals payable and starts the stages.
   * Needs an active Star Card, a bank card (or a USDT address) and the payment password. The same
   * requestId answers the same withdrawal; with other details it is refused.
   */
  applyWithdrawal: defineCall({
    path: '/account/applyWithdrawal',
    auth: 'user',
    hideErrorToast: true,
    body: applyWithdrawalForm,
    response: withdrawal,
  }),
  /**
   * Sends the code that sets or resets the payment password. The spec's name says SMS; there is no
   * SMS provider, so the code goes to the account's e-mail (409 EmailRequired without one).
   */
  sendSmsCode: defineCall({
    path: '/account/sendSmsCode',
    auth: 'user',
    response: lazySchema(() =>
      z.object({
        email: z.string(),
        expiresInSeconds: z.number().int(),
        resendInSeconds: z.number().int(),
      }),
    ),
  }),
  /** Sets or resets the 6-digit payment password with that code. */
  setPayPassword: defineCall({
    path: '/account/setPayPassword',
    auth: 'user',
    body: setPayPasswordForm,
    response: lazySchema(() => z.object({ exists: z.boolean(), lockedUntil: z.string().nullable() })),
  }),
  withdrawalProcess: defineCall({
    path: '/account/withdrawalProcess',
    auth: 'user',
    query: lazySchema(() => z.object({ orderNo: text().trim().min(1).max(64) })),
    response: withdrawal,
  }),
  /** The user's withdrawals, newest first (ours: the spec does not show this list's call). */
  withdrawalRecords: defineCall({
    path: '/account/withdrawalRecords',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() => z.object({ list: z.array(withdrawal), total: z.number().int() })),
  }),
  /** The user's recharge orders, newest first, in any state (ours). */
  rechargeRecords: defineCall({
    path: '/account/rechargeRecords',
    auth: 'user',
    query: pageQuery,
    response: lazySchema(() => z.object({ list: z.array(rechargeOrder), total: z.number().int() })),
  }),
  /** One recharge order of the user, read only (ours). */
  rechargeOrder: defineCall({
    path: '/account/rechargeOrder',
    auth: 'user',
    query: lazySchema(() => z.object({ orderNo: text().trim().min(1).max(40) })),
    response: rechargeOrder,
  }),
  /** The user's earnings by kind: today, yesterday (or a chosen day) and in total. */
  revenueDetail: defineCall({
    path: '/account/revenueDetail',
    auth: 'user',
    query: revenueDetailQuery,
    body: revenueDetailQuery,
    response: revenueDetail,
  }),
  /** The user's red packets: sent (with their state and refunds) and received. */
  queryDkRedPacket: defineCall({
    path: '/account/queryDkRedPacket',
    auth: 'user',
    response: lazySchema(() => z.object({ sent: z.array(redPacket), received: z.array(redPacket) })),
  }),
  /** Team members per level 1-5. */
  userLevelStatistic: defineCall({
    path: '/account/userLevelStatistic',
    auth: 'user',
    response: lazySchema(() => z.object({ total: z.number().int(), levels: z.array(levelCount) })),
  }),
  /** Per level: members, those with an active Star Card, and what the user earned from it. */
  teamLevelStatusStatistic: defineCall({
    path: '/account/teamLevelStatusStatistic',
    auth: 'user',
    response: lazySchema(() => z.object({ currency: z.enum(CURRENCY_KEYS), levels: z.array(levelStatus) })),
  }),
  /** The team at a glance (myTeam/index header). */
  teamStatus: defineCall({ path: '/account/teamStatus', auth: 'user', response: teamStatus }),
  /** One level's members, paged. */
  teamLevelStatus: defineCall({
    path: '/account/teamLevelStatus',
    auth: 'user',
    query: teamMembersQuery,
    response: lazySchema(() => z.object({ list: z.array(teamMember), total: z.number().int() })),
  }),
  /** Every card the user has held: how many, and each one's tier, dates and state. */
  queryVipCardCountAndStatus: defineCall({
    path: '/account/queryVipCardCountAndStatus',
    auth: 'user',
    response: lazySchema(() =>
      z.object({
        count: z.number().int(),
        activeCount: z.number().int(),
        list: z.array(
          membershipCard.extend({
            status: z.enum(['active', 'upcoming', 'expired', 'replaced']),
            source: z.string(),
          }),
        ),
      }),
    ),
  }),
  /** The Star Card holder's daily award: its state, and with `claim: true` claims today's. */
  daliyAward: defineCall({
    path: '/account/daliyAward',
    auth: 'user',
    query: lazySchema(() => z.object({ claim: text().pipe(z.stringbool()).optional() })),
    body: lazySchema(() => z.object({ claim: z.boolean().optional() })),
    response: dailyAward,
  }),
};
