import type { Language } from '@dramastar/contract';
import type { SubtitlePrefs } from './subtitle-prefs';

/** A subtitle track as the player's controls know it. */
export interface SubtitleOption {
  /** Lowercase BCP 47 code: en, vi, id, pt-br… */
  language: string;
  /** The language's own name ("Tiếng Việt"). */
  label: string;
}

/** The subtitle language of the app's language: its locale `vn` is Vietnamese, `vi`. */
export function subtitleLanguageOf(language: Language): string {
  return language === 'vn' ? 'vi' : language;
}

const primary = (code: string) => code.toLowerCase().split('-')[0] ?? '';

/**
 * The track in `language`: the same code, else the same primary language (en matches en-us, and
 * pt-br matches pt when the episode has no pt-br); null when the episode has none.
 */
export function trackIn<T extends SubtitleOption>(tracks: readonly T[], language: string): T | null {
  const wanted = language.toLowerCase();
  return (
    tracks.find((track) => track.language.toLowerCase() === wanted) ??
    tracks.find((track) => primary(track.language) === primary(wanted)) ??
    null
  );
}

/**
 * The track to show, or null for none:
 * - never chosen: the app's language when the episode has it, else none (a foreign language is
 *   never shown by default);
 * - turned off: none;
 * - a language chosen: that language, else none (not a language the viewer did not pick).
 */
export function chosenTrack<T extends SubtitleOption>(
  tracks: readonly T[],
  prefs: SubtitlePrefs,
  appLanguage: Language,
): T | null {
  if (tracks.length === 0 || prefs.on === false) return null;
  const language = prefs.on === true && prefs.language ? prefs.language : subtitleLanguageOf(appLanguage);
  return trackIn(tracks, language);
}

/**
 * The choice after the CC button: off when subtitles show; else on in the language last picked
 * when the episode has it, else the app's language, else the episode's first track.
 */
export function toggledPrefs(
  tracks: readonly SubtitleOption[],
  prefs: SubtitlePrefs,
  appLanguage: Language,
): SubtitlePrefs {
  const showing = chosenTrack(tracks, prefs, appLanguage);
  if (showing) return { on: false, language: showing.language };
  const next =
    (prefs.language ? trackIn(tracks, prefs.language) : null) ??
    trackIn(tracks, subtitleLanguageOf(appLanguage)) ??
    tracks[0] ??
    null;
  return next ? { on: true, language: next.language } : prefs;
}
