import { z } from 'zod';
import { defineCall } from '../call.js';

const user = (path: string) => defineCall({ path: `/user/${path}`, auth: 'user' });

export const userCalls = {
  info: user('info'),
  setSysUser: defineCall({
    path: '/user/setSysUser',
    auth: 'user',
    query: z.object({ sysInviteCode: z.string().trim().max(8) }),
  }),
  update: user('update'),
  exitsPayPass: user('exitsPayPass'),
  setInviteCode: defineCall({
    path: '/user/setInviteCode',
    auth: 'user',
    query: z.object({ inviteCode: z.string().trim().max(8) }),
  }),
  sendTrialCard: user('sendTrialCard'),
  getTrialCard: user('getTrialCard'),
  queryCanSendTrialCard: user('queryCanSendTrialCard'),
  queryVideoPoint: user('queryVideoPoint'),
  signin: user('signin'),
  querySigninDayNum: user('querySigninDayNum'),
  addBalance: user('addBalance'),
  getMessage: user('getMessage'),
  addAccountBalanceVerify: user('addAccountBalanceVerify'),
  queryMustBankCardMsg: user('queryMustBankCardMsg'),
  openvip: user('openvip'),
  openvipByBalance: user('openvipByBalance'),
  queryGreatestVipcard: user('queryGreatestVipcard'),
  queryVipLevelUpQualification: user('queryVipLevelUpQualification'),
};
