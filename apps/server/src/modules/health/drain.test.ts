import { api } from '@dramastar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/client.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('draining before a shutdown (SIGTERM, SHUTDOWN_DRAIN_MS)', () => {
  it('answers /readyz 503 so the load balancer stops sending, and still serves what arrives', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    t.app.drain();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const home = await caller(t.app)(api.video.homeSeries, { query: { tenantId: '000000' } });
    expect(home.status).toBe(200);
  });

  it('drains 5 s by default in production and not at all elsewhere', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(t.config.shutdownDrainMs).toBe(0);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.com',
        DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
      }).shutdownDrainMs,
    ).toBe(5_000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '2000' }).shutdownDrainMs).toBe(2_000);
  });
});
