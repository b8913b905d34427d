import { formatMessage, type Language, type MessageKey } from '@dramastar/contract';
import { useMemo } from 'react';
import en from '../../locales/en.json';
import id from '../../locales/id.json';
import vn from '../../locales/vn.json';
import { selectLanguage, useLanguage, useSession } from '../store/session';

export type TranslationKey = keyof typeof en;
export type TranslationParams = Record<string, string | number>;
type Catalog = Record<TranslationKey, string>;

export const LOCALES: Record<Language, Catalog> = { en, vn, id };

function fill(text: string, params: TranslationParams): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Translates an app key; falls back to English, then to the key itself. */
export function translate(language: Language, key: TranslationKey, params: TranslationParams = {}): string {
  return fill(LOCALES[language][key] || LOCALES.en[key] || key, params);
}

/** Outside React (toasts from the request helper, document title): the language in effect now. */
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
  const language = useLanguage();
  return useMemo(
    () =>
      Object.assign((key: TranslationKey, params?: TranslationParams) => translate(language, key, params), {
        message: (key: MessageKey, params?: TranslationParams) => formatMessage(language, key, params),
        language,
      }),
    [language],
  );
}
