/**
 * Where a viewer goes back to after paying: the episode whose paywall sent them to buy a Star
 * Card. Kept in this tab's session storage (it survives the payment provider's page) for two
 * hours; only an address inside the app is kept.
 */
const KEY = 'ds.returnTo';
const KEEP_MS = 2 * 60 * 60 * 1000;

export function rememberReturn(path: string, now = Date.now()): void {
  if (!path.startsWith('/') || path.startsWith('//')) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage refused (private mode): the viewer finds the episode again by hand.
  }
}

/** The address to return to, or null (none, too old, or not an address inside the app). */
export function pendingReturn(now = Date.now()): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
      path?: unknown;
      at?: unknown;
    } | null;
    if (!saved || typeof saved.path !== 'string' || typeof saved.at !== 'number') return null;
    if (now - saved.at > KEEP_MS || !saved.path.startsWith('/') || saved.path.startsWith('//')) return null;
    return saved.path;
  } catch {
    return null;
  }
}

export function clearReturn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
