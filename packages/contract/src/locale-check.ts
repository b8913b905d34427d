import { LANGUAGE_KEYS } from './constants.js';

const BANNED = /\b(TODO|FIXME|lorem ipsum|coming soon|not implemented)\b/i;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/**
 * What is wrong with an app's catalogues (`locales/<language>.json`), each as a sentence naming
 * the language and key; empty when they are fit to ship. The web app's and the console's locale
 * tests both hold their catalogues to it: one file per contract language, the same keys in each,
 * no empty or placeholder text, the same `{placeholders}`, and vn and id really translated (at
 * most 10 % of their texts the same as English: names, units and codes may be).
 */
export function localeProblems(catalogs: Record<string, Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const languages = Object.keys(catalogs).sort();
  const expected = [...LANGUAGE_KEYS].sort();
  if (languages.join() !== expected.join())
    problems.push(`languages ${languages.join()}, expected ${expected.join()}`);
  const en = catalogs.en ?? {};
  const keys = Object.keys(en);
  for (const [language, catalog] of Object.entries(catalogs)) {
    for (const key of keys) if (!(key in catalog)) problems.push(`${language}: ${key} missing`);
    for (const [key, value] of Object.entries(catalog)) {
      if (!(key in en)) problems.push(`${language}: ${key} is not in en`);
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${language}: ${key} is empty`);
      else if (BANNED.test(value)) problems.push(`${language}: ${key} is placeholder text`);
      else if (typeof en[key] === 'string' && placeholders(value).join() !== placeholders(en[key]).join()) {
        problems.push(`${language}: ${key} has placeholders {${placeholders(value).join('}, {')}}`);
      }
    }
    if (language !== 'en') {
      const same = keys.filter((key) => catalog[key] === en[key]).length;
      if (same >= keys.length * 0.1)
        problems.push(`${language}: ${same} of ${keys.length} texts are the English ones`);
    }
  }
  return problems;
}
