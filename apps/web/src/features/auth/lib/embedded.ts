/** Messages the embedded login (the website variant in an iframe) sends to the page around it. */
export type ParentMessage =
  { type: 'close' } | { type: 'google'; url: string } | { type: 'three'; url: string };

/** True inside an iframe (the website embeds the login page). */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true; // a cross-origin top throws on access: certainly embedded
  }
}

/** The site a host belongs to: its top two labels (`app.example.com` → `example.com`). */
function siteOf(host: string): string {
  return host.split('.').slice(-2).join('.');
}

/**
 * The origin of the page around the iframe, when it belongs to the same site as the app (the
 * product's own website); null for any other embedder, which must learn nothing.
 */
export function trustedParentOrigin(): string | null {
  // Firefox has no ancestorOrigins; the referrer of an iframe is the page that embeds it.
  const ancestors = (window.location as Partial<Location>).ancestorOrigins;
  const candidates = [ancestors?.[0], document.referrer];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      const origin = new URL(candidate);
      if (siteOf(origin.hostname) === siteOf(window.location.hostname)) return origin.origin;
    } catch {
      // not a URL
    }
  }
  return null;
}

/**
 * Tells the parent window, addressed to its origin only and only when it is the product's own
 * site; returns false otherwise (then the app navigates itself).
 */
export function postToParent(message: ParentMessage): boolean {
  if (!isEmbedded()) return false;
  const origin = trustedParentOrigin();
  if (!origin) return false;
  window.parent.postMessage(message, origin);
  return true;
}

/** An absolute URL of an app hash path on this host. */
export function appUrl(path: string): string {
  return `${window.location.origin}${window.location.pathname}#${path}`;
}
