/** Cookies the web app sets (spec sections 2 and 3). */
export const COOKIE_NAMES = {
  /** Path and query to return to after logging in (set before Google sign-in or a login prompt). */
  loginCallbackUrl: 'loginCallbackUrl',
  /** The invite code of an invitation link, prefilled in later registrations. */
  inviteInfo: 'inviteInfo',
} as const;

export type CookieName = (typeof COOKIE_NAMES)[keyof typeof COOKIE_NAMES];

const THIRTY_DAYS = 30 * 24 * 60 * 60;

/** Whether the browser keeps a cookie set on `domain` (it refuses public suffixes such as `com.ph`). */
export type DomainProbe = (domain: string) => boolean;

const PROBE = '__ds_domain_probe';

const browserProbe: DomainProbe = (domain) => {
  document.cookie = `${PROBE}=1; path=/; max-age=10; domain=${domain}`;
  const kept = document.cookie.split(';').some((c) => c.trim().startsWith(`${PROBE}=`));
  if (kept) document.cookie = `${PROBE}=; path=/; max-age=0; domain=${domain}`;
  return kept;
};

let cached: { host: string; domain: string | undefined } | undefined;

/**
 * The domain a cookie is shared on: the registrable domain of the host (`m.example.com` →
 * `example.com`, `m.shop.com.ph` → `shop.com.ph`), so the site and the app host see the same
 * cookie. It is found as analytics libraries do: the shortest parent the browser itself accepts a
 * cookie on, which follows the browser's own public-suffix list with no list shipped in the app.
 * None (host-only) for `localhost`, IP addresses, or when no parent is accepted.
 */
export function cookieDomain(
  host: string = window.location.hostname,
  probe: DomainProbe = browserProbe,
): string | undefined {
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.includes(':')) return undefined;
  if (probe === browserProbe && cached?.host === host) return cached.domain;
  const labels = host.split('.');
  let domain: string | undefined;
  for (let n = 2; n <= labels.length && domain === undefined; n++) {
    const candidate = labels.slice(-n).join('.');
    if (probe(candidate)) domain = candidate;
  }
  if (probe === browserProbe) cached = { host, domain };
  return domain;
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
