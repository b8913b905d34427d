/** Cookies the web app sets (spec sections 2 and 3). */
export const COOKIE_NAMES = {
  /** Path and query to return to after logging in (set before Google sign-in or a login prompt). */
  loginCallbackUrl: 'loginCallbackUrl',
  /** The invite code of an invitation link, prefilled in later registrations. */
  inviteInfo: 'inviteInfo',
} as const;

export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

const THIRTY_DAYS = 30 * 24 * 60 * 60;

/**
 * The domain a cookie is shared on: the top two labels of the host (`m.example.com` →
 * `example.com`) when it has a dot, so the site and the app host see the same cookie; none for
 * `localhost` and IP addresses.
 */
export function cookieDomain(host: string = window.location.hostname): string | undefined {
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return undefined;
  return host.split('.').slice(-2).join('.');
}

export function readCookie(name: CookieName): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function write(name: CookieName, value: string, maxAge: number): void {
  const domain = cookieDomain();
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', `max-age=${maxAge}`, 'SameSite=Lax'];
  if (domain) parts.push(`domain=${domain}`);
  document.cookie = parts.join('; ');
}

export function writeCookie(name: CookieName, value: string, maxAgeSeconds: number = THIRTY_DAYS): void {
  write(name, value, maxAgeSeconds);
}

export function removeCookie(name: CookieName): void {
  write(name, '', 0);
  // Also the host-only variant, in case it was written without a domain.
  document.cookie = `${name}=; path=/; max-age=0`;
}
