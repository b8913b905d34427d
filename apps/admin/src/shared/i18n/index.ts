import {
  DEFAULT_LANGUAGE,
  fillMessage,
  formatMessage,
  isLanguage,
  isMessageKey,
  type Language,
  parseLanguage,
} from '@dramastar/contract';
import { useMemo } from 'react';
import { create } from 'zustand';
import en from '../../locales/en.json';
import id from '../../locales/id.json';
import vn from '../../locales/vn.json';

/**
 * The console's languages are the app's (en, vn, id), with the same kind of catalogue
 * (`locales/*.json`, one key per text, `{name}` placeholders) and the contract's messages for
 * the server's refusals. Unlike the app, the console takes all three catalogues at once: it is
 * an operator's tool opened on a desk, and a few KB more beat a screen waiting for its words.
 */
export type TranslationKey = keyof typeof en;
export type TranslationParams = Record<string, string | number>;
const CATALOGS: Record<Language, Record<TranslationKey, string>> = { en, vn, id };

export const LANGUAGE_KEY = 'admin_language';

/** Whether the catalogues have `key` (for texts chosen by a code the server sends). */
export function isTranslationKey(key: string): key is TranslationKey {
  return Object.hasOwn(en, key);
}

function readLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused: the browser's language.
  }
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : parseLanguage(navigator.language);
}

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
}

/** The operator's language: kept in this browser (every tab), first the browser's own. */
export const useLanguage = create<LanguageState>((set) => ({
  language: readLanguage(),
  setLanguage: (language) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Lasts as long as this tab.
    }
    document.documentElement.lang = language === 'vn' ? 'vi' : language;
    set({ language });
  },
}));

/** Outside React (request headers): the language chosen now. */
export function currentLanguage(): Language {
  return useLanguage.getState().language;
}

/** A console text in `language` (English when a catalogue lacks it, which the locale test forbids). */
export function translate(language: Language, key: TranslationKey, params: TranslationParams = {}): string {
  return fillMessage(CATALOGS[language][key] || CATALOGS.en[key] || key, params);
}

export interface Translator {
  (key: TranslationKey, params?: TranslationParams): string;
  /** A contract message (a refusal's `errorKey`) in the operator's language. */
  message: (key: string, params?: TranslationParams) => string | undefined;
  language: Language;
}

/** `const t = useT(); t('nav.dashboard')`: re-renders when the operator picks another language. */
export function useT(): Translator {
  const language = useLanguage((s) => s.language);
  return useMemo(
    () =>
      Object.assign((key: TranslationKey, params?: TranslationParams) => translate(language, key, params), {
        message: (key: string, params?: TranslationParams) =>
          isMessageKey(key) ? formatMessage(language, key, params) : undefined,
        language,
      }),
    [language],
  );
}
