import type { LockedInfo } from '../api/play';
import { attachEpisode, type Attachment } from './attach';

export interface PoolItem {
  videoId: number;
  poster: string;
  locked: boolean;
  /** Seconds to start at when it is first attached. */
  startAt?: number;
}

export interface PoolEvents {
  onLocked: (videoId: number, info: LockedInfo) => void;
  onError: (videoId: number, error: unknown) => void;
}

interface Slot {
  video: HTMLVideoElement;
  index: number | null;
  attachment: Attachment | null;
  /** A neighbour attached ahead of time: its lowest rendition's first segment only. */
  preloaded: boolean;
  /** Swiped away from: it keeps what it buffered and loads no more. */
  held: boolean;
}

/**
 * Three `<video>` elements for a vertical feed: the previous, the current and the next item.
 * Item `i` always lives in element `i % 3`, so a swipe moves one element to the far side and the
 * other two keep what they hold. An element whose item leaves the window is torn down fully
 * before it takes the next one. Locked items get no stream (the server is never asked).
 */
export class VideoPool {
  private readonly slots: Slot[];
  private readonly events: PoolEvents;

  constructor(videos: readonly HTMLVideoElement[], events: PoolEvents) {
    if (videos.length !== 3) throw new Error('The pool needs exactly three video elements');
    this.slots = videos.map((video) => ({
      video,
      index: null,
      attachment: null,
      preloaded: false,
      held: false,
    }));
    this.events = events;
  }

  /** The element holding item `index`, if it is in the window. */
  videoAt(index: number): HTMLVideoElement | null {
    const slot = this.slots[index % 3];
    return slot && slot.index === index ? slot.video : null;
  }

  /**
   * Puts the window around `current` into the elements. Neighbours are attached only when
   * `loadNeighbours` is true (the current item is playing), so they never compete with it.
   */
  sync(current: number, items: readonly PoolItem[], loadNeighbours: boolean): void {
    for (let offset = -1; offset <= 1; offset += 1) {
      const index = current + offset;
      if (index < 0) continue;
      const slot = this.slots[index % 3];
      if (!slot) continue;
      const item = items[index];
      const playable = item !== undefined && !item.locked;
      // What a slot holds stays until its item leaves the window (or turns out to be locked).
      if (slot.index !== index || (slot.attachment && !playable)) {
        // A neighbour's element is emptied only once neighbours may load: tearing a player down
        // costs the main thread while the current item shows its first frames.
        if (offset !== 0 && !loadNeighbours && slot.index !== null) continue;
        this.release(slot);
      }
      if (!item) continue;
      slot.index = index;
      slot.video.dataset.index = String(index);
      slot.video.dataset.videoId = String(item.videoId);
      slot.video.style.top = `${index * 100}%`;
      if (slot.video.poster !== item.poster) slot.video.poster = item.poster;
      if (offset !== 0 && !slot.video.paused) slot.video.pause();
      if (playable && !slot.attachment && (offset === 0 || loadNeighbours)) {
        slot.preloaded = offset !== 0;
        slot.attachment = attachEpisode(slot.video, item.videoId, {
          startAt: item.startAt,
          preload: offset !== 0,
          onLocked: (info) => this.events.onLocked(item.videoId, info),
          onError: (error) => this.events.onError(item.videoId, error),
        });
      } else if (offset === 0 && slot.attachment && (slot.preloaded || slot.held)) {
        slot.preloaded = false;
        slot.held = false;
        slot.attachment.promote();
      } else if (offset !== 0 && slot.attachment && !slot.preloaded && !slot.held) {
        // The item swiped away from: a swipe back plays what it holds, and it loads no more.
        slot.held = true;
        slot.attachment.hold();
      }
    }
    // Slots whose index is no longer in the window (a jump) are emptied, as above when neighbours
    // may load.
    if (!loadNeighbours) return;
    for (const slot of this.slots) {
      if (slot.index !== null && Math.abs(slot.index - current) > 1) this.release(slot);
    }
  }

  /** Forgets an item's stream (e.g. it turned out to be locked) so the element is free. */
  drop(videoId: number): void {
    for (const slot of this.slots) if (slot.attachment?.videoId === videoId) this.release(slot, true);
  }

  destroy(): void {
    for (const slot of this.slots) this.release(slot);
  }

  private release(slot: Slot, keepIndex = false): void {
    if (slot.attachment) {
      slot.attachment.destroy();
      slot.attachment = null;
    }
    slot.preloaded = false;
    slot.held = false;
    if (!keepIndex) {
      slot.index = null;
      delete slot.video.dataset.index;
      delete slot.video.dataset.videoId;
      slot.video.removeAttribute('poster');
    }
  }
}
