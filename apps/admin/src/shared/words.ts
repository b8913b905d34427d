import { isTranslationKey, type Translator } from './i18n';

/**
 * A code word as a reader sees it: `withdrawal_refund` → "Withdrawal refund",
 * `membershipBuy` → "Membership buy". For kinds and statuses the server sends as keys.
 */
export function keyWords(key: string): string {
  const text = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.:-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A code the server sends, in the operator's language: `prefix.code` from the catalogues, and
 * the code's own words for one they do not know yet (a new sign-in provider, a test grant).
 */
export function codeText(t: Translator, prefix: string, code: string): string {
  const key = `${prefix}.${code}`;
  return isTranslationKey(key) ? t(key) : keyWords(code);
}
