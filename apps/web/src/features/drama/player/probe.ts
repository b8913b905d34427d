/**
 * `window.__dsPlayer`: a read-only probe for benchmarks and end-to-end tests, in every build.
 * Times are `performance.now()` values.
 * - Shorts: `lastSwitchAt` when an item became the active one, `lastPlayingAt` when its video
 *   first fired `playing` after that (null until it does), `activeVideoId`.
 * - Video details: `openedAt` when the page opened (or switched episode), `firstFrameAt` when
 *   the first frame was shown (`requestVideoFrameCallback`, else `playing`), `detailsVideoId`.
 */
export interface PlayerProbe {
  lastSwitchAt: number | null;
  lastPlayingAt: number | null;
  activeVideoId: number | null;
  openedAt: number | null;
  firstFrameAt: number | null;
  detailsVideoId: number | null;
}

let state: Readonly<PlayerProbe> = Object.freeze({
  lastSwitchAt: null,
  lastPlayingAt: null,
  activeVideoId: null,
  openedAt: null,
  firstFrameAt: null,
  detailsVideoId: null,
});

function update(patch: Partial<PlayerProbe>): void {
  state = Object.freeze({ ...state, ...patch });
}

declare global {
  interface Window {
    readonly __dsPlayer?: Readonly<PlayerProbe>;
  }
}

if (typeof window !== 'undefined' && !Object.getOwnPropertyDescriptor(window, '__dsPlayer')) {
  Object.defineProperty(window, '__dsPlayer', { get: () => state, configurable: true });
}

export const probe = {
  /** A Shorts item became active. */
  switched: (videoId: number) =>
    update({ lastSwitchAt: performance.now(), lastPlayingAt: null, activeVideoId: videoId }),
  /** The active Shorts item's video fired its first `playing`. */
  playing: (videoId: number) => {
    if (state.activeVideoId === videoId && state.lastPlayingAt === null)
      update({ lastPlayingAt: performance.now() });
  },
  detailsOpened: (videoId: number) =>
    update({ openedAt: performance.now(), firstFrameAt: null, detailsVideoId: videoId }),
  /** The episode's first frame was shown, now or at `at` (the boot video's, index.html). */
  firstFrame: (videoId: number, at = performance.now()) => {
    if (state.detailsVideoId === videoId && state.firstFrameAt === null) update({ firstFrameAt: at });
  },
  read: (): Readonly<PlayerProbe> => state,
};
