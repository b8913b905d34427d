import { afterEach, describe, expect, it } from 'vitest';
import { parentIsTrusted } from './embedded';

const setReferrer = (value: string) =>
  Object.defineProperty(document, 'referrer', { value, configurable: true });
afterEach(() => setReferrer(''));

describe('which page around an embedded login may be handed a session', () => {
  it('trusts the app’s own origin and the tenant’s own host names only', () => {
    setReferrer(`${window.location.origin}/landing`);
    expect(parentIsTrusted([])).toBe(true);
    setReferrer('https://www.dramastar.com.ph/');
    expect(parentIsTrusted(['www.dramastar.com.ph', 'dramastar.com.ph'])).toBe(true);
  });

  it('does not trust other sites, even under the same public suffix', () => {
    setReferrer('https://evil.com.ph/');
    expect(parentIsTrusted(['www.dramastar.com.ph'])).toBe(false);
    setReferrer('https://dramastar.com.ph.evil.example/');
    expect(parentIsTrusted(['dramastar.com.ph'])).toBe(false);
    setReferrer('');
    expect(parentIsTrusted(['dramastar.com.ph'])).toBe(false);
  });
});
