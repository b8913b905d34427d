import { api, consoleCalls } from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '@dramastar/contract';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { eq } from 'drizzle-orm';
import { operators as operatorTable, payPasswords } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/password.js';
import { totpCode } from '../modules/operator/totp.js';
import { createOperatorService } from '../modules/operator/operator.service.js';
import { SIGNATURE_HEADER, signWebhook } from '../modules/payment/gateway.js';
import { sandboxSecret } from '../modules/payment/sandbox-gateway.js';
import { caller } from './client.js';
import { TEST_CAPTCHA_ANSWER, type TestApp } from './helper.js';

export const PAY_PASSWORD = '135790';
/** The TOTP secret (base32, RFC 6238's test key) of fixture operators. */
export const FIXTURE_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

export const bankCardInput = {
  accountName: 'Maria Santos',
  firstName: 'Maria',
  lastName: 'Santos',
  email: 'maria@example.ph',
  phone: '9171234567',
  bank: 'BDO',
  cardNumber: '001234567890',
  bankName: 'BDO Makati Branch',
};

/**
 * Marks an operator as having completed the console's set-up (password changed, TOTP enrolled
 * with FIXTURE_TOTP_SECRET), so its sessions pass the set-up gate. For operators made outside
 * `walletFixtures().operator`.
 */
export async function completeOperatorSetup(db: Db, username: string, at: Date): Promise<void> {
  await db
    .update(operatorTable)
    .set({
      totpSecret: FIXTURE_TOTP_SECRET,
      totpEnabledAt: at,
      passwordChangedAt: at,
      mustChangePassword: false,
    })
    .where(eq(operatorTable.username, username.trim().toLowerCase()));
}

/** Users, money and operators for wallet tests, made through the real calls where it matters. */
export function walletFixtures(t: TestApp) {
  const call = caller(t.app);
  const admin = caller(t.app, '/admin-api');
  let n = 0;

  async function user(tenantId = '000000', inviteCode?: string) {
    const ip = `10.9.${Math.floor(++n / 200)}.${n % 200}`;
    const captcha = (await call(api.auth.captcha, { ip })).body.data;
    const res = await call(api.auth.registerByName, {
      body: {
        userName: `wallet_${n}_${randomUUID().slice(0, 6)}`,
        password: 'secret-pass1',
        phone: '3001234567',
        areaCode: '+92',
        uuid: captcha.uuid,
        code: TEST_CAPTCHA_ANSWER,
        tenantId,
        ...(inviteCode ? { inviteCode } : {}),
      },
      ip,
    });
    expect(res.status).toBe(200);
    const token = res.body.data.access_token;
    const info = (await call(api.user.info, { token })).body.data;
    return { token, userId: BigInt(info.userId), tenantId, inviteCode: info.inviteCode };
  }

  /** The payment password set directly (its own flow is tested in pay-password.test.ts). */
  const withPassword = new Set<bigint>();
  /** The payment password set directly (its own flow is tested in pay-password.test.ts). */
  async function payPassword(userId: bigint, password = PAY_PASSWORD) {
    if (password === PAY_PASSWORD && withPassword.has(userId)) return;
    await t.database.db
      .insert(payPasswords)
      .values({ userId, hash: await hashPassword(password), updatedAt: t.clock.now() })
      .onConflictDoNothing();
    if (password === PAY_PASSWORD) withPassword.add(userId);
  }

  /** `/copyright/buy` as the app sends it, with the payment password (set here if it is not yet). */
  async function buyCopyright(
    who: { token: string; userId: bigint },
    productId: string,
    quantity: number,
    options: { requestId?: string; via?: typeof call } = {},
  ) {
    await payPassword(who.userId);
    return (options.via ?? call)(api.team.buyCopyright, {
      token: who.token,
      body: { productId, quantity, payPassword: PAY_PASSWORD, requestId: options.requestId ?? randomUUID() },
    });
  }

  async function signedDelivery(body: string, at = t.clock.now()) {
    const secret = await sandboxSecret(t.database.db);
    return { [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(at.getTime() / 1000)) };
  }

  function webhookBody(
    order: { orderNo: string; amountMinor: string; currency: string },
    txnId: string,
    type = 'payment.paid',
  ) {
    return JSON.stringify({
      id: `evt_${txnId}`,
      type,
      data: {
        txnId,
        paymentId: 'pay_x',
        merchantOrderNo: order.orderNo,
        amount: order.amountMinor,
        currency: order.currency,
      },
    });
  }

  async function postWebhook(body: string, headers: Record<string, string>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/pay/webhook/sandbox',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
    return { status: res.statusCode, body: res.json<{ data?: { outcome: string }; errorKey?: string }>() };
  }

  /** A gateway recharge paid through the sandbox's approve button (which sends the signed webhook). */
  async function recharge(who: { token: string }, amount: string) {
    const order = (
      await call(api.user.addBalance, {
        token: who.token,
        body: { channel: 'gateway', amount, requestId: randomUUID() },
      })
    ).body.data;
    const paymentId = new URL(order.payUrl!).pathname.split('/').pop();
    const res = await t.app.inject({ method: 'POST', url: `/pay/sandbox/${paymentId}/approve` });
    expect(res.statusCode).toBe(303);
    return order.orderNo;
  }

  async function balance(token: string): Promise<string> {
    return (await call(api.account.accountInfo, { token })).body.data.balance;
  }

  /**
   * An operator that has completed set-up (password changed, TOTP enabled) and its session token:
   * it passes the console's set-up gate, so a test reaches the call it is about.
   */
  async function operatorAccount(role: OperatorRole = 'finance', tenantIds: string[] = ['000000']) {
    const operators = createOperatorService(t.database.db, t.clock);
    const username = `op_${role}_${++n}`;
    const password = 'operator-pass-1';
    const created = await operators.create({ username, password, role, tenantIds });
    if (!created) throw new Error(`operator ${username} exists`);
    const res = await admin(consoleCalls.core.login, { body: { username, password } });
    expect(res.status).toBe(200);
    // Enrolled directly (the enrolment flow itself is tested in the operator module).
    await completeOperatorSetup(t.database.db, created.username, t.clock.now());
    return {
      token: res.body.data.token,
      id: created.id,
      username: created.username,
      password,
      totpSecret: FIXTURE_TOTP_SECRET,
    };
  }

  /** The session token of a fully set-up operator (see `operatorAccount`). */
  async function operator(role: OperatorRole = 'finance', tenantIds: string[] = ['000000']) {
    return (await operatorAccount(role, tenantIds)).token;
  }

  /** A user ready to withdraw: Star Card, payment password, one bank card, and money. */
  async function withdrawer(amount = '1000', tenantId = '000000') {
    const who = await user(tenantId);
    await call(api.test.openVipLevel, { token: who.token, body: { level: 1 } });
    await payPassword(who.userId);
    await call(api.account.addBankCard, { token: who.token, body: bankCardInput });
    if (amount !== '0') await recharge(who, amount);
    return who;
  }

  /** The authenticator code of fixture operators now (FIXTURE_TOTP_SECRET; each step is used once). */
  const totp = () => totpCode(FIXTURE_TOTP_SECRET, t.clock.now());

  return {
    call,
    admin,
    totp,
    user,
    payPassword,
    buyCopyright,
    signedDelivery,
    webhookBody,
    postWebhook,
    recharge,
    balance,
    operator,
    operatorAccount,
    withdrawer,
  };
}

export type WalletFixtures = ReturnType<typeof walletFixtures>;
