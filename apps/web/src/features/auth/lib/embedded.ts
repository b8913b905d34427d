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

/** Tells the parent window; returns false when not embedded (then the app navigates itself). */
export function postToParent(message: ParentMessage): boolean {
  if (!isEmbedded()) return false;
  window.parent.postMessage(message, '*');
  return true;
}

/** An absolute URL of an app hash path on this host. */
export function appUrl(path: string): string {
  return `${window.location.origin}${window.location.pathname}#${path}`;
}
