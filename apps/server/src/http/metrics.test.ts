import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../test/database.js';
import { buildTestApp, type TestApp } from '../test/helper.js';
import { walletFixtures } from '../test/wallet-fixtures.js';
import { httpStats } from './metrics.js';

/**
 * /metrics: refused without its token (or, with none configured, to anyone not on this machine);
 * requests counted by route pattern; pool, jobs, transcoding queue, refused webhooks and the
 * ledger's health as an operator's Prometheus reads them.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one series in Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/).filter(Boolean);
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

describe('request counts and latencies', () => {
  it('are written as cumulative buckets per method and route pattern, a bound counting as within it', () => {
    const http = httpStats();
    http.record('GET', '/a', 200, 0.005);
    http.record('GET', '/a', 200, 0.02);
    http.record('GET', '/a', 404, 40);
    http.record('POST', '/b "quoted"\\', 200, 0.001);
    const text = http.text();
    const a = { method: 'GET', route: '/a' };
    expect(sample(text, 'http_requests_total', { ...a, status: '200' })).toBe(2);
    expect(sample(text, 'http_requests_total', { ...a, status: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '0.005', ...a })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '0.025', ...a })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '30', ...a })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { le: '+Inf', ...a })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', a)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', a)).toBeCloseTo(40.025);
    expect(text).toContain('route="/b \\"quoted\\"\\\\"');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());
  const scrape = async (authorization?: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      ...(authorization ? { headers: { authorization } } : {}),
    });

  it('refuses without the token, with another token or scheme, even from this machine', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('answers the Prometheus text format to the bearer of the token, from anywhere', async () => {
    const res = await scrape(`Bearer ${TOKEN}`, '203.0.113.9');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('process_cpu_seconds_total');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('/metrics', () => {
  let t: TestApp;
  let metrics: () => Promise<string>;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'warn' });
    metrics = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
  });
  afterAll(() => t.close());

  it('answers only this machine without a token: 404 to others, and to a proxied request', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(
      200,
    );
    for (const remoteAddress of ['10.1.2.3', '203.0.113.9'])
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode).toBe(404);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('counts requests and their latency by route pattern, never by the URL asked', async () => {
    const route = '/app-api/sv/videos/:seriesId';
    const before = await metrics();
    const count = (text: string, status: string) =>
      sample(text, 'http_requests_total', { method: 'POST', route, status }) ?? 0;
    for (const id of ['987654321', '987654322', '987654323'])
      await t.app.inject({ method: 'POST', url: `/app-api/sv/videos/${id}` });
    const status = String(
      (await t.app.inject({ method: 'POST', url: '/app-api/sv/videos/987654324' })).statusCode,
    );
    const after = await metrics();
    expect(count(after, status) - count(before, status)).toBe(4);
    expect(
      (sample(after, 'http_request_duration_seconds_count', { method: 'POST', route }) ?? 0) -
        (sample(before, 'http_request_duration_seconds_count', { method: 'POST', route }) ?? 0),
    ).toBe(4);
    expect(after).not.toContain('98765432');

    await t.app.inject({ method: 'GET', url: '/no/such/page/123456789' });
    const unmatched = await metrics();
    expect(
      sample(unmatched, 'http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' }),
    ).toBe(1);
    expect(unmatched).not.toContain('123456789');
    expect(
      sample(unmatched, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
    ).toBe(undefined);
    await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(
      sample(await metrics(), 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
    ).toBe(1);
  });

  it('reports the pool: its size, and on PostgreSQL connections in use, idle and waiting', async () => {
    const text = await metrics();
    if (usingPostgres) {
      expect(sample(text, 'dramastar_db_pool_max')).toBe(10);
      const inUse = sample(text, 'dramastar_db_pool_connections', { state: 'in_use' });
      const idle = sample(text, 'dramastar_db_pool_connections', { state: 'idle' });
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect((inUse ?? 0) + (idle ?? 0)).toBeGreaterThan(0);
      expect(sample(text, 'dramastar_db_pool_waiting')).toBe(0);
    } else {
      expect(sample(text, 'dramastar_db_pool_max')).toBe(1);
      expect(sample(text, 'dramastar_db_pool_connections', { state: 'idle' })).toBe(undefined);
    }
  });

  it('counts refused webhooks by provider and reason', async () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'payment.paid', data: {} });
    const before = sample(await metrics(), 'dramastar_webhook_refusals_total', {
      provider: 'sandbox',
      reason: 'InvalidSignature',
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/app-api/pay/webhook/sandbox',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': 't=1,v1=00' },
        payload: body,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    const after = sample(await metrics(), 'dramastar_webhook_refusals_total', {
      provider: 'sandbox',
      reason: 'InvalidSignature',
    });
    expect((after ?? 0) - (before ?? 0)).toBe(2);
  });

  it('reports job runs, failures, skipped ticks and lag as the scheduler tells them', async () => {
    const jobs = t.app.metrics.jobs;
    jobs.scheduled('test-job', 60_000);
    let text = await metrics();
    expect(sample(text, 'dramastar_job_runs_total', { job: 'test-job', outcome: 'failed' })).toBe(0);
    expect(sample(text, 'dramastar_job_lag_seconds', { job: 'test-job' })).toBe(0);
    jobs.finished('test-job', true, 0.2);
    jobs.finished('test-job', false, 0.1);
    jobs.skipped('test-job');
    text = await metrics();
    expect(sample(text, 'dramastar_job_runs_total', { job: 'test-job', outcome: 'done' })).toBe(1);
    expect(sample(text, 'dramastar_job_runs_total', { job: 'test-job', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'dramastar_job_skipped_total', { job: 'test-job' })).toBe(1);
    expect(sample(text, 'dramastar_job_duration_seconds_count', { job: 'test-job' })).toBe(2);
    // A job due every millisecond whose only success is its start: it lags.
    jobs.scheduled('tight-job', 1);
    await expect
      .poll(async () => sample(await metrics(), 'dramastar_job_lag_seconds', { job: 'tight-job' }))
      .toBeGreaterThan(0);
  });

  it('reports the transcoding queue across instances: waiting, running, the oldest wait', async () => {
    let text = await metrics();
    expect(sample(text, 'dramastar_transcode_jobs', { status: 'queued' })).toBe(0);
    expect(sample(text, 'dramastar_transcode_oldest_queued_seconds')).toBe(0);
    const now = t.clock.now();
    const [s] = await t.database.query<{ id: string }>(
      `insert into series (tenant_id, slug, title, description, cover, tags, category, free_episodes, created_at)
       values ('000000', 'metrics-queue', '{"en":"Q"}', '{"en":""}', '', '[]', 'drama', 1, $1) returning id::text`,
      [now],
    );
    const job = (status: string, at: Date) =>
      t.database.query(
        `insert into transcode_job (tenant_id, series_id, episode_number, source_key, status, created_at, updated_at)
         values ('000000', $1, 1, 'uploads/x/source', $2, $3, $3)`,
        [s!.id, status, at],
      );
    await job('queued', new Date(now.getTime() - 90_000));
    await job('queued', now);
    await job('running', now);
    await job('done', new Date(now.getTime() - 900_000));
    text = await metrics();
    expect(sample(text, 'dramastar_transcode_jobs', { status: 'queued' })).toBe(2);
    expect(sample(text, 'dramastar_transcode_jobs', { status: 'running' })).toBe(1);
    expect(sample(text, 'dramastar_transcode_oldest_queued_seconds')).toBe(90);
  });
});

describe('/metrics: ledger health', () => {
  it('reports violations of the books, checked once per interval rather than per scrape', async () => {
    const t = await buildTestApp({ LOG_LEVEL: 'fatal', LEDGER_CHECK_INTERVAL_MS: '3600000' });
    try {
      const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const w = walletFixtures(t);
      const payer = await w.user();
      await w.recharge(payer, '100.00');
      const first = await scrape();
      expect(sample(first, 'dramastar_ledger_violations')).toBe(0);
      const checkedAt = sample(first, 'dramastar_ledger_check_timestamp_seconds');
      expect(checkedAt).toBeGreaterThan(0);
      // Books broken from outside: the next scrapes within the interval answer the cached check.
      await t.database.query("update ledger_account set balance = balance + 1 where code like 'wallet:%'");
      const cached = await scrape();
      expect(sample(cached, 'dramastar_ledger_violations')).toBe(0);
      expect(sample(cached, 'dramastar_ledger_check_timestamp_seconds')).toBe(checkedAt);
    } finally {
      await t.close();
    }

    // Checked every millisecond, the break shows (each scrape answers the last finished check).
    const u = await buildTestApp({ LOG_LEVEL: 'fatal', LEDGER_CHECK_INTERVAL_MS: '1' });
    try {
      const w = walletFixtures(u);
      await w.recharge(await w.user(), '100.00');
      const violations = async () =>
        sample((await u.app.inject({ method: 'GET', url: '/metrics' })).body, 'dramastar_ledger_violations');
      expect(await violations()).toBe(0);
      await u.database.query("update ledger_account set balance = balance + 1 where code like 'wallet:%'");
      await expect.poll(violations).toBeGreaterThan(0);
    } finally {
      await u.close();
    }
  });
});
