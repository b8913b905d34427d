import {
  accountCalls,
  adminApi,
  adminChatApi,
  adminContentApi,
  adminCreditApi,
  adminDashboardApi,
  api,
} from '@dramastar/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatTestClient, listenLocal } from '../../test/chat-client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { PAY_PASSWORD, walletFixtures, type WalletFixtures } from '../../test/wallet-fixtures.js';

let t: TestApp;
let f: WalletFixtures;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_CONTENT: 'true' });
  f = walletFixtures(t);
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

type Counts = Record<string, number>;
async function waiting(token: string, tenantId?: string): Promise<Counts> {
  const res = await f.admin(adminDashboardApi.waiting, { token, query: tenantId ? { tenantId } : {} });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data.list as { queue: string; count: number }[]).map((q) => [q.queue, q.count]),
  );
}

describe('what is waiting (dashboard)', () => {
  it('counts each queue the role works, within the operator’s tenants', async () => {
    const owner = await f.operator('owner', []);
    const finance = await f.operatorAccount('finance', ['000000']);
    const support = await f.operator('support', ['000000']);
    const content = await f.operator('content', ['000000']);
    const vnFinance = await f.operator('finance', ['000001']);

    // A bank transfer (Vietnam's tenant) the user says is made.
    const payer = await f.user('000001');
    const order = (
      await f.call(api.user.addBalance, {
        token: payer.token,
        body: { channel: 'official', amount: '100000000', requestId: randomUUID() },
      })
    ).body.data;
    expect(
      (
        await f.call(api.user.addAccountBalanceVerify, {
          token: payer.token,
          body: { orderNo: order.orderNo },
        })
      ).status,
    ).toBe(200);

    // Three withdrawals: one stays applied, one approved, one approved and being paid.
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const who = await f.withdrawer('500');
      const res = await f.call(accountCalls.applyWithdrawal, {
        token: who.token,
        body: { amount: '200', payPassword: PAY_PASSWORD, requestId: randomUUID() },
      });
      expect(res.status).toBe(200);
      const [row] = await t.database.query<{ order_no: string }>(
        'select order_no from withdrawal where user_id = $1',
        [who.userId],
      );
      orders.push(row!.order_no);
    }
    const act = (orderNo: string, action: 'approve' | 'process') =>
      f.admin(adminApi.withdrawalAction, { token: finance.token, body: { orderNo, action } });
    expect((await act(orders[1]!, 'approve')).status).toBe(200);
    expect((await act(orders[2]!, 'approve')).status).toBe(200);
    expect((await act(orders[2]!, 'process')).status).toBe(200);

    // The queue finds one withdrawal by its order number (any case), as a chat's link asks.
    const one = await f.admin(adminApi.withdrawals, {
      token: finance.token,
      query: { q: orders[1]!.toLowerCase() },
    });
    expect(one.body.data.list.map((w: { orderNo: string }) => w.orderNo)).toEqual([orders[1]]);

    // A credit above the threshold (₱500) waits for a second operator.
    const credited = await f.user();
    const credit = await f.admin(adminCreditApi.create, {
      token: finance.token,
      body: {
        userId: String(credited.userId),
        kind: 'goodwill',
        amount: '600',
        reason: 'Late payout',
        requestId: randomUUID(),
      },
    });
    expect(credit.body.data).toMatchObject({ status: 'pending' });

    // A user wrote to support; nobody answered.
    const writer = await f.user();
    const { client } = await ChatTestClient.connect(`${base}/app-api/chat/ws`, writer.token);
    client.send({ type: 'send', clientId: randomUUID(), kind: 'text', body: 'Where is R123?' });
    await client.next('ack');
    await client.close();

    // An upload that failed, and one that failed but was uploaded again.
    const series = await f.admin(adminContentApi.createSeries, {
      token: owner,
      body: { tenantId: '000000', title: { en: 'Waiting test' }, category: 'drama' },
    });
    expect(series.status).toBe(200);
    const seriesId = series.body.data.id;
    const job = `insert into transcode_job (tenant_id, series_id, episode_number, source_key, status, created_at, updated_at)
                 values ('000000', $1, $2, 'x', $3, now(), now())`;
    await t.database.query(job, [seriesId, 1, 'failed']);
    await t.database.query(job, [seriesId, 2, 'failed']);
    await t.database.query(job, [seriesId, 2, 'done']);

    const all = {
      rechargesToConfirm: 1,
      withdrawalsToApprove: 1,
      withdrawalsToSend: 1,
      payoutsToMarkPaid: 1,
      creditsToApprove: 1,
      chatsUnanswered: 1,
      failedTranscodes: 1,
    };
    expect(await waiting(owner)).toEqual(all);
    // Finance works the money queues; its own credit is someone else's to approve.
    expect(await waiting(finance.token)).toEqual({
      rechargesToConfirm: 0,
      withdrawalsToApprove: 1,
      withdrawalsToSend: 1,
      payoutsToMarkPaid: 1,
      creditsToApprove: 0,
    });
    expect(await waiting(await f.operator('finance', ['000000']))).toMatchObject({ creditsToApprove: 1 });
    expect(await waiting(support)).toEqual({ chatsUnanswered: 1 });
    expect(await waiting(content)).toEqual({ failedTranscodes: 1 });
    // Another tenant's operator sees its own tenant's only, and may not ask for this tenant.
    expect(await waiting(vnFinance)).toEqual({
      rechargesToConfirm: 1,
      withdrawalsToApprove: 0,
      withdrawalsToSend: 0,
      payoutsToMarkPaid: 0,
      creditsToApprove: 0,
    });
    expect(
      (await f.admin(adminDashboardApi.waiting, { token: vnFinance, query: { tenantId: '000000' } })).status,
    ).toBe(403);
    expect(await waiting(owner, '000001')).toMatchObject({ rechargesToConfirm: 1, withdrawalsToApprove: 0 });

    // Once answered, the chat no longer waits.
    const list = await f.admin(adminChatApi.conversations, { token: support, query: { tab: 'unassigned' } });
    const conversationId = list.body.data.list[0]!.id;
    expect(
      (
        await f.admin(adminChatApi.reply, {
          token: support,
          body: { conversationId, clientId: randomUUID(), kind: 'text', body: 'Looking now' },
        })
      ).status,
    ).toBe(200);
    expect(await waiting(support)).toEqual({ chatsUnanswered: 0 });
  });

  it('lists the tenants an operator acts in by name (every tenant for an owner)', async () => {
    const owner = await f.operator('owner', []);
    const all = (await f.admin(adminDashboardApi.myTenants, { token: owner })).body.data.list;
    expect(all.map((x: { tenantId: string }) => x.tenantId)).toEqual(
      expect.arrayContaining(['000000', '000001']),
    );
    const vn = await f.operator('support', ['000001']);
    const mine = (await f.admin(adminDashboardApi.myTenants, { token: vn })).body.data.list;
    expect(mine).toEqual([
      expect.objectContaining({
        tenantId: '000001',
        currency: 'VND',
        language: 'vn',
        name: expect.any(String),
      }),
    ]);
  });
});
