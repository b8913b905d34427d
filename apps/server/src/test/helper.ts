import { Writable } from 'node:stream';
import svgCaptcha from 'svg-captcha';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type ManualClock, manualClock } from '../clock.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import type { Entitlements } from '../modules/catalog/entitlement.js';
import type { OidcClient } from '../modules/oauth/oidc.js';
import type { DemoSeries } from '../seed/demo-catalog.js';
import { openTestDatabase } from './database.js';
import { type ReceivedMail, startSmtpServer } from './smtp.js';

/** The captcha of tests: always the same answer, so a test can solve it. */
export const TEST_CAPTCHA_ANSWER = 'AB7K';

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  config: Config;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** What the in-process SMTP server received (when started with `smtp: true`). */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** buildApp() on a fresh database with a manual clock; `ready()` is left to the test when it adds routes. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    ready?: boolean;
    smtp?: boolean;
    oidc?: OidcClient;
    /** Demo series to make when DEMO_CONTENT is on (none by default: ffmpeg takes seconds). */
    demoSeries?: DemoSeries[];
    entitlements?: Entitlements;
    /** Another instance's database (a second app on the same data); the caller closes it. */
    database?: Database;
    /** Payment providers' API addresses: their local fakes (see payment/providers/*.fake.ts). */
    paymentProviders?: { baseUrls?: Record<string, string> };
  } = {},
): Promise<TestApp> {
  const smtp = options.smtp ? await startSmtpServer() : undefined;
  const config = loadConfig({
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIR: '/nonexistent',
    ADMIN_DIR: '/nonexistent',
    DATA_DIR: '/tmp/dramastar-test',
    // Tests move the clock by hours with one console session; the idle test sets its own.
    CONSOLE_IDLE_MINUTES: '720',
    ...env,
  });
  const database = options.database ?? (await openTestDatabase());
  const clock = manualClock();
  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const built: { app?: FastifyInstance } = {};
  const app = await buildApp(config, {
    // The sandbox gateway's webhooks reach this app in-process (tests do not listen).
    webhookDelivery: async (url, body, headers) => {
      if (!built.app) throw new Error('app not built');
      const res = await built.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: body,
      });
      return res.statusCode;
    },
    database,
    clock,
    logStream,
    captcha: () => ({ text: TEST_CAPTCHA_ANSWER, svg: svgCaptcha.create().data }),
    ...(options.oidc ? { oidc: options.oidc } : {}),
    ...(options.entitlements ? { entitlements: options.entitlements } : {}),
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
    demoSeries: options.demoSeries ?? [],
  });
  built.app = app;
  if (options.ready !== false) await app.ready();
  return {
    app,
    clock,
    database,
    config,
    logs,
    mails: smtp?.mails ?? [],
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      await smtp?.stop();
    },
  };
}

/**
 * A second instance over `first`'s PostgreSQL database, with a pool of its own and its clock at the
 * same time; undefined on the embedded database, which one process cannot share. Its `close()`
 * closes its pool too.
 */
export async function secondInstance(
  first: TestApp,
  env: Record<string, string> = {},
  options: Pick<Parameters<typeof buildTestApp>[1] & object, 'paymentProviders'> = {},
): Promise<TestApp | undefined> {
  const url = (first.database as { url?: string }).url;
  if (!url) return undefined;
  const database = await openDatabase({ url, poolMax: 10 });
  const second = await buildTestApp(env, { ...options, database });
  second.clock.advance(first.clock.now().getTime() - second.clock.now().getTime());
  return {
    ...second,
    close: async () => {
      await second.close();
      await database.close();
    },
  };
}
