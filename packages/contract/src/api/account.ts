import { z } from 'zod';
import { defineCall } from '../call.js';

const account = (path: string) => defineCall({ path: `/account/${path}`, auth: 'user' });
const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const accountCalls = {
  accountInfo: account('accountInfo'),
  walletRecords: defineCall({
    path: '/account/walletRecords',
    auth: 'user',
    query: pageQuery.extend({ type: z.string().trim().max(40).optional() }),
  }),
  queryBankCard: account('queryBankCard'),
  addBankCard: account('addBankCard'),
  delBankCard: account('delBankCard'),
  applyWithdrawal: defineCall({ path: '/account/applyWithdrawal', auth: 'user', hideErrorToast: true }),
  sendSmsCode: account('sendSmsCode'),
  setPayPassword: account('setPayPassword'),
  withdrawalProcess: defineCall({
    path: '/account/withdrawalProcess',
    auth: 'user',
    query: z.object({ orderNo: z.string().trim().min(1).max(64) }),
  }),
  revenueDetail: account('revenueDetail'),
  queryDkRedPacket: account('queryDkRedPacket'),
  userLevelStatistic: account('userLevelStatistic'),
  teamLevelStatusStatistic: account('teamLevelStatusStatistic'),
  teamStatus: account('teamStatus'),
  teamLevelStatus: account('teamLevelStatus'),
  queryVipCardCountAndStatus: account('queryVipCardCountAndStatus'),
  daliyAward: account('daliyAward'),
};
