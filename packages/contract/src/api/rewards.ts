import { z } from 'zod';
import { defineCall } from '../call.js';

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
  openVipLevel: defineCall({ path: '/test/openVipLevel', auth: 'user' }),
};
