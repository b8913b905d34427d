import {
  fillMessage,
  type Language,
  LANGUAGE_KEYS,
  type MessageCatalog,
  type MessageKey,
} from '@dramastar/contract';
import { useMemo, useSyncExternalStore } from 'react';
import type en from '../../locales/en.json';
import { selectLanguage, useSession } from '../store/session';

export type TranslationKey = keyof typeof en;
export type TranslationParams = Record<string, string | number>;
type Catalog = Record<TranslationKey, string>;

interface Catalogs {
  texts: Catalog;
  /** The contract's messages (server refusals, validation) in the same language. */
  messages: MessageCatalog;
}

/**
 * Each language's catalogue (the app's texts and the contract's messages) is its own chunk,
 * loaded when that language is first needed: the app starts with one rather than all three. Until
 * a newly chosen language has arrived, the screen stays in the language it shows
 * (`shownLanguage`), never in raw keys.
 */
const LOADERS: Record<Language, () => Promise<Catalogs>> = {
  en: () => import('./en'),
  vn: () => import('./vn'),
  id: () => import('./id'),
};
const loaded: Partial<Record<Language, Catalogs>> = {};
const loading = new Map<Language, Promise<void>>();
let shown: Language | null = null;
const listeners = new Set<() => void>();

/** Loads a language's catalogue (once); resolves when it can be shown. */
export function loadLocale(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = LOADERS[language]().then(
      (module) => {
        loaded[language] = { texts: module.texts, messages: module.messages };
      },
      (error: unknown) => {
        loading.delete(language); // the next call tries again
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/**
 * Shows the session's language once its catalogue is in: at once when it already is, else when it
 * arrives (if it is still the one chosen). Runs on every change of the session's language.
 */
export function followLanguage(): Promise<void> {
  const wanted = currentLanguage();
  const show = () => {
    // A language chosen meanwhile waits for its own catalogue; the first one in is shown anyway,
    // so the screen never has a language without its texts (React sees a change only when the
    // language shown changes).
    if (shown === wanted || (shown !== null && currentLanguage() !== wanted)) return;
    shown = wanted;
    for (const listener of listeners) listener();
  };
  if (loaded[wanted]) {
    show();
    return Promise.resolve();
  }
  return loadLocale(wanted).then(show);
}
useSession.subscribe((state, before) => {
  if (selectLanguage(state) !== selectLanguage(before)) void followLanguage();
});

/** Every catalogue at once (tests). */
export async function loadAllLocales(): Promise<void> {
  await Promise.all(LANGUAGE_KEYS.map(loadLocale));
}

function shownLanguage(): Language {
  return shown ?? currentLanguage();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the app has a text for `key` (category and tag names an operator may have made up). */
export function isTranslationKey(key: string): key is TranslationKey {
  const catalog = (loaded[shownLanguage()] ?? loaded.en)?.texts;
  return catalog !== undefined && key in catalog;
}

/** What is loaded for `language`, else for the language on screen. */
function catalogs(language: Language): Catalogs | undefined {
  return loaded[language] ?? loaded[shownLanguage()];
}

/** Translates an app key in `language`, else in the language on screen, else the key itself. */
export function translate(language: Language, key: TranslationKey, params: TranslationParams = {}): string {
  return fillMessage(catalogs(language)?.texts[key] || key, params);
}

/**
 * A contract message (server refusal, validation) in `language`, else in the language on screen;
 * `undefined` for a key the contract does not have (or before any catalogue has loaded).
 */
export function message(language: Language, key: string, params: TranslationParams = {}): string | undefined {
  const messages = catalogs(language)?.messages;
  return messages && Object.hasOwn(messages, key)
    ? fillMessage(messages[key as MessageKey], params)
    : undefined;
}

/** Outside React (request headers, toasts from the request helper): the language chosen now. */
export function currentLanguage(): Language {
  return selectLanguage(useSession.getState());
}

export interface Translator {
  (key: TranslationKey, params?: TranslationParams): string;
  /** Server and validation messages, from the contract's catalogue. */
  message: (key: MessageKey, params?: TranslationParams) => string;
  language: Language;
}

/** `const t = useT(); t('tab.home')`: re-renders when the language changes. */
export function useT(): Translator {
  const language = useSyncExternalStore(subscribe, shownLanguage);
  return useMemo(
    () =>
      Object.assign((key: TranslationKey, params?: TranslationParams) => translate(language, key, params), {
        message: (key: MessageKey, params?: TranslationParams) => message(language, key, params) ?? key,
        language,
      }),
    [language],
  );
}
