/**
 * A guest's shared episode starts playing before the app's scripts have loaded: index.html's first
 * script plays the lowest rung's first segments through Media Source on a `<video>` in the boot
 * shell (`window.__dsBootVideo`). The episode's player takes it over (`takeBootVideo`): it starts
 * its own stream where the boot video has got to and, once that can play, ends the boot video
 * and the shell (`endBootVideo`).
 */
export interface BootVideo {
  readonly videoId: number;
  readonly video: HTMLVideoElement;
  /** `performance.now()` when its first frame was shown, null before. */
  readonly firstFrameAt: number | null;
  /** Stopped: handed over, failed, or its page left. */
  readonly stopped: boolean;
  /** Settles once it has several seconds buffered ahead, or has stopped. */
  readonly settled: Promise<void>;
  /** Pauses it, empties it and takes it out of the page. */
  stop: () => void;
}

declare global {
  interface Window {
    __dsBootVideo?: BootVideo;
  }
}

/** The boot video once taken, until it is ended. */
let taken: BootVideo | null = null;

const current = (): BootVideo | null =>
  taken ?? (typeof window === 'undefined' ? null : (window.__dsBootVideo ?? null));

/**
 * The boot video of episode `videoId` if one is playing, for its player to take over; any other
 * (another episode, stopped, out of the page) is ended, and null returned.
 */
export function takeBootVideo(videoId: number): BootVideo | null {
  const boot = current();
  if (!boot) return null;
  delete window.__dsBootVideo;
  if (boot.videoId !== videoId || boot.stopped || !boot.video.isConnected || boot.video.error) {
    boot.stop();
    taken = null;
    return null;
  }
  taken = boot;
  return boot;
}

/** A boot video is playing (taken or not): the boot shell holding it stays until it is ended. */
export function bootVideoPlaying(): boolean {
  const boot = current();
  return boot !== null && !boot.stopped;
}

/** Stops the boot video, if any. */
export function endBootVideo(): void {
  current()?.stop();
  taken = null;
  if (typeof window !== 'undefined') delete window.__dsBootVideo;
}

/**
 * Resolves once the boot video has a few seconds buffered (or stopped), at most `limit` ms from
 * now; at once when there is none. The app starts after it: on 3G its page's scripts would share
 * the line with the video that is already playing and stall it.
 */
export function bootVideoSettled(limit = 8000): Promise<void> {
  const boot = current();
  if (!boot || boot.stopped) return Promise.resolve();
  return Promise.race([boot.settled, new Promise<void>((resolve) => setTimeout(resolve, limit))]);
}
