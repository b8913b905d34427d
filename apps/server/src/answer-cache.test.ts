import { describe, expect, it } from 'vitest';
import { answerCache } from './answer-cache.js';
import { manualClock } from './clock.js';

const options = { ttlMs: 1000, max: 10 };

/** A load that answers when released. */
function deferred(value: string) {
  let release: () => void = () => undefined;
  const load = () =>
    new Promise<string>((resolve) => {
      release = () => resolve(value);
    });
  return { load, release: () => release() };
}

describe('answerCache', () => {
  it('keeps at most `max` entries, dropping the oldest', async () => {
    const cache = answerCache<string>(manualClock(), { ...options, max: 2 });
    let loads = 0;
    const load = (v: string) => async () => {
      loads += 1;
      return v;
    };
    await cache.get('a', load('A'));
    await cache.get('b', load('B'));
    await cache.get('c', load('C'));
    expect(loads).toBe(3);
    expect(await cache.get('c', load('x'))).toBe('C');
    expect(await cache.get('b', load('x'))).toBe('B');
    expect(await cache.get('a', load('A2'))).toBe('A2');
    expect(loads).toBe(4);
  });

  it('reads again once the TTL has passed', async () => {
    const clock = manualClock();
    const cache = answerCache<string>(clock, options);
    expect(await cache.get('k', async () => 'one')).toBe('one');
    clock.advance(999);
    expect(await cache.get('k', async () => 'two')).toBe('one');
    clock.advance(1);
    expect(await cache.get('k', async () => 'two')).toBe('two');
  });

  it('does not keep an answer read while it was cleared', async () => {
    const cache = answerCache<string>(manualClock(), options);
    const old = deferred('old');
    const pending = cache.get('k', old.load);
    cache.clear();
    old.release();
    expect(await pending).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('does not keep an answer read while its key was forgotten, and keeps other keys', async () => {
    const cache = answerCache<string>(manualClock(), options);
    await cache.get('other', async () => 'kept');
    const old = deferred('old');
    const pending = cache.get('k', old.load);
    cache.forget('k');
    // A read after the forget does not share the one from before it.
    const fresh = deferred('new');
    const next = cache.get('k', fresh.load);
    old.release();
    fresh.release();
    expect([await pending, await next]).toEqual(['old', 'new']);
    expect(await cache.get('k', async () => 'x')).toBe('new');
    expect(await cache.get('other', async () => 'x')).toBe('kept');
  });

  it('shares one read among callers asking at once, and keeps no failure', async () => {
    const cache = answerCache<string>(manualClock(), options);
    let loads = 0;
    const slow = deferred('v');
    const answers = Array.from({ length: 5 }, () =>
      cache.get('k', () => {
        loads += 1;
        return slow.load();
      }),
    );
    slow.release();
    expect(await Promise.all(answers)).toEqual(['v', 'v', 'v', 'v', 'v']);
    expect(loads).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
  });
});
