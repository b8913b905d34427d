import { isTranslationKey as known, type Translator } from '../../../shared/i18n';

/** A category's name in the viewer's language; unknown categories show as the server names them. */
export function categoryLabel(t: Translator, category: string): string {
  const key = `category.${category}`;
  if (known(key)) return t(key);
  return category.charAt(0).toUpperCase() + category.slice(1);
}

/**
 * A tag in the viewer's language: the common genre tags (a tag of its own, or a category's name)
 * are translated; a tag an operator made up shows as written.
 */
export function tagLabel(t: Translator, tag: string): string {
  const own = `tag.${tag}`;
  if (known(own)) return t(own);
  const category = `category.${tag}`;
  return known(category) ? t(category) : tag;
}
