import { api, isCurrencyKey, toMajor } from '@dramastar/contract';
import type { Db } from '../../db/client.js';
import { clientAddress } from '../../http/client-address.js';
import type { Router } from '../../http/route.js';
import type { SessionUser } from '../../http/actors.js';
import type { Ledger } from '../ledger/ledger.service.js';
import type { TenantService } from '../tenant/tenant.service.js';
import type { BankCardService } from './bank-card.service.js';
import type { PayPasswordService } from './pay-password.service.js';
import type { RechargeService } from './recharge.service.js';
import type { WithdrawalService } from './withdrawal.service.js';
import { appOriginOf } from './app-origin.js';

/**
 * The wallet: balance and records from the ledger, recharges, bank cards, the payment password and
 * withdrawals, in the tenant's currency.
 */
export function walletRoutes(
  router: Router,
  deps: {
    db: Db;
    ledger: Ledger;
    tenants: TenantService;
    payPasswords: PayPasswordService;
    bankCards: BankCardService;
    recharges: RechargeService;
    withdrawals: WithdrawalService;
    publicUrl: string;
  },
): void {
  const { db, ledger, tenants, payPasswords, bankCards, recharges, withdrawals } = deps;
  const appOrigin = appOriginOf(deps.publicUrl, tenants);
  const currencyOf = async (user: SessionUser) => {
    const { currency } = await tenants.require(user.tenantId);
    if (!isCurrencyKey(currency)) throw new Error(`tenant ${user.tenantId} has currency ${currency}`);
    return currency;
  };

  router.user(api.account.accountInfo, async ({ user }) => {
    const currency = await currencyOf(user);
    const balance = await ledger.balance(db, user.tenantId, currency, { userId: user.userId });
    return { currency, balance: toMajor(balance, currency) };
  });

  router.user(api.account.walletRecords, async ({ user, query }) => {
    const currency = await currencyOf(user);
    return ledger.records(db, {
      tenantId: user.tenantId,
      currency,
      userId: user.userId,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      kind: query.type,
    });
  });

  router.user(api.user.exitsPayPass, ({ user }) => payPasswords.status(user.userId));
  router.user(api.account.sendSmsCode, ({ user, req, lang }) =>
    payPasswords.sendCode(user, clientAddress(req), lang),
  );
  router.user(api.account.setPayPassword, ({ user, body }) => payPasswords.set(user, body));

  router.user(api.config.bankConfig, ({ user }) => bankCards.banks(user.tenantId));
  router.user(api.account.queryBankCard, ({ user }) => bankCards.list(user.userId));
  router.user(api.account.addBankCard, ({ user, body }) => bankCards.add(user.userId, user.tenantId, body));
  router.user(api.account.delBankCard, ({ user, body }) => bankCards.remove(user.userId, body.id));

  router.user(api.config.queryPc, ({ user }) => recharges.channels(user.tenantId));
  router.user(api.user.addBalance, async ({ user, body, req }) =>
    recharges.create(user, body, await appOrigin(req, user.tenantId), undefined, req.ip),
  );
  router.user(api.user.addAccountBalanceVerify, ({ user, body }) => recharges.verify(user, body));
  router.user(api.account.rechargeOrder, ({ user, query }) => recharges.get(user.userId, query.orderNo));
  router.user(api.account.rechargeRecords, ({ user, query }) => recharges.list(user.userId, query));

  router.user(api.user.queryMustBankCardMsg, ({ user }) => withdrawals.rules(user));
  router.user(api.account.applyWithdrawal, ({ user, body }) => withdrawals.apply(user, body));
  router.user(api.account.withdrawalProcess, ({ user, query }) =>
    withdrawals.get(user.userId, query.orderNo),
  );
  router.user(api.account.withdrawalRecords, ({ user, query }) => withdrawals.list(user.userId, query));
}
