import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { logDestination } from './logger.js';

/** What a logger built as the server builds it writes for one entry. */
function written(format: 'pretty' | 'json'): string {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  const stream = logDestination(format, sink);
  pino({ level: 'info' }, stream ?? sink).info({ reqId: 'r-1' }, 'request completed');
  return out;
}

describe('logs', () => {
  it('are readable lines in development (pino-pretty): time, level and message, no JSON', () => {
    const line = written(loadConfig({ NODE_ENV: 'development' }).logFormat);
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request completed\n/);
    expect(line).toContain('reqId: "r-1"');
    expect(() => JSON.parse(line) as unknown).toThrow();
  });

  it('are JSON lines in production and tests, written as given', () => {
    for (const env of [
      { NODE_ENV: 'production', SMTP_URL: 'smtp://m:25', DATA_ENCRYPTION_KEY: 'ab'.repeat(32) },
      { NODE_ENV: 'test' },
      { NODE_ENV: 'development', LOG_FORMAT: 'json' },
    ]) {
      const entry = JSON.parse(written(loadConfig(env).logFormat)) as Record<string, unknown>;
      expect(entry).toMatchObject({ level: 30, msg: 'request completed', reqId: 'r-1' });
    }
  });
});
