import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type ManualClock, manualClock } from '../clock.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { openTestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  database: Database;
  config: Config;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** buildApp() on a fresh database with a manual clock; `ready()` is left to the test when it adds routes. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { ready?: boolean } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIR: '/nonexistent',
    DATA_DIR: '/tmp/dramastar-test',
    ...env,
  });
  const database = await openTestDatabase();
  const clock = manualClock();
  const logs: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = await buildApp(config, { database, clock, logStream });
  if (options.ready !== false) await app.ready();
  return {
    app,
    clock,
    database,
    config,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
