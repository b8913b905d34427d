import { z } from 'zod';
import { defineCall } from '../call.js';
import { CURRENCY_KEYS, MEMBERSHIP_TIERS } from '../constants.js';
import { createRedPacketForm, ranking, rankingQuery, redPacket, taskList, taskState } from '../earn.js';
import { text } from '../validation.js';
import { lazySchema } from '../lazy-schema.js';

/** A red packet's public id in links: 32 hex digits (128 random bits), never a sequential number. */
export const RED_PACKET_TOKEN = /^[0-9a-f]{32}$/;

const redPacketQuery = lazySchema(() =>
  z.object({
    redPacketId: text().trim().toLowerCase().regex(RED_PACKET_TOKEN, { error: 'RedPacketNotFound' }),
  }),
);

export const taskCalls = {
  /** The tasks with progress measured from real events, and whether each is claimed this period. */
  queryFinish: defineCall({ path: '/appTask/queryFinish', auth: 'user', response: taskList }),
  /** Friends invited today and in total (the invite task's progress). */
  queryInviteTaskNum: defineCall({
    path: '/appTask/queryInviteTaskNum',
    auth: 'user',
    response: lazySchema(() => z.object({ today: z.number().int(), total: z.number().int() })),
  }),
  /** Claims a reached task's reward, once per period. */
  submitTask: defineCall({
    path: '/appTask/submitTask',
    auth: 'user',
    bodyInQuery: true,
    body: lazySchema(() => z.object({ code: text().trim().min(1).max(40) })),
    response: lazySchema(() => z.object({ task: taskState, balance: z.string() })),
  }),
};

export const redPacketCalls = {
  queryRedPacket: defineCall({
    path: '/redP/queryRedPacket',
    auth: 'user',
    query: redPacketQuery,
    response: redPacket,
  }),
  /** Claims one share (one per user); the screen handles its refusals (claimed, expired). */
  receiveRedPacket: defineCall({
    path: '/redP/receiveRedPacket',
    auth: 'user',
    query: redPacketQuery,
    hideErrorToast: true,
    response: lazySchema(() => z.object({ amount: z.string(), packet: redPacket })),
  }),
  /** Funds a red packet from the balance into escrow (ours: the spec shows the page, not the call). */
  sendRedPacket: defineCall({
    path: '/redP/sendRedPacket',
    auth: 'user',
    body: createRedPacketForm,
    response: redPacket,
  }),
  /** The tenant's red-packet limits (its configuration, else the currency's defaults). */
  rules: defineCall({
    path: '/redP/rules',
    auth: 'user',
    response: lazySchema(() =>
      z.object({
        currency: z.enum(CURRENCY_KEYS),
        minShare: z.string(),
        maxAmount: z.string(),
        maxShares: z.number().int(),
        expiryHours: z.number().int(),
      }),
    ),
  }),
};

export const rewardCalls = {
  /** The rank board overall: by earnings or by invitations, with the viewer's own place. */
  ranking: defineCall({ path: '/reward/ranking', auth: 'guest', query: rankingQuery, response: ranking }),
  /** The rank board of one day (default today, tenant time zone). */
  rankingByDay: defineCall({
    path: '/reward/rankingByDay',
    auth: 'guest',
    query: rankingQuery,
    response: ranking,
  }),
};

/** A test-only call that opens a membership level; the server registers it only outside production. */
export const testCalls = {
  openVipLevel: defineCall({
    path: '/test/openVipLevel',
    auth: 'user',
    body: lazySchema(() =>
      z.object({
        /** 0 Drama Week Card, 1 Primary, 2 Premium, 3 Director Star Card (the spec's user types 1-3). */
        level: z.coerce.number().int().min(0).max(3),
        days: z.coerce.number().int().min(1).max(3650).optional(),
      }),
    ),
    response: lazySchema(() =>
      z.object({ tier: z.enum(MEMBERSHIP_TIERS), startsAt: z.string(), endsAt: z.string() }),
    ),
  }),
};
