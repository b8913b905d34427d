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
