import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropBootShell, dropBootShellOver } from './boot-shell';
import {
  bootVideoPlaying,
  bootVideoSettled,
  endBootVideo,
  takeBootVideo,
  type BootVideo,
} from './boot-video';

/** What index.html leaves: a shell holding a boot video of episode `videoId`. */
function bootVideo(videoId: number): BootVideo & { stop: ReturnType<typeof vi.fn> } {
  const shell = document.createElement('div');
  shell.id = 'ds-boot';
  const video = document.createElement('video');
  shell.appendChild(video);
  document.body.appendChild(shell);
  const boot = {
    videoId,
    video,
    firstFrameAt: 120,
    stopped: false,
    settled: new Promise<void>(() => undefined),
    stop: vi.fn(() => {
      boot.stopped = true;
      video.remove();
    }),
  };
  window.__dsBootVideo = boot;
  return boot;
}

afterEach(() => {
  endBootVideo();
  document.body.innerHTML = '';
});

describe('the boot video (a guest’s episode playing before the app loaded)', () => {
  it('is taken over by the player of the same episode, and holds the shell until ended', () => {
    const boot = bootVideo(7);
    expect(takeBootVideo(7)).toBe(boot);
    expect(window.__dsBootVideo).toBeUndefined();
    expect(bootVideoPlaying()).toBe(true);
    // The page would drop the shell once its poster shows: not while the episode plays in it.
    dropBootShellOver('/poster/1');
    expect(document.getElementById('ds-boot')).toBeInTheDocument();
    endBootVideo();
    expect(boot.stop).toHaveBeenCalledOnce();
    expect(bootVideoPlaying()).toBe(false);
  });

  it('is ended, not taken, by the player of another episode', () => {
    const boot = bootVideo(7);
    expect(takeBootVideo(8)).toBeNull();
    expect(boot.stop).toHaveBeenCalledOnce();
    expect(bootVideoPlaying()).toBe(false);
  });

  it('is not taken before it is in the page (its segments still on the way)', () => {
    const boot = bootVideo(7);
    boot.video.remove();
    expect(takeBootVideo(7)).toBeNull();
    expect(boot.stop).toHaveBeenCalledOnce();
  });

  it('ends with the shell when the page shows something else', () => {
    const boot = bootVideo(7);
    dropBootShell();
    expect(boot.stop).toHaveBeenCalledOnce();
    expect(document.getElementById('ds-boot')).toBeNull();
  });

  it('holds the app’s start until it has settled, at most the limit', async () => {
    vi.useFakeTimers();
    try {
      bootVideo(7);
      let started = false;
      void bootVideoSettled(8000).then(() => (started = true));
      await vi.advanceTimersByTimeAsync(7000);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(started).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
