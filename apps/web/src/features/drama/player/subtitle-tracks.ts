import { selectLanguage, useSession } from '../../../shared/store/session';
import { useSubtitlePrefs } from './subtitle-prefs';
import type { PlayResult } from '../api/play';
import { chosenTrack } from './subtitle-choice';
import { textTracksOf } from './use-subtitles';

export type SubtitleSource = PlayResult['subtitles'][number];

export interface SubtitleTracks {
  /** The play answer's tracks (a new answer replaces the addresses of those not loaded yet). */
  set: (tracks: readonly SubtitleSource[]) => void;
  /** Removes the tracks and stops following the viewer's choice (the attachment's teardown). */
  clear: () => void;
}

/** Marks the `<track>` elements this module put in a video, apart from any other. */
const MARK = 'subtitles';

const LOADING = 1;
const LOADED = 2;
const ERROR = 3;

/**
 * An episode's subtitles as `<track kind="subtitles">` elements of its `<video>`, so the browser
 * fetches and parses the WebVTT and keeps the cues in time with the picture (hls.js's light build
 * leaves text tracks alone). The track to show is `hidden` (loaded, cues active, drawn by the app:
 * components/subtitle-overlay.tsx), the others `disabled` (never fetched); which one follows the
 * viewer's remembered choice and the app's language (subtitle-choice.ts), live.
 */
export function subtitleTracks(video: HTMLVideoElement): SubtitleTracks {
  let elements: HTMLTrackElement[] = [];
  // Browsers without text tracks (and jsdom) play without subtitles.
  const list = textTracksOf(video);
  if (!list) return { set: () => undefined, clear: () => undefined };

  /** iOS Safari's own full screen shows the bare video: there the browser draws the track. */
  let nativeFullScreen = false;
  const apply = () => {
    const options = elements.map((element) => ({ language: element.srclang, label: element.label, element }));
    const chosen = chosenTrack(options, useSubtitlePrefs.getState(), selectLanguage(useSession.getState()));
    for (const option of options) {
      const shown: TextTrackMode = nativeFullScreen ? 'showing' : 'hidden';
      const mode: TextTrackMode = option === chosen ? shown : 'disabled';
      if (option.element.track.mode !== mode) option.element.track.mode = mode;
    }
  };
  // The browser's own automatic selection (a user's captions setting) would draw a track itself:
  // every change of modes is brought back to the viewer's choice.
  list.addEventListener('change', apply);
  const fullScreen = (on: boolean) => () => {
    nativeFullScreen = on;
    apply();
  };
  const began = fullScreen(true);
  const ended = fullScreen(false);
  video.addEventListener('webkitbeginfullscreen', began);
  video.addEventListener('webkitendfullscreen', ended);
  const unsubscribes = [
    useSubtitlePrefs.subscribe(apply),
    useSession.subscribe((state, before) => {
      if (selectLanguage(state) !== selectLanguage(before)) apply();
    }),
  ];

  const create = (source: SubtitleSource): HTMLTrackElement => {
    const element = document.createElement('track');
    element.kind = 'subtitles';
    element.srclang = source.language;
    element.label = source.label;
    element.src = source.url;
    element.dataset[MARK] = '';
    return element;
  };

  return {
    set: (sources) => {
      const next: HTMLTrackElement[] = [];
      for (const source of sources) {
        const index = elements.findIndex((element) => element.srclang === source.language);
        const existing = index === -1 ? undefined : elements.splice(index, 1)[0];
        // Cues already loaded (or loading from a still valid address) are kept: a refreshed
        // answer never blanks the line on screen. One not fetched yet takes the new address; one
        // that failed (an expired address) is made anew, as a track element loads only once.
        if (existing && existing.readyState !== ERROR) {
          existing.label = source.label;
          if (existing.readyState !== LOADED && existing.readyState !== LOADING) existing.src = source.url;
          next.push(existing);
          continue;
        }
        existing?.remove();
        next.push(create(source));
      }
      for (const gone of elements) gone.remove();
      for (const element of next) if (element.parentNode !== video) video.appendChild(element);
      elements = next;
      apply();
    },
    clear: () => {
      list.removeEventListener('change', apply);
      video.removeEventListener('webkitbeginfullscreen', began);
      video.removeEventListener('webkitendfullscreen', ended);
      for (const unsubscribe of unsubscribes) unsubscribe();
      for (const element of elements) element.remove();
      elements = [];
    },
  };
}
