import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootShellPainted } from './boot-shell';

function shellWith(decode: () => Promise<void>) {
  const shell = document.body.appendChild(document.createElement('div'));
  shell.id = 'ds-boot';
  const img = shell.appendChild(document.createElement('img'));
  img.decode = decode;
  return shell;
}

describe('bootShellPainted', () => {
  afterEach(() => {
    document.getElementById('ds-boot')?.remove();
    vi.useRealTimers();
  });

  it('resolves at once without a boot shell', async () => {
    await expect(bootShellPainted()).resolves.toBeUndefined();
  });

  it('waits for the shell’s picture to be decoded, then for a frame', async () => {
    vi.useFakeTimers();
    let decoded!: () => void;
    shellWith(() => new Promise<void>((resolve) => (decoded = resolve)));
    let done = false;
    void bootShellPainted(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(false);
    decoded();
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toBe(true);
  });

  it('gives up on a picture that never decodes after the limit, and on one that fails at once', async () => {
    vi.useFakeTimers();
    shellWith(() => new Promise<void>(() => undefined));
    let done = false;
    void bootShellPainted(1000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(101);
    expect(done).toBe(true);
    document.getElementById('ds-boot')?.remove();
    vi.useRealTimers();
    shellWith(() => Promise.reject(new Error('broken picture')));
    await expect(bootShellPainted(60_000)).resolves.toBeUndefined();
  });
});
