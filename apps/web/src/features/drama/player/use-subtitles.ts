import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { SubtitleOption } from './subtitle-choice';

/** What a player shows of its subtitles: the episode's tracks, the one shown and its lines now. */
export interface SubtitleView {
  tracks: SubtitleOption[];
  /** The language shown, null when off. */
  active: string | null;
  /** The active cues' text, a line each (markup removed). */
  lines: string[];
}

export const NO_SUBTITLES: SubtitleView = { tracks: [], active: null, lines: [] };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
  quot: '"',
  apos: "'",
};

/**
 * A WebVTT cue's text as lines of plain text: its tags (`<i>`, `<b>`, `<c.yellow>`, `<v Anna>`,
 * timestamps) removed and its character references decoded. Never HTML: a cue cannot inject markup.
 */
export function cueLines(text: string): string[] {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** The element's text tracks, if the browser has real ones (jsdom's is an empty array). */
export function textTracksOf(video: HTMLVideoElement): TextTrackList | null {
  const list = (video as Partial<HTMLVideoElement>).textTracks;
  return list && typeof list.addEventListener === 'function' ? list : null;
}

const isSubtitles = (track: TextTrack) => track.kind === 'subtitles' || track.kind === 'captions';

/** Reads the element's subtitle tracks, the one not disabled, and its active cues. */
export function readSubtitles(video: HTMLVideoElement): SubtitleView {
  const list = textTracksOf(video);
  if (!list) return NO_SUBTITLES;
  const tracks: SubtitleOption[] = [];
  let shown: TextTrack | null = null;
  for (let i = 0; i < list.length; i += 1) {
    const track = list[i];
    if (!track || !isSubtitles(track)) continue;
    tracks.push({ language: track.language, label: track.label || track.language });
    if (!shown && track.mode !== 'disabled') shown = track;
  }
  const lines: string[] = [];
  const cues = shown?.activeCues;
  if (cues) {
    const active = Array.from({ length: cues.length }, (_, i) => cues[i]).filter(
      (cue): cue is TextTrackCue => cue !== undefined,
    );
    active.sort((a, b) => a.startTime - b.startTime);
    for (const cue of active) lines.push(...cueLines((cue as TextTrackCue & { text?: string }).text ?? ''));
  }
  return { tracks, active: shown ? shown.language : null, lines };
}

const same = (a: SubtitleView, b: SubtitleView) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Follows a `<video>`'s subtitles (player/subtitle-tracks.ts puts them there): tracks added and
 * removed as play answers come, the mode the viewer's choice sets, and each `cuechange` of the
 * track shown. `video` is asked again whenever `key` changes (a new episode or element).
 */
export function useSubtitles(video: () => HTMLVideoElement | null, key: unknown): SubtitleView {
  const last = useRef<SubtitleView>(NO_SUBTITLES);
  const subscribe = useCallback(
    (notify: () => void) => {
      const element = video();
      const list = element ? textTracksOf(element) : null;
      if (!element || !list) return () => undefined;
      let watched: TextTrack[] = [];
      const watch = () => {
        for (const track of watched) track.removeEventListener('cuechange', notify);
        watched = [];
        for (let i = 0; i < list.length; i += 1) {
          const track = list[i];
          if (track && isSubtitles(track)) {
            track.addEventListener('cuechange', notify);
            watched.push(track);
          }
        }
        notify();
      };
      list.addEventListener('addtrack', watch);
      list.addEventListener('removetrack', watch);
      list.addEventListener('change', notify);
      // A seek may land in the middle of a cue: reading again costs nothing.
      element.addEventListener('seeked', notify);
      watch();
      return () => {
        list.removeEventListener('addtrack', watch);
        list.removeEventListener('removetrack', watch);
        list.removeEventListener('change', notify);
        element.removeEventListener('seeked', notify);
        for (const track of watched) track.removeEventListener('cuechange', notify);
      };
    },
    // `video` is read when `key` changes: its callers' getters return the element of the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  const snapshot = () => {
    const element = key === null ? null : video();
    const next = element ? readSubtitles(element) : NO_SUBTITLES;
    if (!same(last.current, next)) last.current = next;
    return last.current;
  };
  return useSyncExternalStore(subscribe, snapshot, () => NO_SUBTITLES);
}
