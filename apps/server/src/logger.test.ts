import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { lazyChildLogger, logDestination } from './logger.js';
import { buildTestApp } from './test/helper.js';

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

describe("a request's logger", () => {
  const sink = () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    return { lines, parent: pino({ level: 'warn' }, stream) };
  };

  it('is made only when it first writes an entry, then writes with its bindings at its level', () => {
    const { lines, parent } = sink();
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { reqId: 'r-7' }, {});
    expect(log.level).toBe('warn');
    log.info('below the level');
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();
    log.warn({ url: '/x' }, 'busy');
    log.error('failed');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { reqId: 'r-7', url: '/x', msg: 'busy', level: 40 },
      { reqId: 'r-7', msg: 'failed', level: 50 },
    ]);
    log.child({ step: 'two' }).warn('nested');
    expect(lines[2]).toMatchObject({ reqId: 'r-7', step: 'two', msg: 'nested' });
  });

  it('costs no child logger for a request that logs nothing (LOG_LEVEL=warn), one at info', async () => {
    for (const [level, made] of [
      ['warn', 0],
      ['info', 1],
    ] as const) {
      const t = await buildTestApp({ LOG_LEVEL: level });
      try {
        const child = vi.spyOn(t.app.log, 'child');
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        expect(child).toHaveBeenCalledTimes(made);
      } finally {
        await t.close();
      }
    }
  });
});
