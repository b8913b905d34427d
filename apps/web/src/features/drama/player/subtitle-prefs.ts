import { create } from 'zustand';
import { readJson, writeValue } from '../../../shared/store/local-storage';
import { STORAGE_KEYS } from '../../../shared/store/storage-keys';

/**
 * What the viewer chose about subtitles. `on` null: never chosen, so they follow the app's language
 * (shown when the episode has a track in it, else off). `language` is the last language picked
 * (a lowercase BCP 47 code), kept while they are off so that turning them on brings it back.
 */
export interface SubtitlePrefs {
  on: boolean | null;
  language: string | null;
}

interface SubtitleState extends SubtitlePrefs {
  choose: (prefs: SubtitlePrefs) => void;
}

/** A language code as the contract gives it: lowercase BCP 47 (en, vi, pt-br). */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/;

export function readSubtitlePrefs(): SubtitlePrefs {
  const raw = readJson(STORAGE_KEYS.subtitles);
  const saved = typeof raw === 'object' && raw !== null ? (raw as Partial<SubtitlePrefs>) : {};
  return {
    on: typeof saved.on === 'boolean' ? saved.on : null,
    language:
      typeof saved.language === 'string' && LANGUAGE_CODE.test(saved.language) ? saved.language : null,
  };
}

/**
 * The viewer's subtitle choice, kept on this device (localStorage) for every episode, the Shorts
 * feed and later visits: the player applies it (features/drama/player/subtitle-tracks.ts), the
 * CC buttons and the player's menu set it.
 */
export const useSubtitlePrefs = create<SubtitleState>()((set) => ({
  ...readSubtitlePrefs(),
  choose: (prefs) => {
    set(prefs);
    writeValue(STORAGE_KEYS.subtitles, prefs);
  },
}));
