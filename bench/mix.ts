// The realistic load mix shared by bench/load.ts and bench/chaos.ts: viewers (home, the Shorts
// feed, a series, a play address, like, history), earners (check-in, tasks, the wallet) and payers
// (a gateway recharge order and its signed sandbox webhook, a Star Card bought from the balance).
// Every call is timed and classified (2xx ok, 4xx refused, else an error: 5xx or no answer);
// money requests carry idempotency keys and are remembered, so a benchmark can replay them.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { toMinor, type CurrencyKey } from '@dramastar/contract';
import { systemClock } from '../apps/server/src/clock.js';
import type { Database } from '../apps/server/src/db/client.js';
import { createSessionService } from '../apps/server/src/modules/auth/session.service.js';
import { SIGNATURE_HEADER, signWebhook } from '../apps/server/src/modules/payment/gateway.js';
import { sandboxSecret } from '../apps/server/src/modules/payment/sandbox-gateway.js';
import { createUserService } from '../apps/server/src/modules/user/user.service.js';

export const TENANT = '000000';

export interface CallStats {
  ms: number[];
  ok: number;
  refused: number;
  errors: number;
}

/** A call's outcome at a moment (ms since the mix was made), for timelines. */
export interface Outcome {
  at: number;
  name: string;
  status: number;
}

/** A money request sent with an idempotency key: what to send again to replay it. */
export interface KeyedRequest {
  name: string;
  path: string;
  token: string;
  body: Record<string, unknown>;
  status: number;
  data: unknown;
}

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export interface LoadMix {
  calls: Map<string, CallStats>;
  outcomes: Outcome[];
  keyed: KeyedRequest[];
  /** Webhooks the instances answered 200 (each credits one order once). */
  webhooksCredited: Set<string>;
  /** Webhooks that got no 200 (the provider sends them again): order number → body. */
  webhooksUnanswered: Map<string, string>;
  tokens: string[];
  /** Milliseconds since the mix was made (the clock of `outcomes`). */
  now(): number;
  call: <T = unknown>(
    name: string,
    path: string,
    options?: {
      token?: string;
      body?: unknown;
      method?: string;
      base?: string;
      headers?: Record<string, string>;
    },
  ) => Promise<{ status: number; data: T | undefined }>;
  /** Sends a sandbox webhook for an order (as the provider does until it gets a 200). */
  webhook(orderNo: string, body: string): Promise<number>;
  viewer(token: string): Promise<void>;
  earner(token: string): Promise<void>;
  payer(token: string): Promise<void>;
}

/**
 * Makes `users` users with sessions (directly in the database: the sign-up paths have captchas and
 * limits per address), reads the catalogue's free episodes through `next()`, and answers the mix.
 */
export async function createLoadMix(options: {
  database: Database;
  users: number;
  /** The address of the next call: an instance (round robin) or a load balancer. */
  next: () => string;
}): Promise<LoadMix> {
  const { database, next } = options;
  const calls = new Map<string, CallStats>();
  const outcomes: Outcome[] = [];
  const keyed: KeyedRequest[] = [];
  const webhooksCredited = new Set<string>();
  const webhooksUnanswered = new Map<string, string>();
  const t0 = performance.now();

  async function call<T = unknown>(
    name: string,
    path: string,
    o: {
      token?: string;
      body?: unknown;
      method?: string;
      base?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; data: T | undefined }> {
    const stats = calls.get(name) ?? { ms: [], ok: 0, refused: 0, errors: 0 };
    calls.set(name, stats);
    const start = performance.now();
    let status = 0;
    let data: T | undefined;
    try {
      const res = await fetch((o.base ?? next()) + path, {
        method: o.method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...o.headers,
        },
        body:
          o.method === 'GET' ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body ?? {}),
        signal: AbortSignal.timeout(60_000),
      });
      status = res.status;
      const text = await res.text();
      if (text.startsWith('{')) data = (JSON.parse(text) as { data?: T }).data;
    } catch {
      status = 0;
    }
    stats.ms.push(performance.now() - start);
    if (status >= 200 && status < 300) stats.ok++;
    else if (status >= 400 && status < 500) stats.refused++;
    else stats.errors++;
    outcomes.push({ at: performance.now() - t0, name, status });
    return { status, data };
  }

  // The load's users invite no one: no points to award.
  const userService = createUserService(database.db, systemClock, { invited: async () => {} });
  const sessions = createSessionService(database.db, systemClock, { idleDays: 30, maxDays: 180 });
  const tokens: string[] = [];
  for (let i = 0; i < options.users; i++) {
    const user = await userService.create(database.db, { tenantId: TENANT, nickname: `load ${i}` });
    tokens.push(await sessions.create(database.db, user.id));
  }
  const secret = await sandboxSecret(database.db);

  // What viewers pick from: the tenant's series and their free episodes.
  const base = next();
  const all = await call<{ list: { id: number }[] }>('setup', `/app-api/sv/allSeries?tenantId=${TENANT}`, {
    base,
    body: { pageNum: 1, pageSize: 50 },
  });
  const episodes: { id: number; seriesId: number }[] = [];
  for (const s of all.data?.list ?? []) {
    const detail = await call<{ episodes: { id: number; seriesId: number; free: boolean }[] }>(
      'setup',
      `/app-api/sv/videos/${s.id}`,
      { base },
    );
    for (const e of detail.data?.episodes ?? []) if (e.free) episodes.push(e);
  }
  if (episodes.length === 0) throw new Error('the demo catalogue has no free episodes');
  calls.delete('setup');
  outcomes.length = 0;

  const keyedCall = async <T>(name: string, path: string, token: string, body: Record<string, unknown>) => {
    const res = await call<T>(name, path, { token, body });
    keyed.push({ name, path, token, body, status: res.status, data: res.data });
    return res;
  };

  const webhook = async (orderNo: string, body: string) => {
    const hook = await call<{ outcome: string }>(
      'recharge webhook (pay/webhook/sandbox)',
      '/app-api/pay/webhook/sandbox',
      { body, headers: { [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(Date.now() / 1000)) } },
    );
    if (hook.status === 200) {
      webhooksCredited.add(orderNo);
      webhooksUnanswered.delete(orderNo);
    } else webhooksUnanswered.set(orderNo, body);
    return hook.status;
  };

  const viewer = async (token: string) => {
    const r = Math.random();
    const episode = pick(episodes);
    if (r < 0.25) await call('home (homeSeries)', `/app-api/sv/homeSeries?tenantId=${TENANT}`, { token });
    else if (r < 0.45)
      await call('feed (videosPage)', `/app-api/sv/videosPage?tenantId=${TENANT}`, {
        token,
        body: { pageNum: 1 + Math.floor(Math.random() * 3), pageSize: 10 },
      });
    else if (r < 0.55)
      await call('series (videos/{id})', `/app-api/sv/videos/${episode.seriesId}`, { token });
    else if (r < 0.75) await call('play address (play/{id})', `/app-api/sv/play/${episode.id}`, { token });
    else if (r < 0.85)
      await call(
        'like (liking/cancelLiking)',
        `/app-api/sv/${Math.random() < 0.5 ? 'liking' : 'cancelLiking'}`,
        {
          token,
          body: { videoId: episode.id },
        },
      );
    else if (r < 0.93)
      await call(
        'history write (addViewHis)',
        `/app-api/sv/addViewHis?seriesId=${episode.seriesId}&videoId=${episode.id}&progress=${Math.floor(Math.random() * 60)}`,
        { token },
      );
    else
      await call('history (queryViewHis)', '/app-api/sv/queryViewHis', {
        token,
        body: { pageNum: 1, pageSize: 10 },
      });
  };

  const earner = async (token: string) => {
    const r = Math.random();
    if (r < 0.2)
      await call('check-in status (querySigninDayNum)', '/app-api/user/querySigninDayNum', { token });
    else if (r < 0.35) await call('check-in (signin)', '/app-api/user/signin', { token });
    else if (r < 0.6) {
      const tasks = await call<{ tasks: { code: string; status: string }[] }>(
        'tasks (queryFinish)',
        '/app-api/appTask/queryFinish',
        { token },
      );
      const list = tasks.data?.tasks ?? [];
      const claimable = list.find((t) => t.status === 'done') ?? list[0];
      if (claimable)
        await call('task claim (submitTask)', '/app-api/appTask/submitTask', {
          token,
          body: { code: claimable.code },
        });
    } else await call('wallet (accountInfo)', '/app-api/account/accountInfo', { token });
  };

  const payer = async (token: string) => {
    const r = Math.random();
    if (r < 0.4) {
      const order = await keyedCall<{ orderNo: string; amount: string; currency: CurrencyKey }>(
        'recharge order (addBalance)',
        '/app-api/user/addBalance',
        token,
        { channel: 'gateway', amount: '2000.00', requestId: randomUUID() },
      );
      if (!order.data) return;
      await webhook(order.data.orderNo, webhookBody(order.data));
    } else if (r < 0.7)
      await keyedCall('card from balance (openvipByBalance)', '/app-api/user/openvipByBalance', token, {
        tier: 'week',
        requestId: randomUUID(),
      });
    else await call('wallet (accountInfo)', '/app-api/account/accountInfo', { token });
  };

  return {
    calls,
    outcomes,
    keyed,
    webhooksCredited,
    webhooksUnanswered,
    tokens,
    now: () => performance.now() - t0,
    call,
    webhook,
    viewer,
    earner,
    payer,
  };
}

/** The sandbox provider's "paid" event for an order (one event id per order: resent as is). */
export function webhookBody(order: { orderNo: string; amount: string; currency: CurrencyKey }): string {
  const txnId = `load_${order.orderNo}`;
  return JSON.stringify({
    id: `evt_${txnId}`,
    type: 'payment.paid',
    data: {
      txnId,
      paymentId: `pay_${txnId}`,
      merchantOrderNo: order.orderNo,
      amount: toMinor(order.amount, order.currency).toString(),
      currency: order.currency,
    },
  });
}
