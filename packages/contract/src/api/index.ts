import type { AnyCall } from '../call.js';
import { accountCalls } from './account.js';
import { authCalls } from './auth.js';
import { configCalls } from './config.js';
import { redPacketCalls, rewardCalls, taskCalls, testCalls } from './rewards.js';
import { teamCalls } from './team.js';
import { userCalls } from './user.js';
import { videoCalls } from './video.js';

export * from './account.js';
export * from './auth.js';
export * from './config.js';
export * from './rewards.js';
export * from './team.js';
export * from './user.js';
export * from './video.js';

/** Every call of spec section 7, grouped as the spec groups them. */
export const api = {
  auth: authCalls,
  user: userCalls,
  config: configCalls,
  account: accountCalls,
  task: taskCalls,
  redPacket: redPacketCalls,
  reward: rewardCalls,
  test: testCalls,
  video: videoCalls,
  team: teamCalls,
} as const;

export function allCalls(): AnyCall[] {
  return Object.values(api).flatMap((group) => Object.values(group) as AnyCall[]);
}
