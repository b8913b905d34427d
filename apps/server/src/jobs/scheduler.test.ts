import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startJobs } from './scheduler.js';

afterEach(() => vi.useRealTimers());

describe('the job scheduler', () => {
  it('runs a job every period, never twice at once, and waits for a running one on stop', async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish!: () => void;
    const job = {
      name: 'slow',
      everyMs: 1000,
      run: () => {
        runs++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    const stop = startJobs([job], Fastify().log);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(runs).toBe(2);
  });
});

describe('the job scheduler told to a watcher (/metrics)', () => {
  it('reports every run with its outcome, and ticks skipped while a run is still going', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    let finish!: (ok: boolean) => void;
    const job = {
      name: 'watched',
      everyMs: 1000,
      run: () =>
        new Promise<void>((resolve, reject) => (finish = (ok) => (ok ? resolve() : reject(new Error('no'))))),
    };
    const stop = startJobs([job], Fastify({ logger: false }).log, {
      scheduled: (name, everyMs) => events.push(`scheduled ${name} ${everyMs}`),
      skipped: (name) => events.push(`skipped ${name}`),
      finished: (name, ok, seconds) => events.push(`finished ${name} ${ok} ${seconds >= 0}`),
    });
    expect(events).toEqual(['scheduled watched 1000']);
    await vi.advanceTimersByTimeAsync(2000);
    finish(true);
    await vi.advanceTimersByTimeAsync(1000);
    finish(false);
    await vi.advanceTimersByTimeAsync(0);
    await stop();
    expect(events).toEqual([
      'scheduled watched 1000',
      'skipped watched',
      'finished watched true true',
      'finished watched false true',
    ]);
  });
});
