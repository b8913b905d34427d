import type { TranslationKey, Translator } from '../../../shared/i18n';
import { LOCALES } from '../../../shared/i18n';

/** A category's name in the viewer's language; unknown categories show as the server names them. */
export function categoryLabel(t: Translator, category: string): string {
  const key = `category.${category}`;
  if (key in LOCALES.en) return t(key as TranslationKey);
  return category.charAt(0).toUpperCase() + category.slice(1);
}
