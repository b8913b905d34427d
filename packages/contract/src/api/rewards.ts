import { z } from 'zod';
import { defineCall } from '../call.js';
import { MEMBERSHIP_TIERS } from '../constants.js';

const redPacketQuery = z.object({ redPacketId: z.string().trim().min(1).max(64) });

export const taskCalls = {
  queryFinish: defineCall({ path: '/appTask/queryFinish', auth: 'user' }),
  queryInviteTaskNum: defineCall({ path: '/appTask/queryInviteTaskNum', auth: 'user' }),
  submitTask: defineCall({ path: '/appTask/submitTask', auth: 'user' }),
};

export const redPacketCalls = {
  queryRedPacket: defineCall({ path: '/redP/queryRedPacket', auth: 'user', query: redPacketQuery }),
  receiveRedPacket: defineCall({
    path: '/redP/receiveRedPacket',
    auth: 'user',
    query: redPacketQuery,
    hideErrorToast: true,
  }),
};

export const rewardCalls = {
  ranking: defineCall({ path: '/reward/ranking', auth: 'guest' }),
  rankingByDay: defineCall({ path: '/reward/rankingByDay', auth: 'guest' }),
};

/** A test-only call that opens a membership level; the server registers it only outside production. */
export const testCalls = {
  openVipLevel: defineCall({
    path: '/test/openVipLevel',
    auth: 'user',
    body: z.object({
      /** 0 Drama Week Card, 1 Primary, 2 Premium, 3 Director Star Card (the spec's user types 1-3). */
      level: z.coerce.number().int().min(0).max(3),
      days: z.coerce.number().int().min(1).max(3650).optional(),
    }),
    response: z.object({ tier: z.enum(MEMBERSHIP_TIERS), startsAt: z.string(), endsAt: z.string() }),
  }),
};
