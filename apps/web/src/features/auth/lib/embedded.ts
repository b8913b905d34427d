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

/** The origin of the page around the iframe (ancestorOrigins where the browser has it, else the referrer). */
function parentOrigin(): string | null {
  const ancestors = (window.location as Partial<Location>).ancestorOrigins;
  for (const candidate of [ancestors?.[0], document.referrer]) {
    if (!candidate) continue;
    try {
      return new URL(candidate).origin;
    } catch {
      // not a URL
    }
  }
  return null;
}

/**
 * True when the page around is this app's origin or one of the tenant's own host names (its
 * website): only such a page may be handed a session. Any other embedder learns nothing.
 */
export function parentIsTrusted(tenantHosts: readonly string[]): boolean {
  const origin = parentOrigin();
  if (!origin) return false;
  return origin === window.location.origin || tenantHosts.includes(new URL(origin).hostname);
}

/**
 * Tells the parent window, addressed to its origin; returns false when not embedded (then the
 * app navigates itself). The hand-over to the three-page goes only to a trusted parent.
 */
export function postToParent(message: ParentMessage, tenantHosts: readonly string[] = []): boolean {
  if (!isEmbedded()) return false;
  const origin = parentOrigin();
  if (!origin) return false;
  if (message.type === 'three' && !parentIsTrusted(tenantHosts)) return false;
  window.parent.postMessage(message, origin);
  return true;
}

/** An absolute URL of an app hash path on this host. */
export function appUrl(path: string): string {
  return `${window.location.origin}${window.location.pathname}#${path}`;
}
