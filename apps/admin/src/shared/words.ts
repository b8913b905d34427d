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
